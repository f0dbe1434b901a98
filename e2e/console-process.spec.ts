// The console's pages in a process of their own (with PostgreSQL: server/runtime/console-process.ts,
// docs/decisions/0010-console-process.md). The suite's server runs on PGlite, one process; this one, started
// here from the same build on PostgreSQL with WEB_CONCURRENCY=1, serves the API in one process and the
// pages in another, which the API process passes them to. Signed in through the form (next-auth's POSTs go
// through too), a page with its nonce; then the console's process killed: the API goes on answering, a page
// answers 503 with Retry-After until the primary has started another, and the session holds. Without
// PUBLIC_URL, next-auth there names the address the browser used (e2e/single-sign-on.spec.ts: with it).
import { startPostgresServer, type PostgresServer } from './postgres-server';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  expect,
  expectNextAuthNames,
  PORT,
  shot,
  signIn,
  test,
} from './support';

const DATABASE_URL = process.env.DATABASE_URL;
const SPLIT_PORT = PORT + 6;
const SPLIT_URL = `http://127.0.0.1:${SPLIT_PORT}`;

let server: PostgresServer | undefined;

/** The pids the console's processes logged, in the order they started. */
function consolePids(): number[] {
  return server!.logLines
    .map((line) => {
      try {
        return JSON.parse(line) as { pid?: number; msg?: string };
      } catch {
        return {};
      }
    })
    .filter((entry) => entry.msg?.startsWith('console: pages served in a process of their own'))
    .map((entry) => entry.pid!);
}

const isGone = (pid: number) => {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
};

test.describe('the console in a process of its own, on PostgreSQL', () => {
  test.skip(!DATABASE_URL, 'needs PostgreSQL (DATABASE_URL), as CI sets it');
  test.describe.configure({ mode: 'serial' });
  test.use({ baseURL: SPLIT_URL });

  test.beforeAll(async () => {
    test.setTimeout(150_000);
    server = await startPostgresServer(DATABASE_URL!, SPLIT_PORT);
  });

  test.afterAll(async () => {
    await server?.stop();
  });

  test('pages, sign-in included, are served by the console process through the API process', async ({
    page,
  }) => {
    await expect.poll(() => consolePids().length, { timeout: 10_000 }).toBe(1);
    const login = await page.goto('/login');
    expect(login?.status()).toBe(200);
    // The security headers of the API process and the page's own policy with its nonce, from the console's.
    const headers = login!.headers();
    expect(headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(headers['x-frame-options']).toBe('DENY');
    expect(headers['x-content-type-options']).toBe('nosniff');
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
    await shot(page, 'console-process-01-incidents', { fullPage: false });
  });

  test('next-auth in the console process names the address the browser used, not localhost:3000', async ({
    request,
  }) => {
    await expectNextAuthNames(request, SPLIT_URL);
  });

  test('the console process killed: the API answers, pages say so honestly, and come back', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const tokenAnswer = await fetch(`${SPLIT_URL}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_USERNAME, password: ADMIN_PASSWORD }),
    });
    expect(tokenAnswer.status).toBe(200);
    const { accessToken } = (await tokenAnswer.json()) as { accessToken: string };
    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();

    // Off the console while it is down: its link prefetches would fail (503) in the browser's console.
    await page.goto('about:blank');
    const [first] = consolePids();
    process.kill(first, 'SIGKILL');
    await expect.poll(() => isGone(first), { timeout: 10_000, intervals: [20] }).toBe(true);

    // Another console process takes seconds to load Next: until it listens, pages say what is going on.
    const unavailable = await fetch(`${SPLIT_URL}/incidents`);
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('2');
    expect(await unavailable.text()).toContain('The API is available');
    const incidents = await fetch(`${SPLIT_URL}/api/incidents?limit=1`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(incidents.status).toBe(200);

    await expect.poll(() => fetch(`${SPLIT_URL}/login`).then((r) => r.status), { timeout: 90_000 }).toBe(200);
    // Its log line may arrive a little after its first page (the log is written in batches).
    await expect.poll(() => consolePids().length, { timeout: 10_000 }).toBe(2);
    expect(consolePids()[1]).not.toBe(first);
    // The session is the browser's cookie: signed in still.
    await page.goto('/incidents');
    await expect(page.getByRole('heading', { level: 1, name: 'Incidents' })).toBeVisible();
  });
});
