// API tokens: created in the console with a scope and an expiry 90 days away, the secret shown once, used over
// REST within the scope, revoked in the console.
import { notification, settled, signInAsAdmin } from './admin-support';
import { createUser, expect, shot, test } from './support';

// One journey of six screens, two dialogs and REST calls: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 });

test('a read-only API token made in the console is shown once, reads but cannot write over REST, and stops working when revoked', async ({
  page,
  context,
  request,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bot = await createUser(request, { usernamePrefix: 'ci-bot', permissionCodes: ['ACCESS_BPM_ADMIN'] });

  await signInAsAdmin(page, `/admin/users/${bot.id}`);
  await expect(page.getByRole('heading', { name: bot.username, level: 1 })).toBeVisible();
  const tokens = page.getByRole('table', { name: 'API tokens' });
  await expect(page.getByText('No API tokens')).toBeVisible();
  await shot(page, 'api-tokens-01-user');

  await page.getByRole('button', { name: 'Create API token' }).click();
  const create = page.getByRole('dialog', { name: `Create an API token for ${bot.username}` });
  await create.getByRole('textbox', { name: 'Name' }).fill('ci-pipeline');
  // The expiry starts 90 days away; the scope is chosen from the five, read only here.
  const expires = new Date(Date.now() + 90 * 24 * 3600 * 1000);
  const expiresText = `${expires.getDate()} ${expires.toLocaleString('en', { month: 'short' })} ${expires.getFullYear()}`;
  await expect(create.getByRole('button', { name: 'Expires' })).toContainText(expiresText);
  await create.getByRole('combobox', { name: 'Scope' }).click();
  await expect(page.getByRole('option')).toHaveText([
    'Read only',
    'Incidents',
    'Engine and worker protocol',
    'Metrics',
    'Full',
  ]);
  await page.getByRole('option', { name: 'Read only' }).click();
  await expect(create.getByRole('combobox', { name: 'Scope' })).toHaveValue('Read only');
  await expect(create).toContainText('Queries only');
  await shot(page, 'api-tokens-02-create');
  await create.getByRole('button', { name: 'Create token' }).click();

  // The secret, once, with a warning and a copy button.
  const shown = page.getByRole('dialog', { name: 'Copy the API token “ci-pipeline”' });
  await expect(shown).toContainText('it will not be shown again');
  const secret = (await shown.getByLabel('API token secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^bpm_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(shown.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await settled(shown);
  await shot(page, 'api-tokens-03-secret-shown-once');
  await shown.getByRole('button', { name: 'I have copied it' }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);

  const row = tokens.getByRole('row').filter({ hasText: 'ci-pipeline' });
  await expect(row.getByRole('cell').nth(1)).toHaveText('Read only');
  await expect(row.getByRole('cell').nth(2)).toHaveText('Default');
  await expect(row.getByRole('cell').nth(4)).toContainText(expiresText);
  await expect(row.getByRole('cell').nth(5)).toHaveText('Never');

  // The token reads over REST with its user's permissions, and its scope refuses a write.
  const auth = { headers: { Authorization: `Bearer ${secret}` } };
  const ok = await request.get('/api/admin/users', auth);
  expect(ok.status()).toBe(200);
  expect(((await ok.json()) as { username: string }[]).map((u) => u.username)).toContain(bot.username);
  const write = await request.post('/api/admin/groups', {
    ...auth,
    data: { code: 'READ_ONLY_TRIED', name: 'Not allowed' },
  });
  expect(write.status()).toBe(403);
  expect(((await write.json()) as { detail: string }).detail).toContain('scope READ_ONLY');

  await page.reload();
  await expect(row.getByRole('cell').nth(5)).not.toHaveText('Never');
  await shot(page, 'api-tokens-04-listed');

  // Revoked after a confirmation, it is refused at once.
  await row.getByRole('button', { name: 'Revoke token ci-pipeline' }).click();
  const confirm = page.getByRole('dialog', { name: 'Revoke the token “ci-pipeline”?' });
  await expect(confirm).toContainText('401');
  await settled(confirm);
  await shot(page, 'api-tokens-05-revoke-confirmation');
  await confirm.getByRole('button', { name: 'Revoke token' }).click();
  await expect(confirm).toBeHidden();
  await expect(notification(page, 'Token revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No API tokens')).toBeVisible();
  await shot(page, 'api-tokens-06-revoked');

  const refused = await request.get('/api/admin/users', auth);
  expect(refused.status()).toBe(401);
});
