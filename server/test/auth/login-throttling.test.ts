// Sign-in throttling as an attacker tries it: tRPC batches of guesses, parallel guesses over HTTP (on one
// server and across three server processes on one PostgreSQL), many usernames from one address, the
// console's own sign-in; and the administrator who sees the lock and lifts it.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import type { User } from 'next-auth';
import type { CredentialsConfig } from 'next-auth/providers/credentials';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rowsOf, setProcessDatabase } from '../../../db/client';
import { LOCK_SECONDS, MAX_FAILURES, addressBudgetKey } from '../../auth/login';
import { getAuthOptions } from '../../auth/next-auth';
import { CLIENT_ADDRESS_HEADER } from '../../transport/client-address';
import { getEnv } from '../../runtime/env';
import { MAX_BATCH_CALLS } from '../../transport/trpc-batch';
import { api, onPostgres, unique, type TestUser } from '../support/helpers';
import {
  LOCAL_DATE_TIME,
  expectNoContent,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Actor,
  type ApiResponse,
} from '../support/http-helpers';
import { databaseUrlOf, startServerProcess, stopProcess } from '../support/processes';

const t = useTestApi();
let admin: Actor;
beforeAll(async () => {
  admin = await t.admin();
});
// Each test starts with unspent address budgets: all of them come from 127.0.0.1.
beforeEach(() => t.database.db.execute(sql`delete from rate_limits`));

/** How many passwords were checked for `username`: every check is audited, as a sign-in or a failure. */
async function passwordChecksOf(username: string) {
  const rows = rowsOf<{ action: string; n: number }>(
    await t.database.db.execute(sql`
      select action, count(*)::int as n from audit_events
      where lower(actor) = ${username.toLowerCase()} and action like 'auth.%' group by action`),
  );
  const count = (action: string) => rows.find((r) => r.action === action)?.n ?? 0;
  return {
    failed: count('auth.sign_in_failed'),
    succeeded: count('auth.sign_in'),
    locked: count('auth.locked'),
  };
}

async function loginFailuresOf(username: string) {
  return rowsOf<{ failures: number }>(
    await t.database.db.execute(
      sql`select failures from login_failures where username_key = ${username.toLowerCase()}`,
    ),
  );
}

/** A tRPC batch over HTTP: `paths` joined as tRPC joins them, inputs keyed by position. */
function trpcBatch(paths: string[], inputs: unknown[], opts: { token?: string } = {}) {
  const body = Object.fromEntries(inputs.map((input, i) => [String(i), input]));
  return t.call('POST', `/trpc/${paths.join(',')}?batch=1`, { body, token: opts.token });
}

const countOf = (answers: ApiResponse[], status: number) => answers.filter((a) => a.status === status).length;

describe('tRPC batches', () => {
  it('a batch of 30 sign-ins for one username (29 wrong, the last right) is refused before any password is checked', async () => {
    const user = await t.user();
    const inputs = [
      ...Array.from({ length: 29 }, (_, i) => ({ username: user.username, password: `wrong-${i}` })),
      { username: user.username, password: user.password },
    ];
    const res = await trpcBatch(Array(30).fill('auth.createToken'), inputs);
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.text).not.toContain('accessToken');
    expect(await passwordChecksOf(user.username)).toEqual({ failed: 0, succeeded: 0, locked: 0 });
    expect(await loginFailuresOf(user.username)).toEqual([]);
  });

  it.each([
    ['two sign-ins', ['auth.createToken', 'auth.createToken']],
    ['a sign-in with a query', ['admin.listPermissions', 'auth.createToken']],
    ['a URL-encoded sign-in with another', ['auth%2EcreateToken', 'auth.me']],
  ])('a batch of %s is refused, and no password is checked', async (_, paths) => {
    const user = await t.user();
    const inputs = paths.map(() => ({ username: user.username, password: user.password }));
    const res = await trpcBatch(paths, inputs, { token: admin.token });
    expectProblem(res, 400, 'VALIDATION_FAILED');
    expect(res.body.detail).toMatch(/cannot be batched/);
    expect(await passwordChecksOf(user.username)).toEqual({ failed: 0, succeeded: 0, locked: 0 });
  });

  it('a sign-in alone, even sent as a batch of one, works', async () => {
    const user = await t.user();
    const res = await trpcBatch(['auth.createToken'], [{ username: user.username, password: user.password }]);
    expect(res.status, res.text).toBe(200);
    expect(res.body[0].result.data.accessToken).toEqual(expect.any(String));
  });

  it(`any batch holds at most ${MAX_BATCH_CALLS} calls`, async () => {
    const paths = (n: number) => Array(n).fill('admin.listPermissions').join(',');
    const input = (n: number) =>
      encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    const full = await t.call(
      'GET',
      `/trpc/${paths(MAX_BATCH_CALLS)}?batch=1&input=${input(MAX_BATCH_CALLS)}`,
      {
        token: admin.token,
      },
    );
    expect(full.status, full.text).toBe(200);
    expect(full.body).toHaveLength(MAX_BATCH_CALLS);
    const over = MAX_BATCH_CALLS + 1;
    const tooMany = await t.call('GET', `/trpc/${paths(over)}?batch=1&input=${input(over)}`, {
      token: admin.token,
    });
    expectProblem(tooMany, 400, 'VALIDATION_FAILED');
    expect(tooMany.body.detail).toMatch(/at most 10 calls/);
  });
});

