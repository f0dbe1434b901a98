// A second factor required of administrators (REQUIRE_SECOND_FACTOR_FOR_ADMINS, docs/contract.md §4): an
// administrator without one who signs in with the right password reaches nothing but the page that enrols
// one, and the session's calls are refused; once it is set up, the console opens. A server of its own (the suite's runs without the setting),
// started here from the same build on its own port and embedded database, at desktop and phone width.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { stopProcessGroup } from '../scripts/process-group';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  AUTH_SECRET,
  DESKTOP_AND_PHONE,
  enrolAppInConsole,
  expect,
  expectAxeClean,
  PORT,
  shot,
  signIn,
  signInByRequest,
  test,
} from './support';

const STRICT_PORT = PORT + 5;
const STRICT_URL = `http://127.0.0.1:${STRICT_PORT}`;
const STRICT_DATA_DIR = `.data-e2e-${STRICT_PORT}-second-factor-required`;

let server: ChildProcess | undefined;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  rmSync(STRICT_DATA_DIR, { recursive: true, force: true });
  server = spawn(process.execPath, ['dist/server/http.mjs'], {
    detached: true,
    stdio: 'ignore',
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(STRICT_PORT),
      DATA_DIR: STRICT_DATA_DIR,
      DATABASE_URL: '',
      SECURITY_DISABLED: 'false',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      AUTH_SECRET,
      REQUIRE_SECOND_FACTOR_FOR_ADMINS: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  for (const deadline = Date.now() + 120_000; ;) {
    const up = await fetch(`${STRICT_URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (server.exitCode !== null || Date.now() > deadline)
      throw new Error(`the second server did not start (exit ${server.exitCode})`);
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  await stopProcessGroup(server);
  rmSync(STRICT_DATA_DIR, { recursive: true, force: true });
});

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${STRICT_URL}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return res.json();
}

let enrolledAdminToken: Promise<string> | undefined;

/**
 * An access token of the first administrator with its second factor set up in a console session of its own:
 * until then its tokens, like that session, may do nothing else, and a token may not set one up.
 */
function adminToken(browser: Browser): Promise<string> {
  enrolledAdminToken ??= (async () => {
    const signIn = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };
    const { accessToken: enrolOnly } = await post('/tokens', signIn);
    const refused = await fetch(`${STRICT_URL}/api/account/second-factor`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${enrolOnly}` },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    const context = await browser.newContext({ baseURL: STRICT_URL });
    const page = await context.newPage();
    await signInByRequest(page, ADMIN_USERNAME, ADMIN_PASSWORD, STRICT_URL);
    const secret = await enrolAppInConsole(page);
    await context.close();
    // The next step's code: each is accepted once.
    const code = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + 30_000 });
    const { accessToken } = await post('/tokens', { ...signIn, code });
    return accessToken as string;
  })();
  return enrolledAdminToken;
}

/** A new administrator of the second server, with no second factor. */
async function newAdministrator(browser: Browser): Promise<{ username: string; password: string }> {
  const user = {
    username: `strict-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`,
    password: 'a-long-admin-password-1',
  };
  await post('/admin/users', { ...user, permissionCodes: ['ACCESS_BPM_ADMIN'] }, await adminToken(browser));
  return user;
}

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport, baseURL: STRICT_URL });

    test('an administrator without a second factor is sent to set one up, and nowhere else, until it is', async ({
      page,
      browser,
    }) => {
      const admin = await newAdministrator(browser);
      await page.goto('/login');
      await signIn(page, admin.username, admin.password);
      await expect(page).toHaveURL(/\/second-factor$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Set up a second factor' })).toBeVisible();
      // Every page of the console sends them back; the API's answers to the session refuse.
      for (const path of ['/incidents', '/admin/users', '/']) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/second-factor$/);
      }
      const refused = await page.request.get('/api/trpc/incidents.summary', {
        headers: { 'sec-fetch-site': 'same-origin' },
      });
      expect(refused.status()).toBe(403);
      await expectAxeClean(page);
      await shot(page, `second-factor-required-01-${width}`, { fullPage: false });

      const card = page.getByRole('region', { name: 'Second factor' });
      await card.getByRole('button', { name: 'Set up an authenticator app', exact: true }).click();
      const secret = (await card.locator('code').innerText()).trim();
      await card
        .getByRole('textbox', { name: 'Code from the app', exact: true })
        .fill(TOTP.generate({ secret: Secret.fromBase32(secret) }));
      await card.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expect(card.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10);
      await card.getByRole('button', { name: 'I have saved them', exact: true }).click();
      await shot(page, `second-factor-required-02-${width}`, { fullPage: false });

      // Set up: the console opens.
      await page.getByRole('link', { name: 'Continue to the console', exact: true }).click();
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
      await page.goto('/incidents');
      await expect(page).toHaveURL(/\/incidents$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
    });
  });
}
