// Single sign-on through a real OpenID provider (oidc-provider, started here on IDP_PORT; the server under
// test has OIDC_* pointing at it, playwright.config.ts): the first sign-in provisions the person with the
// mapped groups, the provider's group changes count at the next sign-in, no mapped group means no console,
// a callback with a wrong state or replayed is refused, a provider down or hanging is a quick, clear error,
// sign-out ends the session here. The sign-in page with its SSO button is clean under axe at both widths.
// All of it on the suite's server (PGlite, the console in the server's process) and again on PostgreSQL with
// the console in a process of its own, on another port and with PUBLIC_URL naming another host: next-auth's
// URLs (the provider's redirect_uri first) name PUBLIC_URL where it is set, else the address the browser used.
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { startIdentityProvider, type IdentityProvider } from '../server/test/support/identity-provider';
import { startPostgresServer, type PostgresServer } from './postgres-server';
import {
  BASE_URL,
  DESKTOP_AND_PHONE,
  expect,
  expectNextAuthNames,
  getAccessToken,
  PORT,
  shot,
  test,
} from './support';
import { IDP_ISSUER, IDP_PORT, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET, OIDC_SERVER_ENV } from './support-env';

const DATABASE_URL = process.env.DATABASE_URL;

const SSO_BUTTON = 'Continue with the test provider';

/** The server on PostgreSQL, the console in a process of its own: its own port, and PUBLIC_URL another host. */
const POSTGRES_PORT = PORT + 7;
const POSTGRES_PUBLIC_URL = `http://localhost:${POSTGRES_PORT}`;

let idp: IdentityProvider;
test.beforeAll(async () => {
  idp = await startIdentityProvider({
    port: IDP_PORT,
    clientId: OIDC_CLIENT_ID,
    clientSecret: OIDC_CLIENT_SECRET,
    redirectUris: [BASE_URL, POSTGRES_PUBLIC_URL].map((origin) => `${origin}/api/auth/callback/oidc`),
  });
});
test.afterAll(() => idp.stop());

