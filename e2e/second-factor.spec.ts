// A second factor (docs/contract.md §4): on a phone, a person enrols an authenticator app from their account
// page (the code computed here from the secret the page shows, as an app would), saves the recovery codes,
// signs out, and signs in again with the password and then a code. Axe-clean at each step.
import { Secret, TOTP } from 'otpauth';
import {
  BASE_URL,
  createUser,
  enrolAppInConsole,
  expect,
  expectAxeClean,
  shot,
  signIn,
  signInAsAdmin,
  signInByRequest,
  test,
} from './support';

test.use({ viewport: { width: 390, height: 844 } });

test('enrol an authenticator app on a phone, sign out, sign in with the password and then a code', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.slow();
  const user = await createUser(request, { usernamePrefix: 'totp', permissionCodes: ['ACCESS_BPM_ADMIN'] });
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Second factor' });
  await card.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
  await expect(card.getByRole('img', { name: 'QR code of the new secret' })).toBeVisible();
  const secret = (await card.locator('code').innerText()).trim();
  expect(secret).toMatch(/^[A-Z2-7]+$/);
  await expectAxeClean(page);
  await shot(page, 'second-factor-01-enrol', { fullPage: false });

  await card
    .getByRole('textbox', { name: 'Code from the app', exact: true })
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await card.getByRole('button', { name: 'Confirm', exact: true }).click();
  const codes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(codes).toHaveCount(10);
  await expectAxeClean(page);
  await shot(page, 'second-factor-02-recovery-codes', { fullPage: false });
  await card.getByRole('button', { name: 'I have saved them', exact: true }).click();
  await expect(card).toContainText('10 recovery codes left');

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // The right password alone is answered 401 by next-auth (no session), which the browser logs.
  consoleGuard.allow(/status of 401/);
  await signIn(page, user.username, user.password);
  // The right password alone: no session, the form asks for the code.
  const code = page.getByRole('textbox', { name: 'Code', exact: true });
  await expect(code).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'second-factor-03-code-step', { fullPage: false });
  // The next step's code: the one of enrolment's step was spent there (a code is accepted once).
  await code.fill(TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 }));
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await shot(page, 'second-factor-04-signed-in', { fullPage: false });
});

test('an administrator resets the second factor of someone who lost their phone, after a confirmation', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request, {
    usernamePrefix: 'lostphone',
    permissionCodes: ['ACCESS_BPM_ADMIN'],
  });
  // The user enrols an authenticator app in their console, as its account page does (never with a token).
  const theirs = await browser.newContext({ baseURL: BASE_URL });
  await signInByRequest(await theirs.newPage(), user.username, user.password);
  await enrolAppInConsole(theirs.pages()[0]);
  await theirs.close();

  await signInAsAdmin(page, `/admin/users/${user.id}`);
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account).toContainText('Second factor: an authenticator app');
  await account.getByRole('button', { name: 'Reset second factor…', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: `Reset the second factor of ${user.username}?` });
  await expect(dialog).toContainText('recorded in the audit log');
  await page.waitForTimeout(300); // the open transition: axe must see final colours
  await expectAxeClean(page);
  await shot(page, 'second-factor-05-admin-reset', { fullPage: false });
  await dialog.getByRole('button', { name: 'Reset second factor', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(account).toContainText('Second factor: none');
  await expect(account.getByRole('button', { name: 'Reset second factor…' })).toHaveCount(0);
  // The password alone signs in again.
  const again = await request.post('/api/tokens', {
    data: { username: user.username, password: user.password },
  });
  expect(again.status()).toBe(200);
});
