// A token's limit is its limit however many processes serve it (docs/contract.md §10, ADR 0011): each
// process answers from its own limiter and shares the budgets through PostgreSQL every interval. Here two
// API servers, each with its own limiter and its own connection pool to one database, as two instances.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, rowsOf, type Database } from '../../../db/client';
import { tokenRateBudgets } from '../../../db/schema';
import { forgetFullBudgets, reportSpending } from '../../transport/shared-rate-limit';
import { TokenRateLimiter, type SpendingReport } from '../../transport/token-rate-limit';
import { api, onPostgres, startApiServer, unique } from '../support/helpers';
import { useTestApi, type Actor } from '../support/http-helpers';
import { databaseUrlOf } from '../support/processes';

/** The store's rule (server/transport/shared-rate-limit.ts), in memory: every budget, learnt back. */
function reportTo(store: Map<string, number>, reports: SpendingReport[]): Map<string, number> {
  for (const { key, spentMs, atLeast } of reports) {
    const was = store.get(key);
    store.set(key, was === undefined ? atLeast : Math.max(was + spentMs, atLeast));
  }
  return store;
}

describe('two limiters that report to one store', () => {
  const token = { key: 'token:shared', perMinute: 10 };
  const clock = { now: Date.parse('2026-12-01T12:00:00Z') };
  const limiters = () => [0, 1].map(() => new TokenRateLimiter(1, () => clock.now));

  it('admit the limit between them once they have reported, not each its own', () => {
    const store = new Map<string, number>();
    const [a, b] = limiters();
    for (const limiter of [a, b]) limiter.startReporting();
    for (let i = 0; i < 6; i++) expect(a.take(token).admitted).toBe(true);
    for (const limiter of [a, b]) limiter.learnShared(reportTo(store, limiter.takeSpending()));
    expect(b.take(token, 4)).toMatchObject({ admitted: true, remaining: 0 });
    expect(b.take(token).admitted).toBe(false);
    for (const limiter of [b, a]) limiter.learnShared(reportTo(store, limiter.takeSpending()));
    expect(a.take(token)).toMatchObject({ admitted: false, retryAfterSeconds: 6 });
    // The shared budget refills as one: a unit every 6 s, for whichever asks first.
    clock.now += 6_000;
    expect(b.take(token).admitted).toBe(true);
    for (const limiter of [b, a]) limiter.learnShared(reportTo(store, limiter.takeSpending()));
    expect(a.take(token).admitted).toBe(false);
  });

  it('keep what could not be reported for the next report', () => {
    const store = new Map<string, number>();
    const [a, b] = limiters();
    for (const limiter of [a, b]) limiter.startReporting();
    for (let i = 0; i < 5; i++) a.take(token);
    a.restoreSpending(a.takeSpending()); // the database was away
    a.take(token);
    reportTo(store, a.takeSpending());
    b.learnShared(reportTo(store, b.takeSpending()));
    expect(b.take(token, 4)).toMatchObject({ admitted: true, remaining: 0 });
    expect(b.take(token).admitted).toBe(false);
  });
});

describe.runIf(onPostgres)('two instances on one PostgreSQL database', () => {
  const SHARE_INTERVAL_MS = 100;
  const t = useTestApi();
  let admin: Actor;
  let second: Database;
  let a: Awaited<ReturnType<typeof startApiServer>>;
  let b: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    admin = await t.admin();
    second = await openDatabase({ url: await databaseUrlOf(t.database), migrate: false });
    a = await startApiServer(t.database, { rateLimitShareIntervalMs: SHARE_INTERVAL_MS });
    b = await startApiServer(second, { rateLimitShareIntervalMs: SHARE_INTERVAL_MS });
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await second?.close();
  });

  async function tokenLimitedTo(rateLimitPerMinute: number): Promise<string> {
    const account = await t.as(admin.token).post('/admin/service-accounts', {
      name: unique('engine'),
      permissionCodes: ['ACCESS_BPM_ADMIN', 'ACCESS_ENGINE_API'],
    });
    expect(account.status, account.text).toBe(200);
    const res = await t
      .as(admin.token)
      .post(`/admin/service-accounts/${account.body.id}/tokens`, { name: 'engine', rateLimitPerMinute });
    expect(res.status, res.text).toBe(200);
    return res.body.token;
  }
  const shared = () => new Promise((resolve) => setTimeout(resolve, 4 * SHARE_INTERVAL_MS));

  it('refuse on one what was spent on the other, on every entry point', async () => {
    const token = await tokenLimitedTo(30);
    for (let i = 0; i < 30; i++) {
      expect((await api(a.url, 'GET', '/admin/permissions', { token })).status).toBe(200);
    }
    await shared();
    const refused = await api(b.url, 'GET', '/admin/permissions', { token });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('ratelimit')).toMatch(/^"default";r=0;t=\d+$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const overTrpc = await fetch(`${b.url}/api/trpc/auth.me,auth.me?batch=1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(overTrpc.status).toBe(429);
    const camunda = await api(b.url, 'POST', '/engine-rest/external-task/fetchAndLock', {
      token,
      body: { workerId: 'w1', maxTasks: 0, topics: [] },
    });
    expect(camunda.status).toBe(429);
  });

  it('admit the limit within the stated bound, not twice it, to a token sent to both', async () => {
    // 40 a minute; a request every 10 ms, alternately to each, for a little over a second. Each instance
    // alone would admit 40 (and a unit more as the budget refills); together, the limit and what arrives
    // at the other in two share intervals at most (docs/contract.md §10).
    const limit = 40;
    const token = await tokenLimitedTo(limit);
    const startedAt = Date.now();
    let admitted = 0;
    let sent = 0;
    for (let i = 0; i < 120; i++) {
      const url = i % 2 === 0 ? a.url : b.url;
      const res = await api(url, 'GET', '/admin/permissions', { token });
      if (res.status === 200) admitted++;
      sent++;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const elapsedMs = Date.now() - startedAt;
    const refilled = Math.ceil((elapsedMs / 60_000) * limit);
    const perMs = sent / elapsedMs;
    const bound = limit + refilled + Math.ceil(2 * SHARE_INTERVAL_MS * perMs);
    expect(admitted).toBeGreaterThanOrEqual(limit);
    expect(admitted, `${sent} sent in ${elapsedMs} ms`).toBeLessThanOrEqual(bound);
    expect(admitted).toBeLessThan(2 * limit);
  });

  it('keeps one row per budget in use, and forgets those full again for a minute', async () => {
    const key = `token:${unique('gone')}`;
    await reportSpending(t.database.db, [{ key, spentMs: 1000, atLeast: Date.now() - 120_000 }]);
    const [added] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from ${tokenRateBudgets} where ${tokenRateBudgets.key} = ${key}`,
      ),
    );
    expect(added.n).toBe(1);
    await forgetFullBudgets(t.database.db);
    const [left] = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from ${tokenRateBudgets} where ${tokenRateBudgets.key} = ${key}`,
      ),
    );
    expect(left.n).toBe(0);
  });
});
