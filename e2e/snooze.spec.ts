// Snooze from the incident page: until a time or more occurrences; the page and the board say so; it wakes by
// itself at the occurrence (seen by push), and early with Wake (docs/contract.md §6, "Snooze").
import { expect, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

test('a responder snoozes a noisy incident, it wakes at its third occurrence, is snoozed again and woken', async ({
  page,
  request,
  consoleGuard,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('snooze');
  const body = { message: `Ledger unreachable ${tag}`, nodeId: 'post-ledger' };
  const incident = await api.report(body);

  await signInAsAdmin(page, `/incidents/${incident.id}`);
  await expect(page.getByRole('status', { name: 'Live updates' })).toHaveText(/^Live/);
  const actions = page.getByRole('group', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Snooze…' }).click();
  const dialog = page.getByRole('dialog', { name: `Snooze incident ${incident.id}` });
  await dialog.getByRole('radio', { name: 'In 4 hours' }).check();
  await dialog.getByRole('checkbox', { name: 'Or when it has occurred again this many times' }).check();
  await dialog.getByRole('textbox', { name: 'More occurrences' }).fill('3');
  await shot(page, 'snooze-01-dialog', { fullPage: false });
  await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(dialog).toBeHidden();

  const header = page.getByRole('heading', { level: 1 }).locator('..');
  await expect(header.getByText('Snoozed', { exact: true })).toBeVisible();
  const words = page.getByText(new RegExp(`^Snoozed by admin until .+ or until it has occurred 4 times\\.`));
  await expect(words).toBeVisible();
  const timeline = page.getByRole('list', { name: 'Timeline entries' });
  await expect(timeline.getByRole('listitem').last()).toContainText('Snoozed by admin until');
  expect(await api.get(incident.id)).toMatchObject({ snoozedBy: 'admin', snoozedUntilOccurrence: 4 });
  await shot(page, 'snooze-02-snoozed');

  // The board marks it, with the snooze in words for a screen reader.
  const board = await page.context().newPage();
  await board.goto(`/incidents?q=${tag}`);
  await expect(boardRow(board, incident.id).getByLabel(/^Snoozed by admin until/)).toBeVisible();
  await shot(board, 'snooze-03-board');

  // Three more occurrences: the third wakes it, and the page learns it by push.
  for (let i = 0; i < 3; i++)
    await api.report({ ...body, externalReferenceId: incident.externalReferenceId });
  await expect(header.getByText('Snoozed', { exact: true })).toHaveCount(0);
  await expect(timeline.getByRole('listitem').last()).toContainText('Snooze ended');
  await expect(boardRow(board, incident.id).getByLabel(/^Snoozed by/)).toHaveCount(0);
  await board.close();

  // Snoozed again until a time of one's choice, then woken early.
  await actions.getByRole('button', { name: 'Snooze…' }).click();
  await dialog.getByRole('radio', { name: 'A time of my choice' }).check();
  await dialog.getByLabel(/^Wake at/).fill('2099-01-01T00:00');
  consoleGuard.allow(/status of 400/);
  await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(dialog.getByText('must be at most 30 days ahead')).toBeVisible();
  await dialog.getByRole('radio', { name: 'In 1 hour' }).check();
  await dialog.getByRole('button', { name: 'Snooze', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(header.getByText('Snoozed', { exact: true })).toBeVisible();
  await actions.getByRole('button', { name: 'Wake' }).click();
  await expect(header.getByText('Snoozed', { exact: true })).toHaveCount(0);
  await expect(timeline.getByRole('listitem').last()).toContainText('Snooze ended by admin');
  expect(await api.get(incident.id)).toMatchObject({ snoozedAt: null });
});
