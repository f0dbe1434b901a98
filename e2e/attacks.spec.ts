// Attacks on the signed-in console, run from other pages in the same Chromium: forms that post to the API
// with the administrator's cookie (from the same site and from another), a frame around the console,
// hostile callbackUrl values, and the headers that make each of them fail.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminApi, signInAsAdmin, uniqueName } from './admin-support';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  BASE_URL,
  PORT,
  expect,
  getAccessToken,
  signIn,
  test,
} from './support';

// The attacker's pages: 127.0.0.1 on another port is the same site as the console (cookies are shared
// across ports), localhost is another site.
let attacker: http.Server;
let attackerPort: number;
const attackPages = new Map<string, string>();

test.beforeAll(async () => {
  attacker = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const page = attackPages.get(path);
    // No favicon, but no 404 either: it would be a console error of its own.
    res.writeHead(page ? 200 : path === '/favicon.ico' ? 204 : 404, {
      'Content-Type': 'text/html; charset=utf-8',
    });
    res.end(page ?? '');
  });
  // A port beside the console's, so that parallel runs on other ports keep to their own ranges.
  await new Promise<void>((resolve) => attacker.listen(PORT + 1, '0.0.0.0', resolve));
  attackerPort = (attacker.address() as AddressInfo).port;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => attacker.close(() => resolve()));
});

const sites = {
  'the same site (another port)': () => `http://127.0.0.1:${attackerPort}`,
  'another site': () => `http://localhost:${attackerPort}`,
};

const FORM_KINDS = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data'] as const;

/** A page that auto-submits a form the browser may post anywhere without a CORS preflight, holding a valid group. */
function forgedForm(action: string, enctype: (typeof FORM_KINDS)[number], code: string): string {
  const group = JSON.stringify({ code, name: 'Planted', permissionCodes: ['ACCESS_BPM_ADMIN'] });
  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/'/g, '&#39;');
  // text/plain sends name=value: the name carries the JSON up to a dummy field, the value closes it.
  const fields =
    enctype === 'multipart/form-data'
      ? `<input name="code" value="${code}"><input name="name" value="Planted">` +
        '<input name="permissionCodes" value="ACCESS_BPM_ADMIN">'
      : enctype === 'text/plain'
        ? `<input name='${attr(group.slice(0, -1) + ',"pad":"')}' value='"}'>`
        : `<input name='${attr(group)}' value=''>`;
  return `<h1>Win a prize</h1><form method="post" enctype="${enctype}" action="${action}">${fields}</form>
    <script>document.forms[0].submit();</script>`;
}

async function groupCodes(request: APIRequestContext): Promise<string[]> {
  const token = await getAccessToken(request);
  const res = await request.get('/api/admin/groups', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { code: string }[]).map((g) => g.code);
}

for (const [where, origin] of Object.entries(sites)) {
  for (const target of ['/api/admin/groups', '/api/trpc/admin.createGroup']) {
    test(`forms from ${where} posting to ${target} while the admin is signed in create nothing`, async ({
      page,
      request,
      consoleGuard,
    }) => {
      test.slow();
      await signInAsAdmin(page);
      const codes: string[] = [];
      for (const enctype of FORM_KINDS) {
        const code = uniqueName(`CSRF_${enctype.split('/')[1]}`)
          .toUpperCase()
          .replace(/[^A-Z0-9_]/g, '_');
        codes.push(code);
        const path = `/${uniqueName('attack')}`;
        attackPages.set(path, forgedForm(`${BASE_URL}${target}`, enctype, code));
        // The browser logs the refused answer (415, or 401 where it did not send the cookie at all).
        consoleGuard.allow(/status of 4(01|15)/);
        const answer = page.waitForResponse((r) => r.url() === `${BASE_URL}${target}`);
        await page.goto(`${origin()}${path}`);
        expect([401, 415], enctype).toContain((await answer).status());
      }
      const existing = await groupCodes(request);
      for (const code of codes) expect(existing).not.toContain(code);
      // The session itself still works: the console was never the weak point.
      await page.goto('/admin/groups');
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    });
  }
}

