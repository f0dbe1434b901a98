// Browser applications of other origins (CORS): only the origins configured may read answers, preflights
// say exactly what may be sent, no credentials mode is ever offered, and the console's cookie still counts
// for nothing on REST, from any origin. A real HTTP server over the real API handler.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { corsOriginsProblem, parseCorsOrigins } from '../../transport/cors';
import { openConsoleSession } from '../support/console-session-helpers';
import {
  accessTokenFor,
  api,
  createTestUser,
  openTestDatabase,
  startApiServer,
  type TestUser,
} from '../support/helpers';
import { expectProblem } from '../support/http-helpers';

const APP = 'https://app.example';
const OTHER = 'https://evil.example';

let database: Database;
let admin: TestUser;
let token: string;
let open: Awaited<ReturnType<typeof startApiServer>>;
let closed: Awaited<ReturnType<typeof startApiServer>>;

beforeAll(async () => {
  database = await openTestDatabase();
  admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
  token = await accessTokenFor(admin);
  [open, closed] = await Promise.all([
    startApiServer(database, { corsOrigins: parseCorsOrigins(`${APP}, https://ops.example:8443`) }),
    startApiServer(database),
  ]);
});

afterAll(async () => {
  await Promise.all([open?.close(), closed?.close()]);
  await database?.close();
});

const preflight = (url: string, path: string, origin: string, method: string, headers = 'authorization') =>
  fetch(`${url}${path}`, {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': method,
      ...(headers && { 'access-control-request-headers': headers }),
    },
  });

describe('CORS preflights', () => {
  it('tell an allowed origin the methods of the path and the headers the API reads, without credentials', async () => {
    const res = await preflight(
      open.url,
      '/api/incidents/7/acknowledge',
      APP,
      'POST',
      'authorization,content-type',
    );
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Authorization/);
    expect(res.headers.get('access-control-allow-headers')).toMatch(/Content-Type/);
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(res.headers.get('vary')).toMatch(/Origin/);
    // A report sent with an Idempotency-Key, as an engine's browser tool would send it.
    const keyed = await preflight(open.url, '/api/incidents', APP, 'POST', 'authorization,idempotency-key');
    expect(keyed.status).toBe(204);
    expect(keyed.headers.get('access-control-allow-headers')).toMatch(/Idempotency-Key/);

    const list = await preflight(open.url, '/api/admin/users', 'https://ops.example:8443', 'GET');
    expect(list.status).toBe(204);
    expect(list.headers.get('access-control-allow-methods')).toBe('GET, HEAD, POST');
    const health = await preflight(open.url, '/api/health', APP, 'GET', '');
    expect(health.status).toBe(204);
  });

  it('refuse, with a problem that says why and no allowance, an origin not configured', async () => {
    for (const [url, origin] of [
      [open.url, OTHER],
      [open.url, 'https://app.example.evil.example'],
      [open.url, 'http://app.example'], // another scheme is another origin
      [open.url, 'null'], // sandboxed frames and file: pages
      [closed.url, APP], // nothing configured: nobody
    ]) {
      const res = await preflight(url, '/api/incidents', origin, 'GET');
      const text = await res.text();
      expectProblem(
        { status: res.status, headers: res.headers, body: JSON.parse(text), text },
        403,
        'FORBIDDEN',
      );
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
    }
  });

  it('refuse a method the path does not answer, a header the API does not read, an unknown path', async () => {
    const cases = [
      preflight(open.url, '/api/incidents', APP, 'DELETE'),
      preflight(open.url, '/api/incidents', APP, 'GET', 'authorization,x-forwarded-for'),
      preflight(open.url, '/api/incidents', APP, 'GET', 'cookie'),
      preflight(open.url, '/api/no-such-thing', APP, 'GET'),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.status).toBe(403);
      expect(((await res.json()) as { detail: string }).detail).toMatch(/answers|header|operation/);
    }
  });

  it('are not offered for tRPC, the console’s own same-origin transport', async () => {
    const res = await preflight(open.url, '/api/trpc/incidents.summary', APP, 'GET');
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('answers to an allowed origin', () => {
  it('are readable by it, errors included, and say which headers its script may read', async () => {
    const ok = await api(open.url, 'GET', '/incidents/summary', { token, headers: { origin: APP } });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('access-control-allow-origin')).toBe(APP);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/Retry-After/);
    expect(ok.headers.get('access-control-expose-headers')).toMatch(/RateLimit, RateLimit-Policy/);
    expect(ok.headers.get('access-control-allow-credentials')).toBeNull();
    // An export's suggested file name is readable by the other origin's script too.
    const exported = await api(open.url, 'GET', '/incidents/export', { token, headers: { origin: APP } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="incidents-/);
    expect(exported.headers.get('access-control-expose-headers')).toMatch(/Content-Disposition/);

    const missing = await api(open.url, 'GET', '/incidents/987654321', { token, headers: { origin: APP } });
    expectProblem(missing, 404, 'NOT_FOUND');
    expect(missing.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('are not readable by another origin, nor by any when none is configured', async () => {
    const other = await api(open.url, 'GET', '/incidents/summary', { token, headers: { origin: OTHER } });
    expect(other.status).toBe(200); // a browser withholds it; the server does not pretend otherwise
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    expect(other.headers.get('vary')).toMatch(/Origin/);
    const none = await api(closed.url, 'GET', '/incidents/summary', { token, headers: { origin: APP } });
    expect(none.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('never count the console’s session cookie, even from an allowed origin', async () => {
    const session = await openConsoleSession(database, admin);
    const res = await api(open.url, 'GET', '/incidents/summary', {
      headers: { origin: APP, cookie: session.cookie },
    });
    expectProblem(res, 401);
  });
});

describe('CORS_ORIGINS', () => {
  it('is a list of origins or *', () => {
    expect(corsOriginsProblem(undefined)).toBeUndefined();
    expect(corsOriginsProblem('')).toBeUndefined();
    expect(corsOriginsProblem('*')).toBeUndefined();
    expect(corsOriginsProblem('https://a.example, http://localhost:3001')).toBeUndefined();
    expect(corsOriginsProblem('https://a.example/app')).toMatch(/not an origin/);
    expect(corsOriginsProblem('a.example')).toMatch(/not an origin/);
    expect(corsOriginsProblem('ftp://a.example')).toMatch(/not an origin/);
    const any = parseCorsOrigins('*');
    expect(any).toBe('*');
    expect(parseCorsOrigins('https://A.example:443/')).toEqual(new Set(['https://a.example']));
  });
});