describe('parallel guesses', () => {
  it(`30 parallel wrong passwords to POST /api/tokens check ${MAX_FAILURES} passwords; the rest, and then the right password, are 429`, async () => {
    const user = await t.user();
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => t.signIn(user.username, `wrong-password-${i}`)),
    );
    expect(countOf(answers, 401)).toBe(MAX_FAILURES);
    expect(countOf(answers, 429)).toBe(30 - MAX_FAILURES);
    for (const refused of answers.filter((a) => a.status === 429)) {
      expectProblem(refused, 429, 'RATE_LIMITED');
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(await passwordChecksOf(user.username)).toEqual({ failed: MAX_FAILURES, succeeded: 0, locked: 1 });

    const right = await t.signIn(user.username, user.password);
    expectProblem(right, 429, 'RATE_LIMITED');
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(LOCK_SECONDS - 60);
    expect(retryAfter).toBeLessThanOrEqual(LOCK_SECONDS);
    expect((await passwordChecksOf(user.username)).succeeded).toBe(0);
  });

  it('parallel single tRPC sign-ins are throttled the same way', async () => {
    const user = await t.user();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        // tRPC answers errors in its own shape, not as problem documents: unchecked.
        api(t.url, 'POST', '/trpc/auth.createToken', {
          body: { username: user.username, password: `wrong-${i}` },
        }),
      ),
    );
    expect(countOf(answers, 401)).toBe(MAX_FAILURES);
    expect(countOf(answers, 429)).toBe(12 - MAX_FAILURES);
    expect((await passwordChecksOf(user.username)).failed).toBe(MAX_FAILURES);
  });

  it('the right password sent alongside fewer than 5 wrong ones is checked and signs in', async () => {
    const user = await t.user();
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, (_, i) => t.signIn(user.username, `wrong-${i}`)),
      t.signIn(user.username, user.password),
    ]);
    expect(countOf(answers, 200)).toBe(1);
    expect(countOf(answers, 401)).toBe(3);
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
    expect(await loginFailuresOf(user.username)).toEqual([]);
  });
});