test("the console's own calls refuse keys that name a prototype, and create nothing", async ({
  page,
  request,
  consoleGuard,
}) => {
  await signInAsAdmin(page);
  // The browser logs each refusal: the single call and the batch.
  consoleGuard.allow(/status of 400/);
  consoleGuard.allow(/status of 400/);
  const code = uniqueName('PROTO')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');
  // Sent as the console sends its calls: same origin, the session cookie, JSON written out (a JavaScript
  // object literal's __proto__ would set its prototype rather than be a key).
  const answers = await page.evaluate(async (code) => {
    const send = async (path: string, body: string) => {
      const res = await fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      return { status: res.status, body: await res.json() };
    };
    const planted = `"__proto__":{"permissionCodes":["ACCESS_BPM_ADMIN"]}`;
    return [
      await send('/api/trpc/admin.createGroup', `{"code":"${code}","name":"Planted",${planted}}`),
      await send(
        '/api/trpc/admin.createGroup?batch=1',
        `{"0":{"code":"${code}","name":"Planted",${planted}}}`,
      ),
    ];
  }, code);
  const [single, batched] = answers;
  expect(single.status).toBe(400);
  expect(single.body.error.problem.errors[0].field).toBe('__proto__');
  expect(batched.status).toBe(400);
  expect(batched.body[0].error.problem.errors[0].field).toBe('__proto__');
  expect(await groupCodes(request)).not.toContain(code);
});

