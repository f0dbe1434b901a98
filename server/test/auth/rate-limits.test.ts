// Rate limits per bearer token on the REST API (docs/contract.md §10): the RateLimit headers on every
// answer, a 429 problem with Retry-After once the budget is used up and nothing done, each token on its own
// budget, the limit from the token, else its service account, else the default; console sessions unlimited.
import { beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, openConsoleSession } from '../support/console-session-helpers';
import { api, startApiServer, unique } from '../support/helpers';
import {
  expectFieldError,
  expectProblem,
  useTestApi,
  type Actor,
  type ApiResponse,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** A new API token of a new administrator, with `rateLimitPerMinute` when given. */
async function adminToken(rateLimitPerMinute?: number | null): Promise<string> {
  const owner = await t.admin();
  const res = await as.post(`/admin/users/${owner.id}/api-tokens`, {
    name: unique('script'),
    ...(rateLimitPerMinute !== undefined && { rateLimitPerMinute }),
  });
  expect(res.status, res.text).toBe(200);
  expect(res.body.rateLimitPerMinute).toBe(rateLimitPerMinute ?? null);
  return res.body.token;
}

async function serviceAccount(body: Record<string, unknown> = {}) {
  const res = await as.post('/admin/service-accounts', {
    name: unique('engine'),
    permissionCodes: ['ACCESS_BPM_ADMIN'],
    ...body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; rateLimitPerMinute: number | null };
}

async function serviceAccountToken(accountId: number, body: Record<string, unknown> = {}) {
  const res = await as.post(`/admin/service-accounts/${accountId}/tokens`, { name: 'engine', ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as { token: string; rateLimitPerMinute: number | null };
}

const get = (token: string, path = '/admin/permissions') => t.call('GET', path, { token });

/** The draft's fields of an answer, parsed: the policy's quota and window, and what is left. */
function rateLimitOf(res: ApiResponse) {
  const policy = /^"default";q=(\d+);w=(\d+)$/.exec(res.headers.get('ratelimit-policy') ?? '');
  const state = /^"default";r=(\d+);t=(\d+)$/.exec(res.headers.get('ratelimit') ?? '');
  expect(policy, `RateLimit-Policy: ${res.headers.get('ratelimit-policy')}`).not.toBeNull();
  expect(state, `RateLimit: ${res.headers.get('ratelimit')}`).not.toBeNull();
  return { quota: Number(policy![1]), window: Number(policy![2]), remaining: Number(state![1]) };
}

/** Sends `count` requests one after another: their statuses. */
async function statusesOf(count: number, send: () => Promise<ApiResponse>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) statuses.push((await send()).status);
  return statuses;
}

describe('a token with a limit of 5 per minute', () => {
  it('gets 5 requests through with the RateLimit headers counting down, and the 6th a 429 that does nothing', async () => {
    const token = await adminToken(5);
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await get(token);
      expect(res.status, res.text).toBe(200);
      const limit = rateLimitOf(res);
      expect(limit.quota).toBe(5);
      expect(limit.window).toBe(60);
      remaining.push(limit.remaining);
    }
    expect(remaining).toEqual([4, 3, 2, 1, 0]);

    const name = unique('refused');
    const refused = await t.withoutChange(() =>
      t.call('POST', '/admin/service-accounts', { token, body: { name } }),
    );
    expectProblem(refused, 429, 'RATE_LIMITED');
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
    expect(rateLimitOf(refused)).toMatchObject({ quota: 5, remaining: 0 });
    expect(refused.body.detail).toMatch(/5 requests per minute/);
    expect((await as.get(`/admin/service-accounts?q=${name}`)).body).toEqual([]);
  });

  it('leaves other tokens, the same person signed in, and the console unaffected', async () => {
    const owner = await t.admin();
    const limited = (
      await as.post(`/admin/users/${owner.id}/api-tokens`, { name: 'x', rateLimitPerMinute: 1 })
    ).body.token as string;
    const other = await adminToken(1);
    expect((await get(limited)).status).toBe(200);
    expectProblem(await get(limited), 429, 'RATE_LIMITED');

    expect((await get(other)).status).toBe(200);
    // The owner's access token has a budget of its own (the default, shared by their access tokens).
    const signedIn = await get(owner.token);
    expect(signedIn.status).toBe(200);
    expect(rateLimitOf(signedIn).quota).toBe(6000);
    // The console's session has none: no headers, never refused.
    const { cookie } = await openConsoleSession(t.database, owner.user);
    for (let i = 0; i < 3; i++) {
      const res = await consoleCall(t.url, cookie, 'auth.me');
      expect(res.status).toBe(200);
    }
    const console = await fetch(`${t.url}/api/trpc/auth.me`, {
      headers: { cookie, origin: t.url, 'sec-fetch-site': 'same-origin' },
    });
    expect(console.status).toBe(200);
    expect(console.headers.get('ratelimit')).toBeNull();
  });

  it('is kept on tRPC too when a bearer token calls it', async () => {
    const token = await adminToken(1);
    const call = () => fetch(`${t.url}/api/trpc/auth.me`, { headers: { authorization: `Bearer ${token}` } });
    const admitted = await call();
    expect(admitted.status).toBe(200);
    expect(admitted.headers.get('ratelimit-policy')).toBe('"default";q=1;w=60');
    expect(admitted.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    const refused = await call();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
  });
});

describe('every request a token makes', () => {
  const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

  it('takes a unit for a download over tRPC as on REST: a token refused on one is refused on the other', async () => {
    const token = await adminToken(3);
    const incidentsOverRest = await get(token, '/incidents/export?nodeId=none');
    expect(incidentsOverRest.status, incidentsOverRest.text).toBe(200);
    expect(rateLimitOf(incidentsOverRest)).toMatchObject({ quota: 3, remaining: 2 });
    const incidents = await get(token, `/trpc/incidents.export?input=${input({ nodeId: ['none'] })}`);
    expect(incidents.status, incidents.text).toBe(200);
    expect(rateLimitOf(incidents)).toMatchObject({ quota: 3, remaining: 1 });
    const audit = await get(token, `/trpc/admin.exportAuditEvents?input=${input({ action: 'none' })}`);
    expect(audit.status, audit.text).toBe(200);
    expect(rateLimitOf(audit)).toMatchObject({ quota: 3, remaining: 0 });

    expectProblem(await get(token, '/incidents/export?nodeId=none'), 429, 'RATE_LIMITED');
    for (const path of [
      `/trpc/incidents.export?input=${input({ nodeId: ['none'] })}`,
      `/trpc/admin.exportAuditEvents?input=${input({})}`,
    ]) {
      const refused = await get(token, path);
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(rateLimitOf(refused)).toMatchObject({ quota: 3, remaining: 0 });
      expect(refused.headers.get('content-disposition')).toBeNull();
    }
  });

  it('takes a unit for each call of a tRPC batch, and refuses whole a batch larger than what is left', async () => {
    const token = await adminToken(4);
    const batch = (calls: number) =>
      fetch(`${t.url}/api/trpc/${Array(calls).fill('auth.me').join(',')}?batch=1`, {
        headers: { authorization: `Bearer ${token}` },
      });
    // Ten calls against a limit of 4: none runs, and nothing is taken.
    const tooLarge = await batch(10);
    expect(tooLarge.status).toBe(429);
    expect(Number(tooLarge.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);

    const three = await batch(3);
    expect(three.status).toBe(200);
    expect(((await three.json()) as unknown[]).length).toBe(3);
    expect(three.headers.get('ratelimit-policy')).toBe('"default";q=4;w=60');
    expect(three.headers.get('ratelimit')).toMatch(/^"default";r=1;t=\d+$/);
    const two = await batch(2);
    expect(two.status).toBe(429);
    expect(two.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    // What is left is still there for a call that fits.
    const one = await batch(1);
    expect(one.status).toBe(200);
    expect(one.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect((await batch(1)).status).toBe(429);
    expectProblem(await get(token), 429, 'RATE_LIMITED');
  });

  it('takes a unit for each opening of the event stream, over REST and tRPC', async () => {
    const token = await adminToken(2);
    const open = async (path: string) => {
      const aborted = new AbortController();
      const res = await fetch(`${t.url}${path}`, {
        headers: { authorization: `Bearer ${token}` },
        signal: aborted.signal,
      });
      const answer = {
        status: res.status,
        rateLimit: res.headers.get('ratelimit'),
        retryAfter: res.headers.get('retry-after'),
      };
      aborted.abort();
      return answer;
    };
    expect(await open('/api/incidents/events/stream')).toMatchObject({
      status: 200,
      rateLimit: expect.stringMatching(/^"default";r=1;/),
    });
    expect(await open('/api/trpc/incidents.changes')).toMatchObject({
      status: 200,
      rateLimit: expect.stringMatching(/^"default";r=0;/),
    });
    for (const path of ['/api/incidents/events/stream', '/api/trpc/incidents.changes']) {
      const refused = await open(path);
      expect(refused.status).toBe(429);
      expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    }
  });

  it('takes a unit for a read of the metrics', async () => {
    const token = await adminToken(1);
    const metrics = () => fetch(`${t.url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const read = await metrics();
    expect(read.status).toBe(200);
    expect(read.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    const refused = await metrics();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });
});

describe('the limit that applies', () => {
  it("is the service account's for its tokens, unless the token sets its own", async () => {
    const account = await serviceAccount({ rateLimitPerMinute: 2 });
    expect(account.rateLimitPerMinute).toBe(2);
    const inherits = await serviceAccountToken(account.id);
    expect(inherits.rateLimitPerMinute).toBeNull();
    const own = await serviceAccountToken(account.id, { rateLimitPerMinute: 4 });
    expect(await statusesOf(3, () => get(inherits.token))).toEqual([200, 200, 429]);
    expect(await statusesOf(5, () => get(own.token))).toEqual([200, 200, 200, 200, 429]);
    // Each token has a budget of its own: a second token of the account starts full.
    const second = await serviceAccountToken(account.id);
    const res = await get(second.token);
    expect(res.status).toBe(200);
    expect(rateLimitOf(res)).toMatchObject({ quota: 2, remaining: 1 });
  });

  it("follows a change of the service account's limit, and null brings the default back", async () => {
    const account = await serviceAccount();
    expect(account.rateLimitPerMinute).toBeNull();
    const { token } = await serviceAccountToken(account.id);
    expect(rateLimitOf(await get(token)).quota).toBe(6000);
    const changed = await as.put(`/admin/service-accounts/${account.id}`, { rateLimitPerMinute: 50 });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.rateLimitPerMinute).toBe(50);
    expect(rateLimitOf(await get(token)).quota).toBe(50);
    const reset = await as.put(`/admin/service-accounts/${account.id}`, { rateLimitPerMinute: null });
    expect(reset.body.rateLimitPerMinute).toBeNull();
    expect(rateLimitOf(await get(token)).quota).toBe(6000);
  });

  it("is the instance's default (API_RATE_LIMIT_PER_MINUTE) for a token and account that set none", async () => {
    const server = await startApiServer(t.database, { rateLimitPerMinute: 3 });
    try {
      const token = await adminToken();
      const statuses = await statusesOf(
        4,
        async () => await api(server.url, 'GET', '/admin/permissions', { token }),
      );
      expect(statuses).toEqual([200, 200, 200, 429]);
      // The default is each instance's setting: the other one's applies there.
      const elsewhere = await get(token);
      expect(rateLimitOf(elsewhere).quota).toBe(6000);
    } finally {
      await server.close();
    }
  });
});

describe('concurrent requests', () => {
  it('50 at once against a limit of 10: exactly 10 get through', async () => {
    const token = await adminToken(10);
    const answers = await Promise.all(Array.from({ length: 50 }, () => get(token)));
    const statuses = answers.map((res) => res.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
  });
});

describe('the Camunda-compatible paths', () => {
  it('take from the same budget as the REST API, and answer 429 in their own shape', async () => {
    const account = await serviceAccount();
    const { token } = await serviceAccountToken(account.id, { rateLimitPerMinute: 3 });
    const fetchAndLock = () =>
      api(t.url, 'POST', '/engine-rest/external-task/fetchAndLock', {
        token,
        body: { workerId: 'w1', maxTasks: 0, topics: [] },
      });
    expect((await get(token)).status).toBe(200);
    const first = await fetchAndLock();
    expect(first.status, first.text).toBe(200);
    expect(rateLimitOf(first)).toMatchObject({ quota: 3, remaining: 1 });
    expect((await fetchAndLock()).status).toBe(200);
    const refused = await fetchAndLock();
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({
      type: 'RestException',
      message: expect.stringMatching(/3 requests/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expectProblem(await get(token), 429, 'RATE_LIMITED');
  });
});

describe('bad limits', () => {
  const bad = [0, -1, 1.5, '10', 1_000_001, true];

  it('are refused on token creation with nothing made', async () => {
    for (const rateLimitPerMinute of bad) {
      const res = await t.withoutChange(() =>
        as.post(`/admin/users/${admin.id}/api-tokens`, { name: 'x', rateLimitPerMinute }),
      );
      expectFieldError(res, 'rateLimitPerMinute');
      const account = await serviceAccount();
      const forAccount = await t.withoutChange(() =>
        as.post(`/admin/service-accounts/${account.id}/tokens`, { name: 'x', rateLimitPerMinute }),
      );
      expectFieldError(forAccount, 'rateLimitPerMinute');
    }
  });

  it('are refused on a service account, created or changed, with nothing changed', async () => {
    const account = await serviceAccount({ rateLimitPerMinute: 7 });
    for (const rateLimitPerMinute of bad) {
      const created = await t.withoutChange(() =>
        as.post('/admin/service-accounts', { name: unique('engine'), rateLimitPerMinute }),
      );
      expectFieldError(created, 'rateLimitPerMinute');
      const changed = await t.withoutChange(() =>
        as.put(`/admin/service-accounts/${account.id}`, { rateLimitPerMinute, description: 'changed' }),
      );
      expectFieldError(changed, 'rateLimitPerMinute');
    }
    expect((await as.get(`/admin/service-accounts/${account.id}`)).body).toMatchObject({
      rateLimitPerMinute: 7,
      description: null,
    });
  });
});
