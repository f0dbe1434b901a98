// Teams and ownership in the console (docs/contract.md §13): an administrator in a team turns on "My
// teams" and sees only the incidents the ownership rules give that team; the incident page names the owner.
import { ADMIN_USERNAME, expect, expectAxeClean, getAccessToken, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

test('"My teams" keeps the incidents of the caller\'s teams; the incident page names the owning team', async ({
  page,
  request,
}) => {
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  const call = async (method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown) => {
    const res = await request.fetch(path, { method, headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return res.json();
  };
  const tag = uniqueTag('teams');
  const code = `PAY_${tag.replace(/[^A-Za-z0-9]/g, '').toUpperCase()}`.slice(0, 60);
  const team = await call('POST', '/api/admin/teams', { code, name: 'Payments' });
  const [admin] = await call('GET', `/api/admin/users?q=${ADMIN_USERNAME}`);
  await call('PUT', `/api/admin/teams/${team.id}/members`, { userIds: [admin.id] });
  await call('PUT', '/api/admin/ownership-rules', { rules: [{ team: code, nodeId: `${tag}-pay-*` }] });

  const api = await IncidentApi.signIn(request);
  const owned = await api.report({ message: `Card declined ${tag}`, nodeId: `${tag}-pay-charge` });
  const other = await api.report({ message: `Label printer offline ${tag}`, nodeId: `${tag}-ship` });

  await signInAsAdmin(page, `/incidents?q=${tag}`);
  await expect(boardRow(page, owned.id)).toContainText(`· ${code}`);
  await expect(boardRow(page, other.id)).toBeVisible();
  await expect(boardRow(page, other.id)).not.toContainText(code);
  await page.getByRole('switch', { name: 'My teams' }).click();
  await expect(page).toHaveURL(/[?&]owner=mine(&|$)/);
  await expect(boardRow(page, owned.id)).toBeVisible();
  await expect(boardRow(page, other.id)).toHaveCount(0);
  await shot(page, 'teams-01-my-teams');
  await expectAxeClean(page);

  await page.goto(`/incidents/${owned.id}`);
  const ownerLink = page.getByRole('link', { name: code });
  await expect(ownerLink).toBeVisible();
  await shot(page, 'teams-02-owning-team');
  await ownerLink.click();
  await expect(page).toHaveURL(new RegExp(`[?&]owner=${code}(&|$)`));

  await page.goto(`/incidents/${other.id}`);
  await expect(page.getByText('No team')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/incidents?q=${tag}&owner=mine`);
  await expect(page.getByText(`Card declined ${tag}`).first()).toBeVisible();
  await expect(page.getByText(`Label printer offline ${tag}`)).toHaveCount(0);
  await shot(page, 'teams-03-phone');

  await call('PUT', '/api/admin/ownership-rules', { rules: [] });
});