describe.runIf(onPostgres)('parallel guesses across three server processes (PostgreSQL)', () => {
  const children: ChildProcess[] = [];
  let urls: string[];
  beforeAll(async () => {
    const databaseUrl = await databaseUrlOf(t.database);
    // Only the per-username rule is under test here: a budget per address large enough not to interfere.
    const servers = await Promise.all(
      [0, 1, 2].map(() => startServerProcess(databaseUrl, { LOGIN_ADDRESS_LIMIT_PER_MINUTE: '1000' })),
    );
    children.push(...servers.map((s) => s.process));
    urls = servers.map((s) => s.url);
  }, 120_000);
  afterAll(() => Promise.all(children.map((c) => stopProcess(c))));

  it(`30 parallel wrong passwords spread over the processes check at most ${MAX_FAILURES} passwords`, async () => {
    const user = await t.user();
    const signIn = (url: string, password: string) =>
      api(url, 'POST', '/tokens', { body: { username: user.username, password } });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => signIn(urls[i % urls.length], `wrong-password-${i}`)),
    );
    expect(countOf(answers, 401)).toBe(MAX_FAILURES);
    expect(countOf(answers, 429)).toBe(30 - MAX_FAILURES);
    expect(await passwordChecksOf(user.username)).toEqual({ failed: MAX_FAILURES, succeeded: 0, locked: 1 });
    for (const url of urls) expect((await signIn(url, user.password)).status).toBe(429);
  });
});

