// Live by push: the board and an incident page follow a change made through the REST API as it
// happens, say how fresh they are, and announce new rows instead of inserting them under the pointer. They
// do not poll while the stream is live (components/live/live-updates.tsx), so what they show within the
// expectation's timeout (a bound for a hang, playwright.config.ts) came by push.
// A server restart cannot be made under Playwright's webServer: server/test/notifications/incident-stream.test.ts
// covers it (the stream ends without "return", a client resuming with its last id loses nothing).
import { expect, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

test('the board and an incident page follow REST changes as they happen and say they are live', async ({
  page,
  context,
  request,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('live');
  const first = await api.report({ message: `Live stream check ${tag}`, severity: 'HIGH' });

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  const row = boardRow(page, first.id);
  await expect(row).toBeVisible();
  const boardStatus = page.getByRole('status', { name: 'Live updates' });
  await expect(boardStatus).toHaveText(/^Live/);

  const detail = await context.newPage();
  await detail.goto(`/incidents/${first.id}`);
  await expect(detail.getByRole('heading', { name: `Incident ${first.id}`, level: 1 })).toBeVisible();
  await expect(detail.getByRole('status', { name: 'Live updates' })).toHaveText(/^Live/);
  const actions = detail.getByRole('group', { name: 'Actions' });
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toBeVisible();

  // An acknowledgement made elsewhere: the incident page's header, fields and actions, and the board's row.
  await api.acknowledge(first.id);
  await expect(actions.getByRole('button', { name: 'Acknowledge', exact: true })).toHaveCount(0);
  await expect(detail.getByRole('region', { name: 'Details', exact: true })).not.toContainText(
    'Not acknowledged',
  );
  await expect(row.getByText('ACKNOWLEDGED', { exact: true })).toBeVisible();
  await shot(detail, 'live-01-incident-acknowledged-elsewhere');

  // A new incident in the board's view is announced, not inserted: the rows stay where they are.
  const second = await api.report({ message: `Another live check ${tag}`, severity: 'CRITICAL' });
  const notice = page.getByRole('status').filter({ hasText: '1 new incident' });
  await expect(notice).toBeVisible();
  await expect(boardRow(page, second.id)).toHaveCount(0);
  await shot(page, 'live-02-board-announces');
  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(boardRow(page, second.id)).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'new incident' })).toHaveCount(0);

  // Resolved elsewhere: the board's row follows in place.
  await api.resolve(second.id);
  await expect(boardRow(page, second.id).getByText('RESOLVED', { exact: true })).toBeVisible();
  await detail.close();
});

test('while the stream cannot be reached the page says so, and is live again once it can', async ({
  page,
  consoleGuard,
}) => {
  for (let i = 0; i < 40; i++) consoleGuard.allow(/net::ERR_FAILED|Failed to load resource|EventSource/);
  await page.route('**/api/trpc/incidents.changes**', (route) => route.abort('failed'));
  await signInAsAdmin(page, '/incidents');
  const status = page.getByRole('status', { name: 'Live updates' });
  await expect(status).toHaveText(/Reconnecting…|Stale since \d{2}:\d{2}/);
  await expect(status).toHaveText(/^Stale since \d{2}:\d{2}/, { timeout: 15_000 });
  await shot(page, 'live-03-board-stale');
  await page.unroute('**/api/trpc/incidents.changes**');
  await expect(status).toHaveText(/^Live/, { timeout: 30_000 });
});

test('the board shows a storm as it grows, without freezing', async ({ page, request }) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('storm');
  await api.report({ message: `Storm check ${tag}`, severity: 'HIGH' });
  await signInAsAdmin(page, `/incidents?q=${tag}`);
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText(/^Live/);
  // The page's longest task from now on: a board that froze under the storm would show one of seconds.
  await page.evaluate(() => {
    const w = window as unknown as { longestTaskMs: number };
    w.longestTaskMs = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longestTaskMs = Math.max(w.longestTaskMs, entry.duration);
    }).observe({ type: 'longtask' });
  });

  // 2,000 new incidents in four waves, as engines report a failing downstream system.
  const notice = page.getByRole('status').filter({ hasText: /new incidents?/ });
  let newest = 0;
  for (let wave = 0; wave < 4; wave++) {
    const incidents = await api.reportMany(500, { message: `Storm check ${tag}`, nodeId: `storm-${wave}` });
    newest = incidents.at(-1)!.id;
    // The notice counts them as they come: it grows with each wave, and the rows stay where they are.
    await expect(notice).toHaveText(new RegExp(`${((wave + 1) * 500).toLocaleString('en')} new incidents`));
  }
  await shot(page, 'live-04-board-storm');
  await notice.getByRole('button', { name: 'Show' }).click();
  await expect(boardRow(page, newest)).toBeVisible();
  // A bound for a freeze, not a speed: rendering a page of rows and a counter takes milliseconds.
  const longest = await page.evaluate(() => (window as unknown as { longestTaskMs: number }).longestTaskMs);
  expect(longest, 'the longest task of the page during the storm (ms)').toBeLessThan(2_000);
});

test('the grouped board follows a storm by push, and asks for nothing while nothing changes', async ({
  page,
  request,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('grouplive');
  const node = `Group_${tag}`;
  await api.report({ nodeId: node, message: `Ledger 1 unreachable ${tag}` });
  await signInAsAdmin(page, `/incidents?q=${tag}&view=groups`);
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText(/^Live/);
  const group = page
    .getByRole('table', { name: 'Incident groups' })
    .getByRole('row')
    .filter({ hasText: node });
  await expect(group).toContainText('1 open · 0 ack · 0 resolved');

  // Live, the page does not poll: over longer than the old 5-s refresh, no request for the groups.
  const asked: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('incidents.groups')) asked.push(r.url());
  });
  await page.waitForTimeout(6_000);
  expect(asked, 'requests for the groups while nothing changed').toEqual([]);

  // What changes elsewhere reaches the group by push (a poll would be none): counts, then an acknowledgement.
  const more = await Promise.all(
    [2, 3, 4].map((n) => api.report({ nodeId: node, message: `Ledger ${n} unreachable ${tag}` })),
  );
  await expect(group).toContainText('4 open · 0 ack · 0 resolved');
  await api.acknowledge(more[0].id);
  await expect(group).toContainText('3 open · 1 ack · 0 resolved');
  await shot(page, 'live-05-groups-by-push');
});
