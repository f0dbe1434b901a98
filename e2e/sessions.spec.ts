// Console sessions end on the server, and a person whose session ended is sent to sign in and back; a
// password an administrator generated must be changed before anything else.
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { IncidentApi, boardRow, uniqueTag } from './incident-support';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL, createUser, expect, shot, signIn, test } from './support';

// Each journey signs in two or three times and waits for several pages: on a loaded machine that is more
// than the default 30 seconds.
test.slow();

/** Signs the context's session out through next-auth itself, as the Sign out button does. */
async function signOutThroughNextAuth(request: APIRequestContext): Promise<void> {
  const { csrfToken } = (await (await request.get('/api/auth/csrf')).json()) as { csrfToken: string };
  const res = await request.post('/api/auth/signout', { form: { csrfToken, json: 'true' } });
  expect(res.status()).toBeLessThan(400);
}

/** The session cookie, as a thief (or a browser that missed the sign-out) would keep it. */
async function sessionCookies(context: BrowserContext) {
  const cookies = await context.cookies();
  const session = cookies.filter((c) => c.name.endsWith('next-auth.session-token'));
  expect(session).toHaveLength(1);
  return session;
}

test('after sign-out the old session cookie opens nothing: pages go to sign-in, tRPC answers 401', async ({
  page,
  context,
  consoleGuard,
}) => {
  await page.goto('/login');
  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const kept = await sessionCookies(context);

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);

  await context.addCookies(kept);
  consoleGuard.allow(/status of 401/);
  await page.goto('/incidents?status=OPEN');
  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('callbackUrl') === '/incidents?status=OPEN',
  );
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  const me = await page.request.get('/api/trpc/auth.me', {
    headers: { 'content-type': 'application/json' },
  });
  expect(me.status()).toBe(401);
});

test('a session that ended while a page was open: the next action goes to sign-in and back to that page', async ({
  page,
  context,
  request,
  consoleGuard,
}) => {
  const api = await IncidentApi.signIn(request);
  const incident = await api.report({ message: `Payment provider timed out ${uniqueTag('session')}` });

  await page.goto('/login');
  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto(`/incidents?status=OPEN&q=${encodeURIComponent(incident.message)}`);
  await expect(boardRow(page, incident.id)).toBeVisible({ timeout: 30_000 });
  const board = new URL(page.url());
  const boardPath = board.pathname + board.search;

  // The session ends on the server (signed out elsewhere); this page still holds its cookie.
  const kept = await sessionCookies(context);
  await signOutThroughNextAuth(context.request);
  await context.addCookies(kept);

  // The action's call and any query refreshed meanwhile are refused (401) before the page goes.
  for (let i = 0; i < 4; i++) consoleGuard.allow(/status of 401/);
  await boardRow(page, incident.id).getByRole('checkbox').check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await toolbar.getByRole('button', { name: 'Acknowledge', exact: true }).click();
  await page
    .getByRole('dialog', { name: /^Acknowledge 1 incident/ })
    .getByRole('button', { name: /^Acknowledge 1 incident/ })
    .click();

  await expect(page).toHaveURL(
    (url) => url.pathname === '/login' && url.searchParams.get('callbackUrl') === boardPath,
  );
  await expect(page.getByText(/bearer token/i)).toHaveCount(0);
  await shot(page, 'sessions-01-ended-back-to-sign-in');

  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname + url.search === boardPath);
  await expect(boardRow(page, incident.id)).toBeVisible({ timeout: 30_000 });
  // Nothing was done on the way: the incident is still open.
  expect((await api.get(incident.id)).status).toBe('OPEN');
});

test('an administrator generates a password that must be changed; the user is made to change it', async ({
  page,
  browser,
  request,
}) => {
  const user = await createUser(request, {
    usernamePrefix: 'must-change',
    permissionCodes: ['ACCESS_BPM_ADMIN'],
  });
  await page.goto('/login');
  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.goto(`/admin/users/${user.id}`);
  await page.getByRole('button', { name: 'Reset password…' }).click();
  const reset = page.getByRole('dialog', { name: `Reset the password of ${user.username}?` });
  await reset.getByRole('checkbox', { name: /Generate password/ }).check();
  await expect(reset.getByRole('textbox', { name: 'New password', exact: true })).toHaveCount(0);
  await reset.getByRole('checkbox', { name: /Require change at next sign-in/ }).check();
  await reset.getByRole('button', { name: 'Reset password' }).click();
  const generated = (await reset.getByTestId('generated-password').textContent())!.trim();
  expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
  await shot(page, 'sessions-02-generated-password');
  await reset.getByRole('button', { name: 'Done' }).click();
  await expect(reset).toBeHidden();

  // No token either, until it is changed.
  const refused = await request.post('/api/tokens', {
    data: { username: user.username, password: generated },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { code: string }).code).toBe('PASSWORD_CHANGE_REQUIRED');

  const userContext = await browser.newContext({ baseURL: BASE_URL });
  const userPage = await userContext.newPage();
  await userPage.goto('/login');
  await signIn(userPage, user.username, generated);
  await expect(userPage).toHaveURL((url) => url.pathname === '/change-password');
  await userPage.goto('/incidents');
  await expect(userPage).toHaveURL((url) => url.pathname === '/change-password');
  const form = userPage.getByRole('form', { name: 'Change password' });
  await expect(form).toContainText('An administrator set your password');
  await shot(userPage, 'sessions-03-change-required');

  const chosen = `chosen-${user.username}-pw`;
  await form.getByRole('textbox', { name: 'Current password' }).fill(generated);
  await form.getByRole('textbox', { name: 'New password', exact: true }).fill(chosen);
  await form.getByRole('textbox', { name: 'Repeat the new password' }).fill(chosen);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(userPage.getByRole('heading', { name: 'Password changed' })).toBeVisible();
  await userPage.getByRole('link', { name: 'Sign in' }).click();
  await signIn(userPage, user.username, chosen);
  await expect(userPage).toHaveURL((url) => url.pathname === '/');
  await expect(userPage.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await userContext.close();

  const token = await request.post('/api/tokens', { data: { username: user.username, password: chosen } });
  expect(token.status()).toBe(200);
});