/** Every journey, against the server at `base`; screenshots named `${shots}-...`. */
function journeys(base: string, shots: string) {
  /** The groups the mapping names (OIDC_GROUP_MAPPING: bpm-admins=SSO_ADMINS,bpm-ops=SSO_OPS), made once. */
  test.beforeAll(async ({ request }) => {
    const token = await getAccessToken(request);
    for (const [code, permissionCodes] of [
      ['SSO_ADMINS', ['ACCESS_BPM_ADMIN']],
      ['SSO_OPS', ['ACCESS_PROCESS_PORTAL']],
    ] as const) {
      const res = await request.post('/api/admin/groups', {
        headers: { Authorization: `Bearer ${token}` },
        data: { code, name: code, permissionCodes },
      });
      expect([200, 409], await res.text()).toContain(res.status());
    }
  });

  const unique = (prefix: string) =>
    `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

  /** A person at the provider; answers their subject and username. */
  function person(groups: string[]): { sub: string; username: string } {
    const username = unique('sso');
    const sub = unique('sub');
    idp.people.set(sub, { username, groups });
    return { sub, username };
  }

  /** From the console's sign-in page, through the provider's, back to the console. */
  async function signInThroughProvider(page: Page, sub: string): Promise<void> {
    if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible();
    await page.getByLabel('Subject').fill(sub);
    await page.getByRole('button', { name: 'Sign in at the provider' }).click();
  }

  async function userNamed(request: APIRequestContext, username: string) {
    const token = await getAccessToken(request);
    const headers = { Authorization: `Bearer ${token}` };
    const list = await request.get(`/api/admin/users?q=${encodeURIComponent(username)}`, { headers });
    const [found] = (await list.json()) as { id: number }[];
    expect(found, `user ${username}`).toBeTruthy();
    const detail = await request.get(`/api/admin/users/${found.id}`, { headers });
    return (await detail.json()) as {
      id: number;
      groups: string[];
      effectivePermissions: string[];
      identityProvider: string | null;
      permissionSources: { permission: string; source: string; group: string | null }[];
    };
  }

  async function newPage(browser: Browser): Promise<Page> {
    const context = await browser.newContext({ baseURL: base });
    return context.newPage();
  }

  async function axeClean(page: Page) {
    const { violations } = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );
  }

  test('the first sign-in provisions the person with the mapped groups; signing out ends the session', async ({
    page,
    request,
  }) => {
    const { sub, username } = person(['bpm-admins', 'not-mapped']);
    let callback = '';
    page.on('request', (r) => {
      if (r.url().startsWith(`${base}/api/auth/callback/oidc?`)) callback = r.url();
    });
    await page.goto('/login?callbackUrl=%2Fadmin%2Fusers');
    await signInThroughProvider(page, sub);
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    const user = await userNamed(request, username);
    expect(user).toMatchObject({
      groups: ['SSO_ADMINS'],
      effectivePermissions: ['ACCESS_BPM_ADMIN'],
      identityProvider: `http://127.0.0.1:${IDP_PORT}`,
    });
    expect(user.permissionSources).toEqual([
      { permission: 'ACCESS_BPM_ADMIN', source: 'IDENTITY_PROVIDER', group: 'SSO_ADMINS' },
    ]);
    await page.goto(`/admin/users/${user.id}`);
    const sources = page.getByRole('list', { name: 'Sources of ACCESS_BPM_ADMIN' });
    await expect(sources.getByRole('listitem')).toHaveText([
      'group SSO_ADMINS',
      'from the identity provider',
    ]);
    await expect(page.getByText(/Signs in through the identity provider/)).toBeVisible();
    await expect(page.getByRole('button', { name: /Reset password/ })).toHaveCount(0);
    await shot(page, `${shots}-01-user-from-provider`);
    await axeClean(page);

    // Their own account page offers no second factor of the console's: the provider's is theirs.
    await page.goto('/account');
    await expect(page.getByText('You sign in through your identity provider')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Sessions' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Set up an authenticator app|Add a passkey/ })).toHaveCount(
      0,
    );
    await shot(page, `${shots}-01b-account`);
    await axeClean(page);

    // Signing out ends the session here: the cookie kept from before counts for nothing afterwards.
    const cookies = await page.context().cookies();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    await page.context().addCookies(cookies);
    await page.goto('/admin/users');
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    const token = await getAccessToken(request);
    const sessions = await request.get(`/api/admin/users/${user.id}/sessions`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await sessions.json()).toEqual([]);

    // The provider's answer again (a replayed callback): refused, no session.
    expect(callback).not.toBe('');
    await page.context().clearCookies();
    await page.goto(callback);
    await expect(
      page.getByRole('alert').filter({ hasText: 'Single sign-on did not complete' }),
    ).toBeVisible();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  test('the groups the provider gives count at the next sign-in; no mapped group, no console', async ({
    page,
    request,
    browser,
  }) => {
    const { sub, username } = person(['bpm-ops']);
    await signInThroughProvider(page, sub);
    await expect(page.getByRole('heading', { name: 'No access' })).toBeVisible();
    expect(await userNamed(request, username)).toMatchObject({
      groups: ['SSO_OPS'],
      effectivePermissions: ['ACCESS_PROCESS_PORTAL'],
    });
    await shot(page, `${shots}-02-no-access`);

    idp.people.set(sub, { username, groups: ['bpm-admins'] });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
    // Still signed in at the provider (its own session): straight back, with the groups it gives now.
    await page.getByRole('button', { name: SSO_BUTTON }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    expect(await userNamed(request, username)).toMatchObject({ groups: ['SSO_ADMINS'] });

    // Someone the mapping gives nothing: signed in, with no permission at all.
    const nobody = person(['somewhere-else']);
    const other = await newPage(browser);
    await signInThroughProvider(other, nobody.sub);
    await expect(other.getByRole('heading', { name: 'No access' })).toBeVisible();
    expect(await userNamed(request, nobody.username)).toMatchObject({ groups: [], effectivePermissions: [] });
    await other.context().close();
  });

  /**
   * Signs `sub` in at the provider in `page` and answers the provider's redirect back to the console, not
   * followed: the browser's sign-in at the provider is sent from here, its redirects followed by hand (with the
   * browser's cookies) until the one to the console, which is kept.
   */
  async function heldCallback(page: Page, sub: string): Promise<string> {
    let callback = '';
    await page.route(/\/interaction\//, async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      let response = await route.fetch({ maxRedirects: 0 });
      for (let step = 0; step < 10; step++) {
        const location = new URL(response.headers()['location'], route.request().url()).toString();
        if (location.startsWith(`${base}/api/auth/callback/oidc?`)) {
          callback = location;
          break;
        }
        response = await page.request.get(location, { maxRedirects: 0 });
      }
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<title>held</title><p>held</p>' });
    });
    await signInThroughProvider(page, sub);
    await expect.poll(() => callback).not.toBe('');
    await page.unroute(/\/interaction\//);
    return callback;
  }

  test('a callback without its state is refused, in this browser or another', async ({ page, browser }) => {
    const { sub } = person(['bpm-admins']);
    const callback = await heldCallback(page, sub);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', 'not-the-state-this-browser-was-given');
    await page.goto(tampered.toString());
    await expect(
      page.getByRole('alert').filter({ hasText: 'Single sign-on did not complete' }),
    ).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);

    // The genuine answer, in a browser that never started this sign-in (no state or PKCE cookie): refused.
    const other = await newPage(browser);
    await other.goto(callback);
    await expect(
      other.getByRole('alert').filter({ hasText: 'Single sign-on did not complete' }),
    ).toBeVisible();
    await expect(other.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    await other.context().close();

    // In the browser that started it, the same answer is good: what the others lacked was its state and PKCE.
    await page.goto(callback);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('a provider that stops answering at the callback is a clear error, not a hang', async ({ page }) => {
    const callback = await heldCallback(page, person(['bpm-admins']).sub);
    // The code is exchanged at the provider's token endpoint, which now holds every request.
    idp.hang();
    try {
      await page.goto(callback);
      await expect(
        page.getByRole('alert').filter({ hasText: 'Single sign-on did not complete' }),
      ).toBeVisible();
      await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0);
    } finally {
      idp.resume();
    }
  });

  test('a provider that is down or does not answer is a clear error on the sign-in page', async ({
    page,
  }) => {
    await page.goto('/login');
    await idp.stop();
    try {
      await page.getByRole('button', { name: SSO_BUTTON }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be reached' })).toBeVisible();
      await expect(page).toHaveURL(/\/login\?.*error=OAuthSignin/);
    } finally {
      await idp.start();
    }

    // Listening but never answering: the console gives up after OIDC_TIMEOUT_MS (2 s here).
    await page.goto('/login');
    idp.hang();
    try {
      await page.getByRole('button', { name: SSO_BUTTON }).click();
      await expect(page.getByRole('alert').filter({ hasText: 'could not be reached' })).toBeVisible();
    } finally {
      idp.resume();
    }
    // The password form is still there, the break-glass way in.
    await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  });

  for (const size of DESKTOP_AND_PHONE) {
    test(`the sign-in page with its SSO button passes axe at ${size.name} width`, async ({ page }) => {
      await page.setViewportSize(size.viewport);
      await page.goto('/login');
      await expect(page.getByRole('button', { name: SSO_BUTTON })).toBeEnabled();
      await axeClean(page);
      await shot(page, `${shots}-03-sign-in-${size.name}`);
      // Reached from the keyboard: after the password form's button, the SSO button.
      await page.getByRole('button', { name: 'Sign in', exact: true }).focus();
      await page.keyboard.press('Tab');
      await expect(page.getByRole('button', { name: SSO_BUTTON })).toBeFocused();

      await page.goto('/login?error=OidcNameTaken');
      await expect(page.getByRole('alert', { name: 'Single sign-on failed' })).toContainText('already taken');
      await axeClean(page);
      await shot(page, `${shots}-04-sign-in-error-${size.name}`);
    });
  }
}

test.describe('on embedded PGlite, the console in the server process', () => {
  test('next-auth names the address the browser used', async ({ request }) => {
    await expectNextAuthNames(request, BASE_URL);
  });
  journeys(BASE_URL, 'sso');
});

test.describe('on PostgreSQL, the console in a process of its own, with PUBLIC_URL', () => {
  test.skip(!DATABASE_URL, 'needs PostgreSQL (DATABASE_URL), as CI sets it');
  test.use({ baseURL: POSTGRES_PUBLIC_URL });
  let server: PostgresServer | undefined;
  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startPostgresServer(DATABASE_URL!, POSTGRES_PORT, {
      ...OIDC_SERVER_ENV,
      PUBLIC_URL: `${POSTGRES_PUBLIC_URL}/`,
    });
  });
  test.afterAll(async () => {
    await server?.stop();
  });

  test('next-auth names PUBLIC_URL, whatever address is asked', async ({ playwright }) => {
    // Asked at 127.0.0.1, not at PUBLIC_URL's host.
    const request = await playwright.request.newContext({ baseURL: server!.url });
    try {
      await expectNextAuthNames(request, POSTGRES_PUBLIC_URL);
      const csrf = await request.get('/api/auth/csrf');
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const toProvider = await request.post('/api/auth/signin/oidc', {
        headers: { origin: server!.url },
        form: { csrfToken, callbackUrl: '/incidents', json: 'true' },
      });
      expect(toProvider.status(), await toProvider.text()).toBe(200);
      const authorization = new URL(((await toProvider.json()) as { url: string }).url);
      expect(authorization.origin).toBe(IDP_ISSUER);
      expect(authorization.searchParams.get('redirect_uri')).toBe(
        `${POSTGRES_PUBLIC_URL}/api/auth/callback/oidc`,
      );
    } finally {
      await request.dispose();
    }
  });
  journeys(POSTGRES_PUBLIC_URL, 'sso-postgres');
});
