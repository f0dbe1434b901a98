// The headers every API answer carries, read from the real process entry (server/http.ts, which sets them
// for every request), on the database this run uses: success, refusals, token answers, and HSTS only over
// https (X-Forwarded-Proto believed only with TRUST_PROXY=true).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createTestUser, onPostgres, openTestDatabase } from '../support/helpers';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';

const PASSWORD = 'a-long-enough-password';
let database: Database | undefined;
const dataDirs: string[] = [];
let plain: ServerProcess;
let behindProxy: ServerProcess;
let token: string;

/** A server process on this run's database: the test's own PostgreSQL database, or a fresh PGlite directory. */
async function serverProcess(env: Record<string, string>): Promise<ServerProcess> {
  const common = { AUTH_SECRET: process.env.AUTH_SECRET!, ADMIN_PASSWORD: PASSWORD, ...env };
  const started = database
    ? await startServerProcess(await databaseUrlOf(database), common, { waitForHealth: false })
    : await startServerProcess('', { ...common, DATA_DIR: newDataDir() }, { waitForHealth: false });
  // A new PGlite directory migrates first: on a loaded machine that takes longer than startServerProcess waits.
  for (const deadline = Date.now() + 110_000; Date.now() < deadline;) {
    if (started.process.exitCode !== null) throw new Error(`server exited with ${started.process.exitCode}`);
    if (
      await fetch(`${started.url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return started;
    await new Promise((r) => setTimeout(r, 200));
  }
  await stopProcess(started.process);
  throw new Error('server process did not start');
}

function newDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'bpm-headers-'));
  dataDirs.push(dir);
  return dir;
}

beforeAll(async () => {
  if (onPostgres) {
    database = await openTestDatabase();
    await createTestUser(database, {
      username: 'admin',
      password: PASSWORD,
      permissions: ['ACCESS_BPM_ADMIN'],
    });
  }
  [plain, behindProxy] = await Promise.all([serverProcess({}), serverProcess({ TRUST_PROXY: 'true' })]);
  const res = await fetch(`${plain.url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  token = ((await res.json()) as { accessToken: string }).accessToken;
}, 240_000);

afterAll(async () => {
  await Promise.all([plain, behindProxy].filter(Boolean).map((p) => stopProcess(p.process, 'SIGTERM')));
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function expectCommonHeaders(res: Response, what: string) {
  expect(res.headers.get('x-frame-options'), what).toBe('DENY');
  expect(res.headers.get('content-security-policy'), what).toContain("frame-ancestors 'none'");
  expect(res.headers.get('content-security-policy'), what).not.toContain('unsafe-eval');
  expect(res.headers.get('x-content-type-options'), what).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), what).toBe('strict-origin-when-cross-origin');
  expect(res.headers.get('strict-transport-security'), `${what} over http`).toBeNull();
}

describe('headers on API answers', () => {
  it.each([
    ['an authenticated success', 'GET', '/api/admin/users', true, undefined, 200],
    ['a 401', 'GET', '/api/admin/users', false, undefined, 401],
    ['a 404', 'GET', '/api/no-such-path', true, undefined, 404],
    ['a 405', 'DELETE', '/api/admin/permissions', true, undefined, 405],
    ['a 415', 'POST', '/api/admin/groups', true, 'code=X', 415],
    ['a tRPC answer', 'GET', '/api/trpc/auth.me', true, undefined, 200],
    ['the health check', 'GET', '/api/health', false, undefined, 200],
  ])('%s carries them all, and no-store', async (what, method, url, withToken, body, status) => {
    const res = await fetch(`${plain.url}${url}`, {
      method,
      headers: withToken ? { authorization: `Bearer ${token}` } : {},
      body,
    });
    expect(res.status, what).toBe(status);
    expectCommonHeaders(res, what);
    expect(res.headers.get('cache-control'), what).toBe('no-store');
  });

  it('token answers are no-store, on REST and tRPC', async () => {
    const init = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    };
    for (const url of ['/api/tokens', '/api/trpc/auth.createToken']) {
      const res = await fetch(`${plain.url}${url}`, init);
      expect(res.status, url).toBe(200);
      expectCommonHeaders(res, url);
      expect(res.headers.get('cache-control'), url).toBe('no-store');
    }
  });

  it('the API reference runs its scripts from files only, and may not be framed either', async () => {
    const res = await fetch(`${plain.url}/api/docs`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res, '/api/docs');
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self';/);
    // Every script of the page is a file of this origin: nothing inline for the policy to refuse.
    expect(await res.text()).not.toMatch(/<script>(?!<\/script>)|<script[^>]*>[^<]+<\/script>/);
  });
});

describe('HSTS', () => {
  it('is sent over https as told by a trusted proxy, and never on a forged X-Forwarded-Proto', async () => {
    const forged = await fetch(`${plain.url}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    const proxied = await fetch(`${behindProxy.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(proxied.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const proxiedPlain = await fetch(`${behindProxy.url}/api/health`, {
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxiedPlain.headers.get('strict-transport-security')).toBeNull();
  });
});
