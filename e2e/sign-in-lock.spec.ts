// A user locked by failed sign-ins: refused in the console too, shown as locked to the administrator, who
// lifts the lock; the user then signs in.
import { notification, signInAsAdmin, tokenStatus } from './admin-support';
import { createUser, expect, shot, signIn, test } from './support';

// A journey through two browsers on a shared machine: more than the default 30 s.
test.describe.configure({ timeout: 60_000 });

test('a locked user is refused at the console, shown as locked, and signs in again once an administrator unlocks them', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request, { usernamePrefix: 'lena', permissionCodes: ['ACCESS_BPM_ADMIN'] });
  for (let i = 0; i < 5; i++)
    expect(await tokenStatus(request, user.username, `wrong-password-${i}`)).toBe(401);
  expect(await tokenStatus(request, user.username, user.password)).toBe(429);

  // The console's own sign-in keeps the same lock, also for the right password.
  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto('/login');
  await signIn(other, user.username, user.password);
  await expect(other.getByText(/Too many failed sign-in attempts/)).toBeVisible();
  await shot(other, 'sign-in-lock-01-console-refused');

  await signInAsAdmin(page, `/admin/users/${user.id}`);
  const lock = page.getByRole('alert').filter({ hasText: 'Locked until' });
  await expect(lock).toBeVisible();
  await expect(lock).toContainText('also with the right password');
  await shot(page, 'sign-in-lock-02-user-locked');
  await lock.getByRole('button', { name: 'Unlock' }).click();
  await expect(notification(page, 'User unlocked')).toBeVisible();
  await expect(lock).toBeHidden();
  await shot(page, 'sign-in-lock-03-user-unlocked');

  await signIn(other, user.username, user.password);
  await expect(other.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await context.close();
});
