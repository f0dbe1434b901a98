// Incident board and incident page journeys, one per test, on data each test reports through the REST API.
import { ADMIN_USERNAME, expect, shot, test } from './support';
import {
  IncidentApi,
  boardIds,
  boardRow,
  modalsGone,
  signInAsAdmin,
  uniqueProcessInstanceId,
  uniqueTag,
  type Incident,
} from './incident-support';

test('a responder finds an incident, acknowledges it and resolves it with a note', async ({
  page,
  request,
  consoleGuard,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('ack');
  const incident = await api.report({
    message: `Payment provider timed out ${tag}`,
    severity: 'CRITICAL',
    source: 'PROCESS_ENGINE',
    nodeId: 'charge-card',
    technicalDetails:
      'java.net.SocketTimeoutException: Read timed out\n\tat com.acme.payments.Client.charge(Client.java:88)',
  });

  await signInAsAdmin(page, '/incidents');
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Incidents · BPM Admin Console');
  await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();

  // "/" jumps to the search box from anywhere on the board.
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: 'Search' });
  await expect(search).toBeFocused();
  await page.keyboard.type(tag);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}(&|$)`));
  const row = boardRow(page, incident.id);
  await expect(row).toBeVisible();
  await expect(page.getByText('1 incident matches these filters')).toBeVisible();
  await expect(row.getByText('CRITICAL', { exact: true })).toBeVisible();
  await expect(row.getByText('OPEN', { exact: true })).toBeVisible();
  await expect(row.getByText('at charge-card')).toBeVisible();
  await expect(row.getByRole('link', { name: String(incident.processInstanceId) })).toBeVisible();
  // The exact time behind "just now" / "5 s ago" on hover.
  await row.locator('time').first().hover();
  await expect(page.getByRole('tooltip')).toContainText(/\d{2}:\d{2}:\d{2}/);
  await shot(page, 'incidents-a-01-board-search');

  // Enter on a focused row opens the incident.
  await row.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/incidents/${incident.id}`);
  await expect(page).toHaveTitle(`Incident ${incident.id} · BPM Admin Console`);
  await expect(page.getByRole('heading', { name: `Incident ${incident.id}`, level: 1 })).toBeVisible();
  const details = page.getByRole('region', { name: 'Details', exact: true });
  await expect(details).toContainText(incident.externalReferenceId);
  await expect(details).toContainText('Not acknowledged');
  await expect(details).toContainText('Not resolved');
  await expect(page.getByRole('region', { name: 'Technical details' })).toContainText(
    'SocketTimeoutException: Read timed out',
  );
  const timeline = page.getByRole('list', { name: 'Timeline entries' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);
  await expect(timeline.getByRole('listitem').first()).toContainText('Created');
  await expect(timeline.getByRole('listitem').first()).toContainText('by system');
  const actions = page.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Resolve…' })).toBeVisible();
  // Not a WORKER incident, not resolved: neither Retry nor Reopen is offered.
  await expect(actions.getByRole('button', { name: /Retry/ })).toHaveCount(0);
  await expect(actions.getByRole('button', { name: /Reopen/ })).toHaveCount(0);
  await shot(page, 'incidents-a-02-incident-open');

  await actions.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0);
  await expect(details).toContainText(`by ${ADMIN_USERNAME}`);
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText('Acknowledged');
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(`by ${ADMIN_USERNAME}`);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('ACKNOWLEDGED');

  // Changed their mind: the acknowledgement is taken back, the focus goes to Acknowledge, and Enter takes it again.
  await expect(actions.getByRole('button')).toHaveText(['Resolve…', 'Unacknowledge', 'Snooze…']);
  await actions.getByRole('button', { name: 'Unacknowledge' }).click();
  await expect(details).toContainText('Not acknowledged');
  await expect(timeline.getByRole('listitem')).toHaveCount(3);
  await expect(timeline.getByRole('listitem').nth(2)).toContainText('Unacknowledged');
  await expect(timeline.getByRole('listitem').nth(2)).toContainText(`by ${ADMIN_USERNAME}`);
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toBeFocused();
  await shot(page, 'incidents-a-02b-unacknowledged');
  await page.keyboard.press('Enter');
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('ACKNOWLEDGED');

  // Resolve: a note over 4000 characters is refused beside the field, before anything is sent.
  await actions.getByRole('button', { name: 'Resolve…' }).click();
  const dialog = page.getByRole('dialog', { name: `Resolve incident ${incident.id}` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('combobox', { name: 'Resolution action' }).click();
  await page.getByRole('option', { name: 'Fixed manually' }).click();
  const note = dialog.getByRole('textbox', { name: 'Resolution note' });
  await note.fill('x'.repeat(4001));
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog.getByText('must be at most 4000 characters')).toBeVisible();
  await expect(note).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'incidents-a-03-resolve-note-too-long');

  const noteText = `Raised the provider timeout to 60 s (${tag}).`;
  await note.fill(noteText);
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(details).toContainText('Fixed manually');
  await expect(details).toContainText(noteText);
  await expect(timeline.getByRole('listitem')).toHaveCount(5);
  await expect(timeline.getByRole('listitem').nth(4)).toContainText('Resolved');
  await expect(actions.getByRole('button')).toHaveText(['Reopen…']);
  await modalsGone(page);
  await shot(page, 'incidents-a-04-incident-resolved');

  const stored = await api.get(incident.id);
  expect(stored).toMatchObject({
    status: 'RESOLVED',
    acknowledgedBy: ADMIN_USERNAME,
    resolvedBy: ADMIN_USERNAME,
    resolutionAction: 'FIXED_MANUALLY',
    resolutionNote: noteText,
  });

  // Back on the board, with the same search, the row shows the new status.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`/incidents\\?q=${tag}$`));
  await expect(search).toHaveValue(tag);
  await expect(boardRow(page, incident.id).getByText('RESOLVED', { exact: true })).toBeVisible();
  await shot(page, 'incidents-a-05-board-resolved');

  // The process instance: never seen by the worker protocol (an engine reported the incident), so the
  // service does not know it (a 404 the page expects), but its incidents are listed.
  consoleGuard.allow(/status of 404/);
  await boardRow(page, incident.id)
    .getByRole('link', { name: String(incident.processInstanceId) })
    .click();
  await expect(page).toHaveURL(`/process-instances/${incident.processInstanceId}`);
  await expect(
    page.getByRole('heading', { name: `Process instance ${incident.processInstanceId}`, level: 1 }),
  ).toBeVisible();
  await expect(page.getByText('Not known to the service', { exact: true })).toBeVisible();
  const ofInstance = page.getByRole('table', {
    name: `Incidents of process instance ${incident.processInstanceId}`,
  });
  await expect(ofInstance.getByRole('row', { name: new RegExp(`^Incident ${incident.id}:`) })).toBeVisible();
  await shot(page, 'incidents-a-06-process-instance-unknown');
  await ofInstance.getByRole('row', { name: new RegExp(`^Incident ${incident.id}:`) }).click();
  await expect(page).toHaveURL(`/incidents/${incident.id}`);
});

