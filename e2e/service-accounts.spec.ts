// Service accounts on a phone, by keyboard where a person would type: created in the console with no
// password, given a worker token whose secret is shown once, used over REST, never signed in, then revoked
// and deleted with confirmation; the pages pass axe.
import { notification, settled, signInAsAdmin, uniqueName } from './admin-support';
import { uniqueProcessInstanceId, uniqueTag } from './incident-support';
import { axeViolations, expect, getAccessToken, shot, test } from './support';

test.describe.configure({ timeout: 120_000 });

const report = () => ({
  processInstanceId: uniqueProcessInstanceId(),
  nodeId: 'ServiceTask_1',
  source: 'WORKER',
  severity: 'HIGH',
  message: 'Payment gateway refused the connection',
  externalReferenceId: `${uniqueTag('e2e-sa')}:${Date.now()}`,
});

test('a service account made at 390 px holds a worker token that works over REST, never signs in, and ends with it', async ({
  page,
  request,
  consoleGuard,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const name = uniqueName('payments-engine');

  await signInAsAdmin(page, '/admin/service-accounts');
  await expect(page.getByRole('heading', { name: 'Service accounts', level: 1 })).toBeVisible();

  // Created from the keyboard: the button, the name (focused on open), the description, Enter.
  await page.getByRole('button', { name: 'Create service account', exact: true }).first().focus();
  await page.keyboard.press('Enter');
  const create = page.getByRole('dialog', { name: 'Create service account' });
  await settled(create);
  await expect(create.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(create.getByLabel('Password')).toHaveCount(0);
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Payment engine, production');
  await expect(create).toContainText('ACCESS_ENGINE_API');
  // Each of its tokens limited to 1,200 requests a minute unless the token sets its own.
  await create.getByRole('textbox', { name: 'Requests per minute' }).fill('1200');
  await shot(page, 'service-accounts-01-create', { fullPage: false });
  await create.getByRole('textbox', { name: 'Name' }).focus();
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/admin\/service-accounts\/\d+$/);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(page.getByText('No API tokens')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Description' })).toHaveValue('Payment engine, production');
  await expect(page.getByRole('textbox', { name: 'Requests per minute' })).toHaveValue('1,200');

  // A worker token: the secret once.
  await page.getByRole('button', { name: 'Create API token', exact: true }).click();
  const tokenDialog = page.getByRole('dialog', { name: `Create an API token for ${name}` });
  await settled(tokenDialog);
  await tokenDialog.getByRole('textbox', { name: 'Name' }).fill('payment-worker');
  await tokenDialog.getByRole('combobox', { name: 'Scope' }).click();
  await page.getByRole('option', { name: 'Engine and worker protocol' }).click();
  await tokenDialog.getByRole('textbox', { name: 'Requests per minute' }).fill('300');
  await tokenDialog.getByRole('button', { name: 'Create token', exact: true }).click();
  const shown = page.getByRole('dialog', { name: 'Copy the API token “payment-worker”' });
  await expect(shown).toContainText('it will not be shown again');
  const secret = (await shown.getByLabel('API token secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^bpm_[A-Za-z0-9_-]{43}$/);
  await shown.getByRole('button', { name: 'I have copied it', exact: true }).click();
  await expect(shown).toBeHidden();
  await expect(page.getByText(secret)).toHaveCount(0);
  const row = page
    .getByRole('table', { name: 'API tokens' })
    .getByRole('row')
    .filter({ hasText: 'payment-worker' });
  await expect(row).toContainText('Engine and worker protocol');
  await expect(row).toContainText('300 a minute');

  // The token reports an incident as the service account; the name signs in nowhere.
  const auth = { headers: { Authorization: `Bearer ${secret}` } };
  const reported = await request.post('/api/incidents', { ...auth, data: report() });
  expect(reported.status(), await reported.text()).toBe(200);
  // Within the token's own limit, which the answer states.
  expect(reported.headers()['ratelimit-policy']).toBe('"default";q=300;w=60');
  const signIn = await request.post('/api/tokens', {
    data: { username: name, password: 'any password at all' },
  });
  expect(signIn.status()).toBe(401);

  await page.reload();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
  expect(await axeViolations(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await shot(page, 'service-accounts-02-detail', { fullPage: false });

  // Not a user: the users list does not show it.
  await page.goto(`/admin/users?q=${name}`);
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  // The search's answer, once loaded, finds nobody of that name.
  await expect(page.getByText(`0 users matching “${name}”`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  // Revoked in the console: refused at once.
  await page.goto('/admin/service-accounts');
  await page.getByRole('link', { name, exact: true }).click();
  await row.getByRole('button', { name: 'Revoke token payment-worker' }).click();
  const revoke = page.getByRole('dialog', { name: 'Revoke the token “payment-worker”?' });
  await settled(revoke);
  await revoke.getByRole('button', { name: 'Revoke token', exact: true }).click();
  await expect(notification(page, 'Token revoked')).toBeVisible();
  await expect(row).toHaveCount(0);
  expect((await request.post('/api/incidents', { ...auth, data: report() })).status()).toBe(401);

  // A second token, made over REST, ends with the account, deleted after a confirmation.
  const admin = { Authorization: `Bearer ${await getAccessToken(request)}` };
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  const second = await request.post(`/api/admin/service-accounts/${id}/tokens`, {
    headers: admin,
    data: { name: 'second-worker', scope: 'WORKER' },
  });
  const secondAuth = {
    headers: { Authorization: `Bearer ${((await second.json()) as { token: string }).token}` },
  };
  expect((await request.post('/api/incidents', { ...secondAuth, data: report() })).status()).toBe(200);
  await page.goto('/admin/service-accounts');
  await page.getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Delete service account…', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: `Delete ${name}?` });
  await settled(confirm);
  await expect(confirm).toContainText('its 1 API token');
  await shot(page, 'service-accounts-03-delete', { fullPage: false });
  await confirm.getByRole('button', { name: 'Delete service account', exact: true }).click();
  await expect(notification(page, 'Service account deleted')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/service-accounts$/);
  await expect(page.getByRole('link', { name, exact: true })).toHaveCount(0);

  const refused = await request.post('/api/incidents', { ...secondAuth, data: report() });
  expect(refused.status()).toBe(401);
  expect(consoleGuard.errors).toEqual([]);
});
