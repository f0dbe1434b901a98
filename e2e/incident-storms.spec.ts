// Storms: the grouped board and an action on a whole group of more than 250 incidents, run by the
// console in chunks with progress and per-incident results.
import { expect, shot, test } from './support';
import { IncidentApi, modalsGone, signInAsAdmin, uniqueTag } from './incident-support';

test('a responder groups a storm of 260 incidents and acknowledges the whole group', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.setTimeout(180_000);
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('storm');
  const node = `Task_${tag}`;
  for (let start = 0; start < 260; start += 20) {
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        api.report({ nodeId: node, source: 'WORKER', message: `Invoice ${start + i} rejected ${tag}` }),
      ),
    );
  }
  const calm = [
    await api.report({ nodeId: `Calm_${tag}`, message: `Mail 1 bounced ${tag}` }),
    await api.report({ nodeId: `Calm_${tag}`, message: `Mail 2 bounced ${tag}` }),
  ];

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  await expect(page.getByText('All 262 incidents matching the filter:')).toBeVisible();
  // A click, not check(): the switch follows the URL, which Next updates in a transition.
  await page.getByRole('switch', { name: 'Group by source, node and message' }).click();
  // The grouped board is part of the view in the URL: a reload or a shared link shows it again.
  await expect(page).toHaveURL(new RegExp(`[?&]view=groups(&|$)`));
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Group by source, node and message' })).toBeChecked();
  const groups = page.getByRole('table', { name: 'Incident groups' });
  await expect(groups).toBeVisible();
  await expect(page.getByText('2 groups')).toBeVisible();
  const storm = groups.getByRole('row').filter({ hasText: node });
  await expect(storm).toContainText('260');
  await expect(storm).toContainText('260 open · 0 ack · 0 resolved');
  await expect(storm).toContainText('Worker');
  const calmRow = groups.getByRole('row').filter({ hasText: `Calm_${tag}` });
  await expect(calmRow).toContainText('2 open');
  await shot(page, 'incidents-storm-01-groups');

  // Expanding a group lists its incidents.
  await calmRow.getByRole('button', { name: /^Show the incidents of/ }).click();
  const members = page.getByLabel('Incidents of the group');
  for (const incident of calm)
    await expect(members.getByRole('link', { name: `#${incident.id}` })).toBeVisible();

  // The whole group, beyond 250: the confirmation states the count, then progress and every result.
  await storm.getByRole('button', { name: 'Acknowledge all' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Acknowledge 260 incidents');
  await dialog.getByRole('button', { name: 'Acknowledge 260 incidents' }).click();
  await expect(dialog.getByText('260 of 260 handled.')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText('260 applied')).toBeVisible();
  await expect(dialog.getByText('0 skipped')).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Results per incident' }).getByRole('row')).toHaveCount(260);
  await shot(page, 'incidents-storm-02-group-acknowledged');
  await dialog.getByRole('button', { name: 'Done' }).click();
  await modalsGone(page);
  await expect(storm).toContainText('0 open · 260 ack · 0 resolved');
  await expect(calmRow).toContainText('2 open');
  expect((await api.get(calm[0].id)).status).toBe('OPEN');
  void consoleGuard;
});