test('a responder notes an incident, takes it, finds it among their own and resolves it with a note', async ({
  page,
  request,
  consoleGuard,
}) => {
  // A whole responder's journey, on a loaded machine: more than the default 30 s may pass.
  test.slow();
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('own');
  const nodeId = `Task_${tag}`;
  const incident = await api.report({ message: `Ledger refused the booking ${tag}`, nodeId });

  await signInAsAdmin(page, `/incidents/${incident.id}`);
  const timeline = page.getByRole('list', { name: 'Timeline entries' });
  await expect(timeline.getByRole('listitem')).toHaveCount(1);

  // A note, sent with Ctrl+Enter, appears on the timeline with its author.
  const noteBox = page.getByRole('textbox', { name: 'Add a note' });
  await noteBox.fill(`Called the ledger team (${tag})`);
  await noteBox.press('Control+Enter');
  await expect(timeline.getByRole('listitem')).toHaveCount(2);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(`Called the ledger team (${tag})`);
  await expect(timeline.getByRole('listitem').nth(1)).toContainText(`by ${ADMIN_USERNAME}`);
  await expect(noteBox).toHaveValue('');

  // Assign to me: the owner shows at once, and the timeline says who took it.
  const owner = page.getByRole('region', { name: 'Assignee' });
  await owner.getByRole('button', { name: 'Assign to me' }).click();
  await expect(owner.getByTestId('assignee')).toHaveText(ADMIN_USERNAME);
  await expect(timeline.getByRole('listitem').nth(2)).toContainText(`Assigned to ${ADMIN_USERNAME}`);
  await shot(page, 'incidents-n-01-noted-and-assigned');

  // Assigning by keyboard: a username typed and Enter pressed. One that is not a user is refused under the
  // field, in the service's words; a user's name (in any case) is assigned. Unassign first, so that the
  // change shows.
  await owner.getByRole('button', { name: 'Unassign' }).click();
  await expect(owner.getByTestId('assignee')).toHaveText('Nobody');
  const assignBox = owner.getByRole('textbox', { name: 'Assign to a user' });
  // The browser logs the refused call (400) as a failed resource: expected here.
  consoleGuard.allow(/status of 400 .*incidents\.assign/);
  await assignBox.fill(`nobody-${tag}`);
  await assignBox.press('Enter');
  await expect(assignBox).toHaveAccessibleDescription(`no user named "nobody-${tag}"`);
  await expect(owner.getByTestId('assignee')).toHaveText('Nobody');
  await assignBox.fill(ADMIN_USERNAME.toUpperCase());
  await assignBox.press('Enter');
  await expect(owner.getByTestId('assignee')).toHaveText(ADMIN_USERNAME);
  await expect(assignBox).toHaveValue('');
  await expect(assignBox).toBeFocused();
  await expect(timeline.getByRole('listitem').nth(4)).toContainText(`Assigned to ${ADMIN_USERNAME}`);

  // The board by node, then "Assigned to me".
  await page.goto(`/incidents?nodeId=${nodeId}`);
  await expect(boardRow(page, incident.id)).toBeVisible();
  // The switch follows the URL, so it turns on once the board has applied the filter.
  const mine = page.getByRole('switch', { name: 'Assigned to me' });
  await mine.click();
  await expect(mine).toBeChecked();
  await expect(page).toHaveURL(new RegExp(`[?&]assignee=${ADMIN_USERNAME}(&|$)`));
  await expect(page.getByText('1 incident matches these filters')).toBeVisible();
  await expect(boardRow(page, incident.id)).toBeVisible();
  await shot(page, 'incidents-n-02-board-assigned-to-me');

  // Resolve with a note: Escape asks before throwing the typed note away.
  await page.goto(`/incidents/${incident.id}`);
  const actions = page.getByRole('group', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Resolve…' }).click();
  const dialog = page.getByRole('dialog', { name: `Resolve incident ${incident.id}` });
  const note = dialog.getByRole('textbox', { name: 'Resolution note' });
  const noteText = `Booked by hand (${tag}).`;
  await note.fill(noteText);
  await page.keyboard.press('Escape');
  await expect(dialog.getByText('Discard what you typed?')).toBeVisible();
  await dialog.getByRole('button', { name: 'Keep editing' }).click();
  await expect(note).toHaveValue(noteText);
  await dialog.getByRole('button', { name: 'Resolve', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Details', exact: true })).toContainText(noteText);
  expect(await api.get(incident.id)).toMatchObject({
    status: 'RESOLVED',
    assignee: ADMIN_USERNAME,
    resolutionNote: noteText,
  });
});

test('a responder acknowledges several incidents at once and sees the result for each', async ({
  page,
  request,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('bulk');
  const incidents: Incident[] = [];
  for (const [i, severity] of (['HIGH', 'MEDIUM', 'CRITICAL'] as const).entries()) {
    incidents.push(
      await api.report({
        message: `Invoice rendering failed ${tag} #${i + 1}`,
        severity,
        nodeId: 'render-invoice',
      }),
    );
  }
  // Someone already acknowledged one of them: the bulk action skips it and says why.
  const already = await api.acknowledge(incidents[1].id);

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  for (const incident of incidents) await expect(boardRow(page, incident.id)).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('Select incidents to act on several at once');
  await expect(toolbar.getByRole('button', { name: 'Acknowledge', exact: true })).toBeDisabled();

  await page.getByRole('checkbox', { name: 'Select all incidents on this page' }).check();
  await expect(toolbar).toContainText('3 incidents selected');
  await toolbar.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Acknowledge 3 incidents?' });
  await expect(confirm).toContainText('2 of 3 look eligible: only OPEN incidents can be acknowledged');
  await shot(page, 'incidents-b-01-bulk-acknowledge-confirm');
  await confirm.getByRole('button', { name: 'Acknowledge 3 incidents' }).click();

  const results = page.getByRole('dialog', { name: 'Acknowledge: results' });
  await expect(results).toBeVisible();
  await expect(results).toContainText('2 applied');
  await expect(results).toContainText('1 skipped');
  await expect(results).toContainText('0 not found');
  const resultRow = (id: number) =>
    results
      .getByRole('table', { name: 'Results per incident' })
      .getByRole('row')
      .filter({ hasText: `#${id}` });
  await expect(resultRow(incidents[0].id)).toContainText('APPLIED');
  await expect(resultRow(incidents[2].id)).toContainText('APPLIED');
  await expect(resultRow(already.id)).toContainText('SKIPPED');
  await expect(resultRow(already.id)).toContainText(
    `Incident ${already.id} is ACKNOWLEDGED; only OPEN incidents can be acknowledged`,
  );
  await shot(page, 'incidents-b-02-bulk-acknowledge-results');
  await results.getByRole('button', { name: 'Done' }).click();
  await expect(results).toBeHidden();

  for (const incident of incidents) {
    await expect(boardRow(page, incident.id).getByText('ACKNOWLEDGED', { exact: true })).toBeVisible();
    expect((await api.get(incident.id)).status).toBe('ACKNOWLEDGED');
  }
  await expect(toolbar).toContainText('Select incidents to act on several at once');
  await modalsGone(page);
  await shot(page, 'incidents-b-03-board-acknowledged');

  // Then two of them resolved together, as duplicates of the third.
  await page.getByRole('checkbox', { name: `Select incident ${incidents[0].id}` }).check();
  await page.getByRole('checkbox', { name: `Select incident ${incidents[1].id}` }).check();
  await expect(toolbar).toContainText('2 incidents selected');
  await toolbar.getByRole('button', { name: 'Resolve…' }).click();
  const resolve = page.getByRole('dialog', { name: 'Resolve 2 incidents?' });
  await resolve.getByRole('combobox', { name: 'Resolution action' }).click();
  await page.getByRole('option', { name: 'Duplicate' }).click();
  await resolve
    .getByRole('textbox', { name: 'Resolution note' })
    .fill(`Same cause as incident ${incidents[2].id}`);
  await shot(page, 'incidents-b-04-bulk-resolve-form');
  await resolve.getByRole('button', { name: 'Resolve 2 incidents' }).click();
  const resolved = page.getByRole('dialog', { name: 'Resolve: results' });
  await expect(resolved).toContainText('2 applied');
  await resolved.getByRole('button', { name: 'Done' }).click();
  for (const incident of incidents.slice(0, 2)) {
    await expect(boardRow(page, incident.id).getByText('RESOLVED', { exact: true })).toBeVisible();
    expect(await api.get(incident.id)).toMatchObject({ status: 'RESOLVED', resolutionAction: 'DUPLICATE' });
  }
  await expect(boardRow(page, incidents[2].id).getByText('ACKNOWLEDGED', { exact: true })).toBeVisible();
});

test('filters, sort, page and page size survive a reload; invalid URL values fall back to defaults', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('view');
  // 45 incidents: every third from a MESSAGE source, the other 30 from the process engine.
  const created: Incident[] = [];
  const severities = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
  for (let i = 0; i < 45; i += 5) {
    const batch = Array.from({ length: 5 }, (_, j) => i + j);
    created.push(
      ...(await Promise.all(
        batch.map((n) =>
          api.report({
            message: `Order event not delivered ${tag} n${n}`,
            source: n % 3 === 0 ? 'MESSAGE' : 'PROCESS_ENGINE',
            severity: severities[n % 4],
            processInstanceId: uniqueProcessInstanceId(),
          }),
        ),
      )),
    );
  }
  const engineIds = created
    .filter((i) => i.source === 'PROCESS_ENGINE')
    .map((i) => i.id)
    .sort((a, b) => a - b);
  expect(engineIds).toHaveLength(30);

  await signInAsAdmin(page, '/incidents');
  await page.getByRole('textbox', { name: 'Search' }).fill(tag);
  await expect(page.getByText('45 incidents match these filters')).toBeVisible();
  await page.getByRole('combobox', { name: 'Source' }).click();
  await page.getByRole('option', { name: 'Process engine' }).click();
  await expect(page.getByText('30 incidents match these filters')).toBeVisible();

  // ID: the first click sorts newest (highest) first, the second lowest first.
  const idHeader = page.getByRole('button', { name: /^ID/ });
  await idHeader.click();
  await expect(page).toHaveURL(/sort=id,desc/);
  await idHeader.click();
  await expect(page).toHaveURL(/sort=id,asc/);
  await expect.poll(() => boardIds(page)).toEqual(engineIds.slice(0, 20));
  await page.getByRole('button', { name: '2', exact: true }).click();
  await expect.poll(() => boardIds(page)).toEqual(engineIds.slice(20, 30));
  await expect(page.getByText('21–30 of 30')).toBeVisible();
  const url = page.url();
  expect(new URL(url).searchParams.get('q')).toBe(tag);
  expect(new URL(url).searchParams.get('source')).toBe('PROCESS_ENGINE');
  expect(new URL(url).searchParams.get('sort')).toBe('id,asc');
  expect(new URL(url).searchParams.get('page')).toBe('2');
  await shot(page, 'incidents-c-01-filtered-sorted-page-2');

  await page.reload();
  expect(page.url()).toBe(url);
  await expect.poll(() => boardIds(page)).toEqual(engineIds.slice(20, 30));
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue(tag);
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('Process engine');
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(page.getByRole('button', { name: '2', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(idHeader.getByLabel('Sorted ascending')).toBeVisible();
  await shot(page, 'incidents-c-02-after-reload');

  // Page size: 50 shows all 30 on page 1, and survives a reload too.
  await page.getByRole('combobox', { name: 'Incidents per page' }).selectOption('50');
  await expect.poll(() => boardIds(page)).toEqual(engineIds);
  expect(new URL(page.url()).searchParams.get('size')).toBe('50');
  expect(new URL(page.url()).searchParams.get('page')).toBeNull();
  await page.reload();
  await expect.poll(() => boardIds(page)).toEqual(engineIds);
  await expect(page.getByRole('combobox', { name: 'Incidents per page' })).toHaveValue('50');

  // A hand-edited link: each invalid value falls back to its default; the valid ones still apply.
  await page.goto(`/incidents?q=${tag}&status=BOGUS&source=PROCESS_ENGINE&sort=message,up&page=-2&size=7`);
  await expect(page.getByText('30 incidents match these filters')).toBeVisible();
  // The address bar then says what is shown.
  await expect(page).toHaveURL(`/incidents?source=PROCESS_ENGINE&q=${tag}`);
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('');
  await expect(page.getByRole('combobox', { name: 'Source' })).toHaveValue('Process engine');
  await expect(page.getByRole('combobox', { name: 'Incidents per page' })).toHaveValue('20');
  await expect.poll(async () => (await boardIds(page)).length).toBe(20);
  await expect(page.getByRole('button', { name: /^Status/ }).getByLabel('Sorted ascending')).toBeVisible();
  await shot(page, 'incidents-c-03-invalid-url-defaults');

  // Reset brings back every incident, and an empty search says so in words.
  await page.getByRole('button', { name: 'Reset filters' }).first().click();
  await expect(page.getByRole('textbox', { name: 'Search' })).toHaveValue('');
  await page.getByRole('textbox', { name: 'Search' }).fill(`${tag}-nothing`);
  await expect(page.getByText('No incidents match these filters')).toBeVisible();
  await shot(page, 'incidents-c-04-empty-state');
  await page.getByRole('button', { name: 'Reset filters' }).last().click();
  await expect(page).toHaveURL((u) => u.pathname === '/incidents' && u.search === '');
  await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();
});

test('the unresolved filter, and "critical unresolved" showing exactly the incidents it counts', async ({
  page,
  request,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('unresolved');
  const report = (severity: 'HIGH' | 'CRITICAL', n: number) =>
    api.report({ message: `Ledger out of balance ${tag} n${n}`, severity });
  const [openCritical, ackedCritical, resolvedCritical, openHigh, resolvedHigh] = [
    await report('CRITICAL', 1),
    await report('CRITICAL', 2),
    await report('CRITICAL', 3),
    await report('HIGH', 4),
    await report('HIGH', 5),
  ];
  await api.acknowledge(ackedCritical.id);
  await api.resolve(resolvedCritical.id);
  await api.resolve(resolvedHigh.id);
  const ids = (...incidents: Incident[]) => incidents.map((i) => i.id).sort((a, b) => a - b);
  const shown = async () => (await boardIds(page)).sort((a, b) => a - b);

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  await expect
    .poll(shown)
    .toEqual(ids(openCritical, ackedCritical, resolvedCritical, openHigh, resolvedHigh));

  // The summary button counts unresolved critical incidents; pressed, the board shows just those.
  const criticalButton = page.getByRole('button', { name: /critical unresolved/ });
  await criticalButton.click();
  await expect(page).toHaveURL(`/incidents?status=OPEN,ACKNOWLEDGED&severity=CRITICAL&q=${tag}`);
  await expect.poll(shown).toEqual(ids(openCritical, ackedCritical));
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Unresolved');
  await expect(page.getByRole('combobox', { name: 'Severity' })).toHaveValue('CRITICAL');
  await expect(criticalButton).toHaveAttribute('aria-pressed', 'true');
  await shot(page, 'incidents-d-01-critical-unresolved');

  // Pressed again, both filters go.
  await criticalButton.click();
  await expect(page).toHaveURL(`/incidents?q=${tag}`);
  await expect.poll(shown).toHaveLength(5);

  // "Unresolved" in the status filter: open and acknowledged, of any severity; it survives a reload.
  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Unresolved' }).click();
  await expect.poll(shown).toEqual(ids(openCritical, ackedCritical, openHigh));
  await page.reload();
  await expect.poll(shown).toEqual(ids(openCritical, ackedCritical, openHigh));
  await expect(page.getByRole('combobox', { name: 'Status' })).toHaveValue('Unresolved');
});

test('new incidents are announced on an open board and shown on request, keeping the page and selection', async ({
  page,
  request,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('live');
  const first = await api.report({ message: `Message correlation failed ${tag} first`, source: 'MESSAGE' });

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  await expect(boardRow(page, first.id)).toBeVisible();
  await page.getByRole('checkbox', { name: `Select incident ${first.id}` }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar).toContainText('1 incident selected');
  await page.evaluate(() => ((window as unknown as { stillHere: boolean }).stillHere = true));

  const second = await api.report({
    message: `Message correlation failed ${tag} second`,
    severity: 'CRITICAL',
  });
  // Announced, not inserted under the pointer; shown when asked.
  const notice = page.getByRole('status').filter({ hasText: '1 new incident' });
  await expect(notice).toBeVisible();
  await expect(boardRow(page, second.id)).toHaveCount(0);
  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(boardRow(page, second.id)).toBeVisible();
  // Marked as new for a while; the row that was there before is not.
  await expect(boardRow(page, second.id).getByText('new', { exact: true })).toBeVisible();
  await expect(boardRow(page, first.id).getByText('new', { exact: true })).toHaveCount(0);
  await expect(page.getByText('2 incidents match these filters')).toBeVisible();
  // The same page, no reload, and the selection kept.
  expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);
  await expect(toolbar).toContainText('1 incident selected');
  await expect(page.getByRole('checkbox', { name: `Select incident ${first.id}` })).toBeChecked();
  await shot(page, 'incidents-e-01-live-update');
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a responder opens an incident from the board and acknowledges it', async ({ page, request }) => {
    const api = await IncidentApi.signIn(request);
    const tag = uniqueTag('phone');
    const incident = await api.report({
      message: `Credit check service unavailable ${tag}`,
      severity: 'MEDIUM',
      source: 'AI_TASK',
      nodeId: 'check-credit',
    });

    await signInAsAdmin(page, `/incidents?q=${tag}`);
    const row = boardRow(page, incident.id);
    // The first screen shows the counts, the search and the first incident, without scrolling.
    await expect(row).toBeInViewport();
    await expect(page.getByRole('group', { name: 'Unresolved incidents' })).toBeInViewport();
    await expect(page.getByRole('textbox', { name: 'Search' })).toBeInViewport();
    // The other filters, the grouping and the actions on everything matching are behind one button;
    // the bulk bar waits for a selection.
    const status = page.getByRole('combobox', { name: 'Status' });
    await expect(status).toBeHidden();
    await expect(page.getByRole('toolbar', { name: 'Bulk actions' })).toBeHidden();
    // The page itself never scrolls sideways; only the table may.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'incidents-f-01-phone-board', { fullPage: false });

    const filters = page.getByRole('button', { name: 'Filters', exact: true });
    await expect(filters).toHaveAttribute('aria-expanded', 'false');
    await filters.click();
    await expect(filters).toHaveAttribute('aria-expanded', 'true');
    await status.click();
    await page.getByRole('option', { name: 'OPEN' }).click();
    await expect(page).toHaveURL(/[?&]status=OPEN(&|$)/);
    await expect(page.getByRole('button', { name: 'Filters · 1', exact: true })).toBeVisible();
    await expect(page.getByRole('switch', { name: 'Group by source, node and message' })).toBeVisible();
    await shot(page, 'incidents-f-01b-phone-filters', { fullPage: false });
    await page.getByRole('button', { name: 'Filters · 1', exact: true }).click();
    await expect(status).toBeHidden();
    await expect(row).toBeInViewport();

    // A selection brings the bulk bar up at the bottom of the screen, in a thumb's reach.
    await row.getByRole('checkbox', { name: `Select incident ${incident.id}` }).check();
    const bar = page.getByRole('toolbar', { name: 'Bulk actions' });
    await expect(bar).toBeInViewport();
    const box = (await bar.boundingBox())!;
    expect(box.y + box.height).toBeGreaterThan(844 - 8);
    await shot(page, 'incidents-f-01c-phone-selected', { fullPage: false });
    await bar.getByRole('button', { name: 'Clear selection' }).click();
    await expect(bar).toBeHidden();

    // Each row links to its incident: a real address, to open in a new tab or to copy.
    await expect(row.getByRole('link', { name: `#${incident.id}` })).toHaveAttribute(
      'href',
      `/incidents/${incident.id}`,
    );
    await row.click();
    await expect(page).toHaveURL(`/incidents/${incident.id}`);
    const acknowledge = page
      .getByRole('group', { name: 'Actions' })
      .getByRole('button', { name: 'Acknowledge', exact: true });
    await expect(acknowledge).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The actions are at the bottom of the screen, in a thumb's reach, and stay there as the page scrolls.
    const actions = page.getByRole('group', { name: 'Actions' });
    const bottomOf = async () => {
      const box = (await actions.boundingBox())!;
      return box.y + box.height;
    };
    expect(await bottomOf()).toBeGreaterThan(844 - 24);
    await shot(page, 'incidents-f-02-phone-incident', { fullPage: false });
    await page.mouse.wheel(0, 2_000);
    await expect(page.getByRole('heading', { name: 'Timeline' })).toBeInViewport();
    await expect(acknowledge).toBeInViewport();
    expect(await bottomOf()).toBeGreaterThan(844 - 24);
    await shot(page, 'incidents-f-02b-phone-incident-scrolled', { fullPage: false });
    await acknowledge.click();
    await expect(acknowledge).toHaveCount(0);
    expect((await api.get(incident.id)).status).toBe('ACKNOWLEDGED');
  });
});
