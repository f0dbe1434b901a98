// Sign-in journeys of the console, one per test, against the production server on a fresh database.
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createUser,
  expect,
  getAccessToken,
  shot,
  signIn,
  signInByRequest,
  test,
} from './support';

test('an administrator signs in, sees the dashboard with counts, and signs out', async ({
  page,
  request,
}) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('heading', { name: 'BPM Admin Console' })).toBeVisible();
  await expect(page).toHaveTitle('Sign in · BPM Admin Console');
  await shot(page, 'sign-in-01-login');

  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('banner')).toContainText(ADMIN_USERNAME);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page).toHaveTitle('Dashboard · BPM Admin Console');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();

  // The counts the page shows are the ones the REST API reports (nothing reports incidents meanwhile).
  const token = await getAccessToken(request);
  const res = await request.get('/api/incidents/summary', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const summary = (await res.json()) as Record<string, number>;
  const count = (label: string) => page.getByRole('link', { name: new RegExp(`^${label}\\b`) });
  for (const [label, key] of [
    ['Open', 'openIncidents'],
    ['Critical', 'criticalIncidents'],
    ['Acknowledged', 'acknowledgedIncidents'],
    ['Created today', 'incidentsCreatedToday'],
  ]) {
    // As the page writes counts: grouped by thousands (components/format-count.ts).
    await expect(count(label).getByText(summary[key].toLocaleString('en'), { exact: true })).toBeVisible();
  }
  await shot(page, 'sign-in-02-dashboard');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await shot(page, 'sign-in-03-signed-out');

  await page.goto('/');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test('a wrong password shows an error in words and stays on the sign-in page', async ({
  page,
  consoleGuard,
}) => {
  // Chromium logs the rejected credentials call (401) as a failed resource; that one is expected.
  consoleGuard.allow(/status of 401 .*\/api\/auth\/callback\/credentials/);
  await page.goto('/login');
  await signIn(page, ADMIN_USERNAME, 'not-the-right-password');

  const alert = page.getByRole('alert', { name: 'Could not sign in' });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('Wrong username or password');
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  await shot(page, 'sign-in-04-wrong-password');
});

test('a user without ACCESS_BPM_ADMIN sees the No access page and can sign out', async ({
  page,
  request,
}) => {
  const user = await createUser(request, {
    usernamePrefix: 'portal-user',
    permissionCodes: ['ACCESS_PROCESS_PORTAL'],
  });

  await page.goto('/login');
  await signIn(page, user.username, user.password);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main).toContainText(`signed in as ${user.username}`);
  await expect(main).toContainText('ACCESS_BPM_ADMIN');
  // None of the console itself is shown.
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
  await shot(page, 'sign-in-05-no-access');

  await main.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login(\?|$)/);
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
});

test('the API reference loads', async ({ page }) => {
  await page.goto('/api/docs');
  await expect(page.getByRole('heading', { name: /BPM Admin Console API/ })).toBeVisible();
  await expect(page.getByText('/tokens').first()).toBeVisible();
  await shot(page, 'sign-in-06-api-docs');
});

// Chromium asks for /favicon.ico now and then even though the page names its icon; a 404 there is a
// console error on whichever journey it happens to fall (it failed one in CI).
test('the favicon browsers ask for is served', async ({ request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
});

test.describe('on a phone-sized screen', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an administrator sees the dashboard and reaches the navigation through the menu button', async ({
    page,
  }) => {
    await page.goto('/');
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByRole('link', { name: /^Open\b/ })).toBeVisible();
    await expect(page.getByRole('banner')).toContainText(ADMIN_USERNAME);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'API reference' })).not.toBeInViewport();
    await shot(page, 'sign-in-07-mobile-dashboard');

    await page.getByRole('button', { name: 'Open navigation' }).click();
    await expect(nav.getByRole('link', { name: 'API reference' })).toBeInViewport();
    await shot(page, 'sign-in-08-mobile-navigation');

    await nav.getByRole('link', { name: 'Dashboard' }).click();
    await expect(nav.getByRole('link', { name: 'API reference' })).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Open navigation' })).toBeVisible();
  });

  test('a long username is cut short in the header, never the Sign out button', async ({ page, request }) => {
    const user = await createUser(request, {
      usernamePrefix: 'a-very-long-username-of-an-on-call-administrator',
      permissionCodes: ['ACCESS_BPM_ADMIN'],
    });
    await signInByRequest(page, user.username, user.password);
    await page.goto('/');
    const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true });
    await expect(signOut).toBeInViewport({ ratio: 1 });
    const box = (await signOut.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await expect(page.getByRole('banner').getByTitle(user.username)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot(page, 'sign-in-09-mobile-long-username', { fullPage: false });
  });
});
