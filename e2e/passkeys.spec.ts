// Passkeys (docs/contract.md §4): on a phone, a person adds a passkey on their account page with Chromium's
// virtual authenticator (a platform authenticator with user verification, through the DevTools protocol),
// is shown the ten recovery codes that come with a first passkey once, signs out, signs in with the password
// and a recovery code, then with the password and the passkey, makes a new set of codes with the passkey,
// and adds an authenticator app beside it, proven with the passkey. Axe-clean at each step.
//
// On localhost, not 127.0.0.1: WebAuthn takes no IP address as an RP ID, and the server's relying party is
// its public URL, http://localhost:<port> when PUBLIC_URL is unset (as here).
import type { CDPSession, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { createUser, expect, expectAxeClean, getAccessToken, PORT, shot, signIn, test } from './support';

test.use({ viewport: { width: 390, height: 844 }, baseURL: `http://localhost:${PORT}` });

async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
}

test('add a passkey on a phone (its recovery codes shown once), sign in with a recovery code, then with the passkey', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.slow();
  const user = await createUser(request, {
    usernamePrefix: 'passkey',
    permissionCodes: ['ACCESS_BPM_ADMIN'],
  });
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await signIn(page, user.username, user.password);
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();

  await page.goto('/account');
  const card = page.getByRole('region', { name: 'Passkeys' });
  await expect(card).toContainText('You have no passkey yet.');
  await expectAxeClean(page);
  await card.getByRole('textbox', { name: 'Name of the new passkey' }).fill('This phone');
  await card.getByRole('button', { name: 'Add a passkey', exact: true }).click();
  const list = card.getByRole('list', { name: 'Your passkeys' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list).toContainText('This phone');
  await expect(list).toContainText('not used yet');
  const made = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(made.credentials).toHaveLength(1);
  expect(made.credentials[0].rpId).toBe('localhost');
  // A first passkey and no authenticator app: ten recovery codes, in case the phone is lost.
  const shownCodes = card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(shownCodes).toHaveCount(10);
  const recoveryCodes = await shownCodes.allInnerTexts();
  for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  await expectAxeClean(page);
  await card.scrollIntoViewIfNeeded();
  await shot(page, 'passkeys-01-added', { fullPage: false });
  await card.getByRole('button', { name: 'I have saved them', exact: true }).click();
  await expect(shownCodes).toHaveCount(0);
  // Another passkey now comes with a proof of this one: a code typed, else this passkey signs first.
  await expect(
    card.getByRole('textbox', {
      name: 'Code from your app or a recovery code (else a passkey of yours confirms)',
    }),
  ).toBeVisible();
  const recovery = page.getByRole('region', { name: 'Recovery codes' });
  await expect(recovery).toContainText('10 recovery codes left');
  // Shown once: the page loaded again tells how many are left, never the codes.
  await page.reload();
  await expect(recovery).toContainText('10 recovery codes left');
  await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0);
  await expectAxeClean(page);

  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // The right password alone is answered 401 by next-auth (no session), which the browser logs.
  consoleGuard.allow(/status of 401/);
  await signIn(page, user.username, user.password);
  // A recovery code at the code step stands in for the passkey, once.
  const codeBox = page.getByRole('textbox', { name: 'Code', exact: true });
  await codeBox.fill(recoveryCodes[0]);
  await page.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await page.goto('/account');
  await expect(recovery).toContainText('9 recovery codes left');
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  consoleGuard.allow(/status of 401/);
  await signIn(page, user.username, user.password);
  const usePasskey = page.getByRole('button', { name: 'Use a passkey', exact: true });
  await expect(usePasskey).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Code', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toHaveCount(0);
  // Only the second factor is asked now: no other way in beside it.
  await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
  await expectAxeClean(page);
  await shot(page, 'passkeys-02-second-step', { fullPage: false });
  await usePasskey.click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  const used = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(used.credentials[0].signCount).toBeGreaterThan(made.credentials[0].signCount);

  await page.goto('/account');
  await expect(list).toContainText('last used');
  await shot(page, 'passkeys-03-signed-in', { fullPage: false });

  // A new set of recovery codes, proven with the passkey: the old ones stop working.
  await recovery.getByRole('button', { name: 'Make new recovery codes', exact: true }).click();
  const renewal = recovery.getByRole('form', { name: 'Make new recovery codes' });
  await expect(renewal).toBeVisible();
  await expectAxeClean(page);
  await renewal.getByRole('button', { name: 'Confirm with a passkey', exact: true }).click();
  const renewedCodes = recovery.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
  await expect(renewedCodes).toHaveCount(10);
  expect((await renewedCodes.allInnerTexts()).filter((c) => recoveryCodes.includes(c))).toEqual([]);
  await expectAxeClean(page);
  await recovery.scrollIntoViewIfNeeded();
  await shot(page, 'passkeys-03b-new-recovery-codes', { fullPage: false });
  await recovery.getByRole('button', { name: 'I have saved them', exact: true }).click();
  await expect(recovery).toContainText('10 recovery codes left');

  // An administrator sets a password the person must change: the change asks for the second factor too,
  // and the passkey gives it.
  const set = `set-${user.username}-pw`;
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  const reset = await request.put(`/api/admin/users/${user.id}/password`, {
    headers,
    data: { password: set, requireChange: true },
  });
  expect(reset.status(), await reset.text()).toBe(204);
  consoleGuard.allow(/status of 401/);
  await page.goto('/login');
  await signIn(page, user.username, set);
  await usePasskey.click();
  await expect(page).toHaveURL((url) => url.pathname === '/change-password');
  const change = page.getByRole('form', { name: 'Change password' });
  const chosen = `chosen-${user.username}-pw`;
  await change.getByRole('textbox', { name: 'Current password' }).fill(set);
  await change.getByRole('textbox', { name: 'New password', exact: true }).fill(chosen);
  await change.getByRole('textbox', { name: 'Repeat the new password' }).fill(chosen);
  consoleGuard.allow(/status of 401/);
  await change.getByRole('button', { name: 'Change password' }).click();
  const instead = change.getByRole('button', { name: 'Use a passkey instead', exact: true });
  await expect(instead).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'passkeys-04-change-password', { fullPage: false });
  await instead.click();
  await expect(page.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  consoleGuard.allow(/status of 401/);
  await page.getByRole('link', { name: 'Sign in' }).click();
  await signIn(page, user.username, chosen);
  await usePasskey.click();
  await expect(page.getByRole('button', { name: 'Sign out', exact: true })).toBeVisible();
  await page.goto('/account');

  // An authenticator app beside the passkey comes with a proof of the passkey, which signs first.
  const app = page.getByRole('region', { name: 'Second factor' });
  await app.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
  const secret = (await app.locator('code').innerText()).trim();
  await expect(
    app.getByRole('textbox', { name: 'A recovery code (else a passkey of yours confirms)' }),
  ).toBeVisible();
  await expectAxeClean(page);
  await app
    .getByRole('textbox', { name: 'Code from the app', exact: true })
    .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
  await app.getByRole('button', { name: 'Confirm', exact: true }).click();
  await expect(app.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
  await app.getByRole('button', { name: 'I have saved them', exact: true }).click();
  await expect(app).toContainText('An authenticator app is set up');

  // Removing it asks for a current second factor: the passkey itself here.
  await list.getByRole('button', { name: 'Remove This phone' }).click();
  const removal = card.getByRole('form', { name: 'Remove the passkey This phone' });
  await expect(removal).toBeVisible();
  await expectAxeClean(page);
  await shot(page, 'passkeys-05-remove', { fullPage: false });
  await removal.getByRole('button', { name: 'Confirm with a passkey', exact: true }).click();
  await expect(card).toContainText('You have no passkey yet.');
  // The app remains, and the recovery codes with it.
  await expect(recovery).toContainText('10 recovery codes left');
});
