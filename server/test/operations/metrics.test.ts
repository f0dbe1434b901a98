// GET /api/metrics: who may read it, and that what it says is true. Every scrape is parsed by a Prometheus
// text-format parser; counters are compared before and after real requests, gauges with the database.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { getMetricsFromIterator, type PromMetrics } from 'prom2javascript';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { apiTokens } from '../../../db/schema';
import { authenticate } from '../../auth/principal';
import { api, onPostgres } from '../support/helpers';
import {
  ALL_BUT_ADMIN,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Actor,
} from '../support/http-helpers';
import { report } from '../support/incident-helpers';

const t = useTestApi();
let admin: Actor;

beforeAll(async () => {
  admin = await t.admin();
});

async function scrape(token = admin.token): Promise<PromMetrics> {
  const res = await api(t.url, 'GET', '/metrics', { token });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return getMetricsFromIterator(res.text.split('\n')[Symbol.iterator]());
}

const matches = (labels: Record<string, string>, wanted: Record<string, string>) =>
  Object.entries(wanted).every(([k, v]) => labels[k] === v);

/** The sample of a metric with these labels, if any. */
function sampleOf(families: PromMetrics, name: string, labels: Record<string, string>) {
  const data = (families[name]?.data ?? []) as { labels: Record<string, string> }[];
  return data.find((d) => matches(d.labels, labels)) as
    { labels: Record<string, string>; value?: number; count?: number } | undefined;
}

/** The value of a counter or gauge sample with these labels (0 when absent). */
const valueOf = (families: PromMetrics, name: string, labels: Record<string, string> = {}) =>
  sampleOf(families, name, labels)?.value ?? 0;

/** The count of a histogram's sample with these labels (0 when absent). */
const histogramCount = (families: PromMetrics, name: string, labels: Record<string, string>) =>
  sampleOf(families, name, labels)?.count ?? 0;