test('a page of another origin cannot frame the signed-in console', async ({ page, consoleGuard }) => {
  await signInAsAdmin(page);
  consoleGuard.allow(/frame-ancestors|Refused to (display|frame)/);
  const path = `/${uniqueName('frame')}`;
  attackPages.set(path, `<h1>Win a prize</h1><iframe name="victim" src="${BASE_URL}/admin/users"></iframe>`);
  const framed = page.waitForResponse(`${BASE_URL}/admin/users`);
  await page.goto(`http://127.0.0.1:${attackerPort}${path}`);
  const answer = await framed;
  expect(answer.headers()['x-frame-options']).toBe('DENY');
  expect(answer.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  // Chromium replaces a refused frame with its error page: none of the console is in it.
  const frame = page.frame({ name: 'victim' })!;
  await expect.poll(() => frame.url()).not.toContain('/admin/users');
  expect(await frame.locator('text=Users').count()).toBe(0);
});

// Raw query values, as an attacker writes them into a link.
const escapingCallbacks = [
  '/%5Cevil.example/after-login',
  '/%09/evil.example/',
  '/%5C/evil.example/',
  '//evil.example',
  '/.//evil.example',
  '/..//evil.example',
  '/%2E/%5Cevil.example',
  '/%2e%2e/%09/evil.example',
  'https://evil.example/',
  'javascript:alert(1)',
];
const hostileBytes = ['%E6%97%A5', '%0D%0A', '%E2%80%A8', '%00', '/%0D%0ASet-Cookie:%20x=1', '/%E6%97%A5%00'];

test('signing in from a link with a hostile callbackUrl lands on the console, never elsewhere', async ({
  page,
}) => {
  test.slow();
  for (const callback of [...escapingCallbacks.slice(0, 3), '%0D%0A']) {
    // Off the console first: a console page whose session ends goes to sign-in by itself (its live stream
    // is refused), which would race this navigation.
    await page.goto('about:blank');
    await page.context().clearCookies();
    const shown = await page.goto(`/login?callbackUrl=${callback}`);
    expect(shown?.status(), callback).toBe(200);
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page, callback).toHaveURL((url) => url.origin === BASE_URL && url.pathname === '/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  }
});

test('signed in, every hostile callbackUrl redirects within the console and is never a 500', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.slow();
  for (const callback of [...escapingCallbacks, ...hostileBytes]) {
    const res = await request.get(`/login?callbackUrl=${callback}`, { maxRedirects: 0 });
    expect(res.status(), callback).toBeLessThan(500);
  }
  await signInAsAdmin(page);
  for (const callback of escapingCallbacks) {
    const res = await request.get(`/login?callbackUrl=${callback}`, {
      maxRedirects: 0,
      headers: { cookie: await cookieHeader(page) },
    });
    expect(res.status(), callback).toBe(307);
    expect(res.headers().location, callback).toBe('/');
  }
  for (const callback of hostileBytes) {
    // A path of the console (perhaps one that does not exist) whose 404 page the browser logs.
    consoleGuard.allow(/status of 404/);
    const res = await page.goto(`/login?callbackUrl=${callback}`);
    expect(res?.status(), callback).toBeLessThan(500);
    expect(new URL(page.url()).origin, callback).toBe(BASE_URL);
  }
});

async function cookieHeader(page: Page): Promise<string> {
  return (await page.context().cookies(BASE_URL)).map((c) => `${c.name}=${c.value}`).join('; ');
}

test('pages carry a nonce-based Content-Security-Policy, and an injected inline handler does not run', async ({
  page,
  request,
  consoleGuard,
}) => {
  test.slow();
  await signInAsAdmin(page);
  const policies: string[] = [];
  for (const path of ['/', '/incidents', '/admin/users', '/no-such-page']) {
    if (path === '/no-such-page') consoleGuard.allow(/status of 404/);
    const res = await page.goto(path);
    const headers = res!.headers();
    const policy = headers['content-security-policy'];
    expect(policy, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(policy, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(policy, path).toContain("frame-ancestors 'none'");
    expect(headers['x-frame-options'], path).toBe('DENY');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['referrer-policy'], path).toBe('strict-origin-when-cross-origin');
    expect(headers['strict-transport-security'], 'plain http').toBeUndefined();
    policies.push(policy);
  }
  expect(new Set(policies.map((p) => /'nonce-([^']+)'/.exec(p)![1])).size, 'a nonce per request').toBe(4);

  // Markup an attacker managed to store and have rendered: its inline handler is refused.
  await page.goto('/admin/users');
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible();
  consoleGuard.allow(/Content Security Policy/);
  const image = page.waitForResponse((r) => r.url().includes('/icon.svg?injected'));
  await page.evaluate(() =>
    document.body.insertAdjacentHTML(
      'beforeend',
      '<img src="/icon.svg?injected" onload="window.__pwned = 1">',
    ),
  );
  await image;
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  for (const path of ['/api/health', '/api/docs', '/_not-a-file.js']) {
    const res = await request.get(path);
    expect(res.headers()['x-content-type-options'], path).toBe('nosniff');
    expect(res.headers()['content-security-policy'], path).toContain("frame-ancestors 'none'");
  }
});

test('a token answer is never cached, and a forged X-Forwarded-Host changes nothing in next-auth', async ({
  request,
}) => {
  const res = await request.post('/api/tokens', {
    data: { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
  });
  expect(res.status()).toBe(200);
  expect(res.headers()['cache-control']).toBe('no-store');

  const forged = { 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };
  const providers = await request.get('/api/auth/providers', { headers: forged });
  expect(providers.status()).toBe(200);
  expect(JSON.stringify(await providers.json())).not.toContain('evil.example');
  expect(JSON.stringify(await providers.json())).toContain(`${BASE_URL}/api/auth/`);
  const signIn = await request.get('/api/auth/signin', { headers: forged, maxRedirects: 0 });
  expect(signIn.headers().location ?? '').not.toContain('evil.example');
  for (const cookie of signIn.headersArray().filter((h) => h.name.toLowerCase() === 'set-cookie')) {
    expect(cookie.value).not.toMatch(/;\s*secure/i);
    expect(cookie.value).not.toMatch(/^__Secure-/);
  }
});

test('the console works under its policy: the main pages and the API reference log no violation', async ({
  page,
}) => {
  test.slow();
  await signInAsAdmin(page);
  for (const [path, heading] of [
    ['/', 'Dashboard'],
    ['/incidents', 'Incidents'],
    ['/admin/users', 'Users'],
    ['/admin/groups', 'Groups'],
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }
  await page.goto('/api/docs');
  // Swagger UI renders the whole document first: slow on a loaded machine.
  await expect(page.getByRole('heading', { name: /BPM Admin Console API/ })).toBeVisible({ timeout: 30_000 });
  // adminApi's own REST calls still work with a bearer token beside the signed-in browser.
  expect((await (await adminApi(page.request)).users()).length).toBeGreaterThan(0);
});
