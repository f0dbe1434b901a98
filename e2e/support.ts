// Shared helpers of the browser tests: credentials, REST set-up, sign-in, screenshots, and a `test`
// whose pages fail the test on any browser console error or uncaught page error.
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Secret, TOTP } from 'otpauth';
import {
  test as base,
  expect,
  type APIRequestContext,
  type ConsoleMessage,
  type Page,
} from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, BASE_URL } from './support-env';

export { ADMIN_PASSWORD, ADMIN_USERNAME, AUTH_SECRET, BASE_URL, DATA_DIR, PORT } from './support-env';
export { expect };

const SCREENSHOT_DIR = fileURLToPath(new URL('./screenshots/', import.meta.url));

/**
 * A full-page screenshot in e2e/screenshots/<name>.png (gitignored), for people to look at. It checks
 * nothing, so it gets time of its own: on a machine loaded to a load average of 16 a full-page capture took
 * the rest of a test's 30 s and failed tests whose every expectation had passed.
 */
export async function shot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const info = base.info();
  info.setTimeout(info.timeout + 30_000);
  // The whole page, or (fullPage false) what the first screen shows, as a phone's user sees it.
  await page.screenshot({ path: `${SCREENSHOT_DIR}${name}.png`, fullPage, timeout: 30_000 });
}

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical WCAG 2.2 AA violations axe finds on the page (or inside `within`), one line a node. */
export async function axeViolations(page: Page, within?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (within) builder = builder.include(within);
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
}

/** No serious or critical WCAG 2.2 AA violation on the page (or inside `within`). */
export async function expectAxeClean(page: Page, within?: string): Promise<void> {
  expect(await axeViolations(page, within)).toEqual([]);
}