describe('who may read the metrics', () => {
  it('is 401 without a token, and with a token that is not one', async () => {
    expectUnauthenticated(await api(t.url, 'GET', '/metrics'));
    expectUnauthenticated(await api(t.url, 'GET', '/metrics', { token: 'bpm_not-a-token-at-all' }));
  });

  it('is 403 for a user without ACCESS_BPM_ADMIN, whatever else they hold', async () => {
    const other = await t.actor(ALL_BUT_ADMIN);
    expectProblem(await api(t.url, 'GET', '/metrics', { token: other.token }), 403, 'FORBIDDEN');
    const apiToken = await t.apiTokenFor(other.id);
    expectProblem(await api(t.url, 'GET', '/metrics', { token: apiToken.token }), 403, 'FORBIDDEN');
  });

  it('is 405 for a method other than GET and HEAD', async () => {
    const res = await api(t.url, 'POST', '/metrics', { token: admin.token, body: {} });
    expectProblem(res, 405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it("is 200 for an administrator's access token and API token", async () => {
    await scrape(admin.token);
    await scrape((await t.apiTokenFor(admin.id)).token);
  });

  it('is 200 for an API token of scope METRICS of a user without ACCESS_BPM_ADMIN', async () => {
    const monitor = await t.actor([]);
    const { id, token } = await t.apiTokenFor(monitor.id);
    await t.database.db.execute(sql`update ${apiTokens} set scope = 'METRICS' where id = ${id}`);
    const auth = await authenticate(t.database.db, { authorization: `Bearer ${token}` });
    expect(auth.principal?.scope).toBe('METRICS');
    await scrape(token);
  });
});

describe('what the metrics say', () => {
  it('counts each request under its route template, method and status, also during load', async () => {
    const incident = await report(t.as(admin.token));
    const route = { method: 'GET', route: '/api/incidents/{id}', status: '200' };
    const before = await scrape();
    const N = 40;
    // Scrapes in the middle of the load parse too.
    const [answers, during] = await Promise.all([
      Promise.all(
        Array.from({ length: N }, () =>
          api(t.url, 'GET', `/incidents/${incident.id}`, { token: admin.token }),
        ),
      ),
      new Promise((r) => setTimeout(r, 5)).then(() => scrape()),
    ]);
    expect(answers.map((a) => a.status)).toEqual(Array(N).fill(200));
    expect(during.bpm_http_request_duration_seconds?.type).toBe('histogram');
    const after = await scrape();
    const name = 'bpm_http_request_duration_seconds';
    expect(histogramCount(after, name, route) - histogramCount(before, name, route)).toBe(N);
    // Never the raw path: no label holds the id.
    const routes = (after[name].data as { labels: Record<string, string> }[]).map((d) => d.labels.route);
    expect(routes.filter((r) => r.includes(String(incident.id)))).toEqual([]);
  });

  it('counts a missing id under its template and an unknown path as (unmatched)', async () => {
    const name = 'bpm_http_request_duration_seconds';
    const missing = { method: 'GET', route: '/api/incidents/{id}', status: '404' };
    const unknown = { method: 'GET', route: '(unmatched)', status: '404' };
    const before = await scrape();
    await api(t.url, 'GET', '/incidents/987654321', { token: admin.token });
    await api(t.url, 'GET', '/no-such-thing/12345', { token: admin.token });
    const after = await scrape();
    expect(histogramCount(after, name, missing) - histogramCount(before, name, missing)).toBe(1);
    expect(histogramCount(after, name, unknown) - histogramCount(before, name, unknown)).toBe(1);
  });

  it('counts a path two templates match under the operation that answered it, a refused method under its path', async () => {
    const name = 'bpm_http_request_duration_seconds';
    const summary = { method: 'GET', route: '/api/incidents/summary', status: '200' };
    const byId = { method: 'GET', route: '/api/incidents/{id}', status: '200' };
    const refused = { method: 'PUT', route: '/api/incidents/summary', status: '405' };
    const before = await scrape();
    expect((await api(t.url, 'GET', '/incidents/summary', { token: admin.token })).status).toBe(200);
    expect((await api(t.url, 'PUT', '/incidents/summary', { token: admin.token, body: {} })).status).toBe(
      405,
    );
    const after = await scrape();
    expect(histogramCount(after, name, summary) - histogramCount(before, name, summary)).toBe(1);
    expect(histogramCount(after, name, byId) - histogramCount(before, name, byId)).toBe(0);
    expect(histogramCount(after, name, refused) - histogramCount(before, name, refused)).toBe(1);
  });

  it('counts one acknowledge as one transition, one report as one report, a refused one as none', async () => {
    const as = t.as(admin.token);
    const incident = await report(as, { source: 'MESSAGE', severity: 'LOW' });
    const before = await scrape();
    expect((await as.post(`/incidents/${incident.id}/acknowledge`, {})).status).toBe(200);
    expect((await as.post(`/incidents/${incident.id}/acknowledge`, {})).status).toBe(409);
    await report(as, { source: 'MESSAGE', severity: 'LOW' });
    const after = await scrape();
    const acknowledged = { event: 'ACKNOWLEDGED' };
    const transitions = 'bpm_incident_transitions_total';
    expect(valueOf(after, transitions, acknowledged) - valueOf(before, transitions, acknowledged)).toBe(1);
    const reports = 'bpm_incident_reports_total';
    const low = { source: 'MESSAGE', severity: 'LOW' };
    expect(valueOf(after, reports, low) - valueOf(before, reports, low)).toBe(1);
  });

  it('gives the incidents by status and severity as the database counts them', async () => {
    const as = t.as(admin.token);
    await report(as, { severity: 'CRITICAL' });
    const resolved = await report(as, { severity: 'MEDIUM' });
    await as.post(`/incidents/${resolved.id}/resolve`, {});
    const families = await scrape();
    const counted = rowsOf<{ status: string; severity: string; n: number | string }>(
      await t.database.db.execute(
        sql`select status, severity, count(*) as n from incidents group by status, severity`,
      ),
    );
    expect(counted.length).toBeGreaterThan(1);
    for (const row of counted) {
      expect(valueOf(families, 'bpm_incidents', { status: row.status, severity: row.severity })).toBe(
        Number(row.n),
      );
    }
  });

  it('counts failed sign-ins and sign-ins refused while locked', async () => {
    const user = await t.actor([], { password: 'the-right-password-1' });
    const before = await scrape();
    for (let i = 0; i < 5; i++) {
      await api(t.url, 'POST', '/tokens', {
        body: { username: user.username, password: `wrong-password-${i}` },
      });
    }
    const locked = await api(t.url, 'POST', '/tokens', {
      body: { username: user.username, password: 'the-right-password-1' },
    });
    expect(locked.status).toBe(429);
    const after = await scrape();
    const password = { kind: 'password' };
    expect(
      valueOf(after, 'bpm_auth_failures_total', password) -
        valueOf(before, 'bpm_auth_failures_total', password),
    ).toBe(5);
    expect(valueOf(after, 'bpm_auth_lockouts_total') - valueOf(before, 'bpm_auth_lockouts_total')).toBe(1);
  });

  it('counts a long poll that timed out, with how long after its waitMs it answered', async () => {
    const engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
    const name = 'bpm_worker_long_poll_overshoot_seconds';
    const before = await scrape();
    const startedAt = Date.now();
    const res = await engine.post('/worker-requests/fetch-and-lock', {
      workerId: 'w1',
      topics: [`metrics-quiet-${Date.now()}`],
      waitMs: 300,
    });
    expect(res.body).toEqual([]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(300);
    const after = await scrape();
    expect(histogramCount(after, name, {}) - histogramCount(before, name, {})).toBe(1);
  });

  it('shows a waiting long poll, counts its wake-up, and the outbox backlog as the database has it', async () => {
    const engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
    const topic = `metrics-${Date.now()}`;
    const before = await scrape();
    const polling = engine.post('/worker-requests/fetch-and-lock', {
      workerId: 'w1',
      topics: [topic],
      waitMs: 10_000,
    });
    let waiting = 0;
    for (let i = 0; i < 50 && waiting < 1; i++) {
      await new Promise((r) => setTimeout(r, 50));
      waiting = valueOf(await scrape(), 'bpm_worker_long_polls_waiting');
    }
    expect(waiting).toBe(1);
    await engine.post('/worker-requests', { processInstanceId: 1, nodeId: 'n', topic });
    expect((await polling).body).toHaveLength(1);
    const after = await scrape();
    expect(valueOf(after, 'bpm_worker_long_polls_waiting')).toBe(0);
    expect(valueOf(after, 'bpm_worker_wake_ups_total') - valueOf(before, 'bpm_worker_wake_ups_total')).toBe(
      1,
    );
    const [{ n }] = rowsOf<{ n: number | string }>(
      await t.database.db.execute(sql`select count(*) as n from outbox where delivered_at is null`),
    );
    expect(valueOf(after, 'bpm_outbox_backlog')).toBe(Number(n));
  });

  it('counts a lock that expired and was returned to PENDING', async () => {
    const engine = t.as((await t.actor(['ACCESS_ENGINE_API'])).token);
    const topic = `expiring-${Date.now()}`;
    await engine.post('/worker-requests', { processInstanceId: 2, nodeId: 'n', topic });
    const before = await scrape();
    const locked = await engine.post('/worker-requests/fetch-and-lock', {
      workerId: 'w1',
      topics: [topic],
      lockDurationMs: 1000,
    });
    expect(locked.body).toHaveLength(1);
    // The dispatcher sweeps once a second; the lock expires after one.
    const expiries = 'bpm_worker_lock_expiries_total';
    let after = before;
    for (let i = 0; i < 60 && valueOf(after, expiries) === valueOf(before, expiries); i++) {
      await new Promise((r) => setTimeout(r, 100));
      after = await scrape();
    }
    expect(valueOf(after, expiries) - valueOf(before, expiries)).toBe(1);
  });

  it('shows the database pool and the event-loop lag', async () => {
    const families = await scrape();
    expect(valueOf(families, 'bpm_db_pool_connections', { state: 'size' })).toBe(onPostgres ? 10 : 1);
    const pool = families.bpm_db_pool_connections.data as { labels: Record<string, string> }[];
    expect(pool.map((d) => d.labels.state).sort()).toEqual(['in_use', 'size', 'waiting']);
    expect(families.nodejs_eventloop_lag_seconds?.type).toBe('gauge');
    expect(families.process_cpu_seconds_total?.type).toBe('counter');
  });

  it('shows queries waiting for a connection while the pool is exhausted', async () => {
    const size = onPostgres ? 10 : 1;
    // Transactions hold their connection while they wait on a timer (PGlite's pg_sleep would block the thread).
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    const holders = Array.from({ length: size }, () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await released;
      }),
    );
    const queued: Promise<unknown>[] = [];
    try {
      await new Promise((r) => setTimeout(r, 200));
      for (let i = 0; i < 3; i++) queued.push(Promise.resolve(t.database.db.execute(sql`select 1`)));
      await new Promise((r) => setTimeout(r, 50));
      const usage = t.database.poolUsage!();
      expect(usage.inUse).toBe(size);
      // The dispatcher's lock sweep (once a second) may be waiting too.
      expect(usage.waiting).toBeGreaterThanOrEqual(3);
      expect(usage.waiting).toBeLessThanOrEqual(4);
    } finally {
      release();
      await Promise.all([...holders, ...queued]);
    }
    expect(t.database.poolUsage!().waiting).toBe(0);
  });
});

describe('the Grafana dashboard', () => {
  it('is a dashboard model whose every expression reads a metric that /api/metrics serves', async () => {
    const dashboard = JSON.parse(readFileSync('docs/grafana-dashboard.json', 'utf8'));
    expect(dashboard).toMatchObject({
      title: expect.any(String),
      panels: expect.any(Array),
      schemaVersion: expect.any(Number),
    });
    const served = new Set(Object.keys(await scrape()));
    const expressions: string[] = dashboard.panels.flatMap(
      (p: { targets?: { expr: string }[] }) => p.targets?.map((target) => target.expr) ?? [],
    );
    expect(expressions.length).toBeGreaterThan(8);
    for (const expr of expressions) {
      const names = expr.match(/\b(?:bpm|nodejs|process)_[a-z0-9_]+/g) ?? [];
      expect(names.length, expr).toBeGreaterThan(0);
      for (const name of names) {
        const family = name.replace(/_(bucket|count|sum)$/, '');
        expect(served.has(family) || served.has(name), `${name} in ${expr}`).toBe(true);
      }
    }
  });
});