describe('budget of failed password checks per client address', () => {
  const limit = () => getEnv().LOGIN_ADDRESS_LIMIT_PER_MINUTE;

  it('successful sign-ins do not spend it', async () => {
    const user = await t.user();
    // One after another: concurrent attempts for one username count against its lock even when right.
    for (let i = 0; i < limit() + 5; i++)
      expect((await t.signIn(user.username, user.password)).status).toBe(200);
    expectUnauthenticated(await t.signIn(unique('nobody'), 'a wrong password'));
  });

  it('guesses on as many usernames as the budget allows are checked; the next ones, from that address, are 429', async () => {
    const user = await t.user();
    const guesses = Array.from({ length: limit() + 10 }, () => unique('nobody'));
    const answers = await Promise.all(guesses.map((username) => t.signIn(username, 'a wrong password')));
    expect(countOf(answers, 401)).toBe(limit());
    expect(countOf(answers, 429)).toBe(10);
    const refused = answers.find((a) => a.status === 429)!;
    expect(refused.body.detail).toMatch(/from this address/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Without TRUST_PROXY a claimed X-Forwarded-For is not another address.
    const forwarded = await t.call('POST', '/tokens', {
      body: { username: unique('nobody'), password: 'a wrong password' },
      headers: { 'x-forwarded-for': '203.0.113.9' },
    });
    expectProblem(forwarded, 429, 'RATE_LIMITED');
    // Nor does the right password pass: the address may not make us check any more passwords now.
    expectProblem(await t.signIn(user.username, user.password), 429, 'RATE_LIMITED');
    expect((await passwordChecksOf(user.username)).succeeded).toBe(0);
  });
});

describe('the address whose budget a sign-in spends', () => {
  it.each([
    ['127.0.0.1', 'login-address:127.0.0.1'],
    ['::ffff:127.0.0.1', 'login-address:127.0.0.1'],
    ['2001:db8:0:1::5', 'login-address:2001:db8:0:1::/64'],
    ['2001:0DB8:0000:0001:ffff:1:2:3', 'login-address:2001:db8:0:1::/64'],
    ['fe80::1%eth0', 'login-address:fe80:0:0:0::/64'],
  ])('%s spends %s', (address, key) => {
    expect(addressBudgetKey(address)).toBe(key);
  });
});

describe('an administrator and a locked user', () => {
  async function lock(user: TestUser) {
    for (let i = 0; i < MAX_FAILURES; i++) expectUnauthenticated(await t.signIn(user.username, `wrong-${i}`));
    expectProblem(await t.signIn(user.username, user.password), 429, 'RATE_LIMITED');
  }

  it('sees the lock on the user, lifts it (audited), and the user signs in again', async () => {
    const user = await t.user();
    const before = await t.as(admin.token).get(`/admin/users/${user.id}`);
    expect(before.body.lockedUntil).toBeNull();
    await lock(user);

    const locked = await t.as(admin.token).get(`/admin/users/${user.id}`);
    expect(locked.body.lockedUntil).toMatch(LOCAL_DATE_TIME);
    const until = new Date(`${locked.body.lockedUntil}Z`).getTime(); // TZ=UTC in the tests
    expect(until - Date.now()).toBeGreaterThan((LOCK_SECONDS - 60) * 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(LOCK_SECONDS * 1000);

    expectNoContent(await t.as(admin.token).post(`/admin/users/${user.id}/unlock`));
    expect((await t.as(admin.token).get(`/admin/users/${user.id}`)).body.lockedUntil).toBeNull();
    expect((await t.signIn(user.username, user.password)).status).toBe(200);

    const [unlock] = (await t.auditOf(admin.token, admin.username)).filter((e) => e.action === 'user.unlock');
    expect(unlock).toMatchObject({
      targetType: 'user',
      targetId: String(user.id),
      before: { username: user.username, lockedUntil: locked.body.lockedUntil },
    });
  });

  it('the sign-in events name the username tried and the address, never the password', async () => {
    const user = await t.user();
    await lock(user);
    const events = await t.auditOf(admin.token, user.username);
    expect(events.map((e) => e.action)).toEqual([
      'auth.locked',
      ...Array(MAX_FAILURES).fill('auth.sign_in_failed'),
    ]);
    for (const e of events) {
      expect(e).toMatchObject({ targetType: 'user', targetId: String(user.id) });
      expect(e.after).toEqual({ address: '127.0.0.1', via: 'api', requestId: expect.any(String) });
    }
    expect(JSON.stringify(events)).not.toContain('wrong-');
  });

  it('an unknown user cannot be unlocked (404), and a user who is not locked can be (204)', async () => {
    expectProblem(await t.as(admin.token).post('/admin/users/999999999/unlock'), 404, 'NOT_FOUND');
    const user = await t.user();
    expectNoContent(await t.as(admin.token).post(`/admin/users/${user.id}/unlock`));
  });
});

describe("the console's sign-in (next-auth authorize, on the same database)", () => {
  let authorize: (username: string, password: string, address?: string) => Promise<User | null>;
  beforeAll(() => {
    setProcessDatabase(Promise.resolve(t.database));
    const provider = getAuthOptions().providers[0] as unknown as { options: CredentialsConfig };
    authorize = (username, password, address = '198.51.100.7') =>
      Promise.resolve(
        provider.options.authorize(
          { username, password },
          { headers: { [CLIENT_ADDRESS_HEADER]: address }, method: 'POST', body: {}, query: {} },
        ),
      );
  });

  it('signs in, audited with the address the server found', async () => {
    const user = await t.user();
    expect(await authorize(user.username, user.password)).toMatchObject({ name: user.username });
    const [event] = await t.auditOf(admin.token, user.username);
    expect(event).toMatchObject({
      action: 'auth.sign_in',
      after: { address: '198.51.100.7', via: 'console' },
    });
  });

  it(`20 parallel wrong passwords check ${MAX_FAILURES}; the rest and then the right password are refused as rate limited`, async () => {
    const user = await t.user();
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        authorize(user.username, `wrong-${i}`).then(
          (signedIn) => (signedIn ? 'signed in' : 'wrong'),
          (error: Error) =>
            /Too many failed sign-in attempts/.test(error.message) ? 'rate limited' : error.message,
        ),
      ),
    );
    expect(outcomes.filter((o) => o === 'wrong')).toHaveLength(MAX_FAILURES);
    expect(outcomes.filter((o) => o === 'rate limited')).toHaveLength(20 - MAX_FAILURES);
    await expect(authorize(user.username, user.password)).rejects.toThrow(/Too many failed sign-in attempts/);
    expect(await passwordChecksOf(user.username)).toEqual({ failed: MAX_FAILURES, succeeded: 0, locked: 1 });
  });

  it('spends the budget of the address the server found, not of others', async () => {
    const address = '192.0.2.44';
    const answers = await Promise.all(
      Array.from({ length: getEnv().LOGIN_ADDRESS_LIMIT_PER_MINUTE + 3 }, () =>
        authorize(unique('nobody'), 'a wrong password', address).then(
          () => 'checked',
          () => 'refused',
        ),
      ),
    );
    expect(answers.filter((a) => a === 'refused')).toHaveLength(3);
    const user = await t.user();
    expect(await authorize(user.username, user.password, '192.0.2.45')).toMatchObject({
      name: user.username,
    });
  });
});