/** The two widths a journey is run at: a desktop's and a phone's (the screenshots are named by `name`). */
export const DESKTOP_AND_PHONE = [
  { name: 'desktop', viewport: { width: 1440, height: 900 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** An access token from POST /api/tokens. */
export async function getAccessToken(
  request: APIRequestContext,
  username = ADMIN_USERNAME,
  password = ADMIN_PASSWORD,
): Promise<string> {
  const res = await request.post('/api/tokens', { data: { username, password } });
  expect(res.status(), `POST /api/tokens as ${username}: ${await res.text()}`).toBe(200);
  const body = (await res.json()) as { accessToken: string; tokenType: string };
  expect(body.tokenType).toBe('Bearer');
  return body.accessToken;
}

export type CreatedUser = { id: number; username: string; password: string };

/** Creates a user over the REST API as the administrator; the name gets a unique suffix. */
export async function createUser(
  request: APIRequestContext,
  options: { usernamePrefix: string; permissionCodes?: string[]; password?: string },
): Promise<CreatedUser> {
  const token = await getAccessToken(request);
  const username = `${options.usernamePrefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const password = options.password ?? `pw-${username}-e2e`;
  const res = await request.post('/api/admin/users', {
    headers: { Authorization: `Bearer ${token}` },
    data: { username, password, permissionCodes: options.permissionCodes ?? [] },
  });
  expect(res.status(), `POST /api/admin/users: ${await res.text()}`).toBe(200);
  const user = (await res.json()) as { id: number; username: string };
  expect(user.username).toBe(username);
  return { id: user.id, username, password };
}

/** Creates a service account over the REST API as the administrator, with a token of each given name. */
export async function createServiceAccount(
  request: APIRequestContext,
  options: { namePrefix: string; permissionCodes?: string[]; tokens?: string[] },
): Promise<{ id: number; name: string }> {
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  const name = `${options.namePrefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  const res = await request.post('/api/admin/service-accounts', {
    headers,
    data: { name, description: 'Made by a browser test', permissionCodes: options.permissionCodes ?? [] },
  });
  expect(res.status(), `POST /api/admin/service-accounts: ${await res.text()}`).toBe(200);
  const account = (await res.json()) as { id: number; name: string };
  for (const token of options.tokens ?? []) {
    const made = await request.post(`/api/admin/service-accounts/${account.id}/tokens`, {
      headers,
      data: { name: token },
    });
    expect(made.status(), await made.text()).toBe(200);
  }
  return account;
}

/**
 * Signs `page`'s browser context in as the form does, through next-auth's credentials callback, without
 * loading the login page and the dashboard it leads to: page loads are most of the browser tests' CPU, and
 * most tests sign in only to reach another page. The tests of the sign-in itself use the form (signIn).
 */
export async function signInByRequest(
  page: Page,
  username: string,
  password: string,
  baseUrl = BASE_URL,
): Promise<void> {
  const origin = new URL(baseUrl).origin;
  const csrf = await page.request.get('/api/auth/csrf');
  expect(csrf.status(), `GET /api/auth/csrf: ${await csrf.text()}`).toBe(200);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const res = await page.request.post('/api/auth/callback/credentials', {
    headers: { origin },
    form: { csrfToken, username, password, callbackUrl: `${origin}/`, json: 'true' },
  });
  expect(res.status(), `sign-in of ${username}: ${await res.text()}`).toBe(200);
  const { url } = (await res.json()) as { url: string };
  expect(new URL(url).searchParams.get('error'), `sign-in of ${username}`).toBeNull();
}

/**
 * A tRPC mutation as the console's pages call it, with the session cookie of `page`'s context: second
 * factors are added from a console session only. Answers its data.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read by each test
export async function consoleMutation(page: Page, procedure: string, input: unknown): Promise<any> {
  const res = await page.request.post(`/api/trpc/${procedure}`, {
    headers: { 'sec-fetch-site': 'same-origin' },
    data: input,
  });
  expect(res.status(), `${procedure}: ${await res.text()}`).toBe(200);
  return (await res.json()).result.data;
}

/** Enrols an authenticator app for whoever `page` is signed in as; answers its secret. */
export async function enrolAppInConsole(page: Page): Promise<string> {
  const { secret } = await consoleMutation(page, 'auth.startTotpEnrolment', {});
  await consoleMutation(page, 'auth.confirmTotpEnrolment', {
    code: TOTP.generate({ secret: Secret.fromBase32(secret) }),
  });
  return secret;
}

/**
 * Signs in as the e2e administrator (by request) and opens `path`, the dashboard unless told: a test that
 * goes on elsewhere passes its page rather than loading the dashboard first.
 */
export async function signInAsAdmin(page: Page, path = '/'): Promise<void> {
  await signInByRequest(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await page.goto(path);
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
}

/** Signs in through the login form; the caller checks where it lands. */
export async function signIn(page: Page, username: string, password: string): Promise<void> {
  if (!new URL(page.url(), 'http://x').pathname.startsWith('/login')) await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
}

type ConsoleGuard = {
  /** Browser console errors and uncaught page errors seen so far. */
  errors: string[];
  /** Lets an error the test expects (e.g. the 401 of a rejected sign-in) through, once per match. */
  allow(pattern: RegExp): void;
};

export const test = base.extend<{ consoleGuard: ConsoleGuard }>({
  consoleGuard: [
    async ({ page }, use, testInfo) => {
      const allowed: RegExp[] = [];
      const errors: string[] = [];
      const record = (text: string) => {
        const i = allowed.findIndex((p) => p.test(text));
        if (i >= 0) allowed.splice(i, 1);
        else errors.push(text);
      };
      const onConsole = (msg: ConsoleMessage) => {
        if (msg.type() !== 'error') return;
        const where = msg.location().url ? ` (${msg.location().url})` : '';
        record(`console.error: ${msg.text()}${where}`);
      };
      page.on('console', onConsole);
      page.on('pageerror', (error) => record(`page error: ${error.stack ?? error.message}`));
      await use({ errors, allow: (pattern) => allowed.push(pattern) });
      page.off('console', onConsole);
      if (errors.length) await testInfo.attach('browser-errors', { body: errors.join('\n') });
      expect(errors, 'browser console errors or page errors').toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * next-auth names `origin` in every URL it answers, as a browser would see them: its providers' addresses,
 * the credentials callback's answer and the callback-url cookie it sets, and sign-out's answer. Without
 * NEXTAUTH_URL or AUTH_TRUST_HOST in the process running it, it names http://localhost:3000 whatever the port.
 */
export async function expectNextAuthNames(request: APIRequestContext, origin: string): Promise<void> {
  const providers = await request.get('/api/auth/providers');
  expect(providers.status()).toBe(200);
  expect((await providers.json()) as Record<string, unknown>).toMatchObject({
    credentials: { callbackUrl: `${origin}/api/auth/callback/credentials` },
  });

  const csrf = await request.get('/api/auth/csrf');
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  // The address asked, which the origin named may differ from (PUBLIC_URL).
  const asked = { origin: new URL(csrf.url()).origin };
  const signedIn = await request.post('/api/auth/callback/credentials', {
    headers: asked,
    form: {
      csrfToken,
      username: ADMIN_USERNAME,
      password: ADMIN_PASSWORD,
      callbackUrl: '/incidents',
      json: 'true',
    },
  });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  expect(await signedIn.json()).toEqual({ url: `${origin}/incidents` });
  const cookies = (await request.storageState()).cookies;
  const callbackCookie = cookies.find((c) => c.name.endsWith('next-auth.callback-url'));
  expect(decodeURIComponent(callbackCookie?.value ?? '')).toBe(`${origin}/incidents`);
  expect(cookies.some((c) => c.name.endsWith('next-auth.session-token'))).toBe(true);

  const signedOut = await request.post('/api/auth/signout', {
    headers: asked,
    form: { csrfToken, callbackUrl: '/login', json: 'true' },
  });
  expect(signedOut.status(), await signedOut.text()).toBe(200);
  expect(await signedOut.json()).toEqual({ url: `${origin}/login` });
}
