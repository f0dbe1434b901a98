// Database outages caused for real, against a real server process whose PostgreSQL connections go through
// a TCP proxy of this test (fault-proxy.ts): connections cut, connecting refused, the network stalled, and the
// server's own backends terminated. Under each: every request, REST or tRPC, answers within a bound (503
// DATABASE_UNAVAILABLE with Retry-After, never a 500, never a hang), health says down at once, nothing is
// half-written; afterwards service, LISTEN wake-ups and authentication-cache invalidation are back.
import type { ChildProcess } from 'node:child_process';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import { incidentEvents, incidents, users } from '../../../db/schema';
import { createWorkerRequest } from '../../services/workers/create-worker-request';
import { FaultProxy } from '../support/fault-proxy';
import {
  accessTokenFor,
  api,
  createTestUser,
  onPostgres,
  openTestDatabase,
  unique,
} from '../support/helpers';
import { HANG_MARGIN_MS, NOTIFICATIONS_ONLY_ENV } from '../support/hang-bounds';
import { databaseUrlOf, startServerProcess, stopProcess } from '../support/processes';

// Bounds for a hang (support/hang-bounds.ts), each past the mechanism's own time: a request's answer past
// the query deadline (6 s by default), health's past its ping's 1 s; recovery well before postgres.js's
// own reconnection of a LISTEN (up to 20 s), and, with the worker sweep and the authentication cache's
// expiry slowed to minutes here, a wake-up or an invalidation within it came by notification.
const ANSWER_BOUND_MS = 6_000 + HANG_MARGIN_MS;
const HEALTH_BOUND_MS = 1_000 + HANG_MARGIN_MS;
const RECOVERY_BOUND_MS = HANG_MARGIN_MS;
const PARALLEL = 8;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(onPostgres)('database outages (PostgreSQL through a faulty proxy, a real server)', () => {
  let database: Database;
  let proxy: FaultProxy & { url: string };
  let server: { url: string; process: ChildProcess };
  let adminToken: string;
  let engineToken: string;
  const written: string[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    proxy = await FaultProxy.start(await databaseUrlOf(database));
    server = await startServerProcess(proxy.url, NOTIFICATIONS_ONLY_ENV);
    adminToken = await accessTokenFor(await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] }));
    engineToken = await accessTokenFor(
      await createTestUser(database, { permissions: ['ACCESS_ENGINE_API'] }),
    );
  });
  afterAll(async () => {
    if (server) await stopProcess(server.process);
    await proxy?.close();
    await database?.close();
  });

  const timed = async <T>(call: () => Promise<T>) => {
    const startedAt = Date.now();
    const result = await call();
    return { ...result, ms: Date.now() - startedAt };
  };
  const read = () => timed(() => api(server.url, 'GET', '/incidents/summary', { token: adminToken }));
  const health = () => timed(() => api(server.url, 'GET', '/health'));
  const trpcRead = () =>
    timed(() =>
      api(server.url, 'GET', `/trpc/incidents.summary?input=${encodeURIComponent('{}')}`, {
        token: adminToken,
      }),
    );
  /** A Camunda worker's fetchAndLock (server/engine-rest/): its refusals are Camunda's shape, not problems. */
  const camunda = () =>
    timed(() =>
      api(server.url, 'POST', '/engine-rest/external-task/fetchAndLock', {
        token: engineToken,
        body: { workerId: 'w', maxTasks: 1, topics: [{ topicName: 'outage-camunda', lockDuration: 5_000 }] },
      }),
    );
  const write = () => {
    const externalReferenceId = `outage:${Date.now()}${written.length}`;
    written.push(externalReferenceId);
    return timed(() =>
      api(server.url, 'POST', '/incidents', {
        token: engineToken,
        body: {
          processInstanceId: 1,
          nodeId: 'n',
          source: 'PROCESS_ENGINE',
          severity: 'LOW',
          message: 'written during an outage test',
          externalReferenceId,
        },
      }),
    );
  };

  /** PARALLEL reads, writes and health checks at once. */
  async function traffic() {
    const kinds = { read, write, health, trpc: trpcRead, camunda };
    const calls = Object.entries(kinds).flatMap(([kind, call]) =>
      Array.from({ length: PARALLEL }, async () => ({ kind, ...(await call()) })),
    );
    return Promise.all(calls);
  }

  type Answer = Awaited<ReturnType<typeof traffic>>[number];

  /** Answered in time; a failure is an honest 503 saying the database is unavailable, with Retry-After. */
  function expectHonest(answer: Answer, { mustFail }: { mustFail: boolean }) {
    expect(answer.ms, `${answer.kind} took ${answer.ms} ms`).toBeLessThan(ANSWER_BOUND_MS);
    if (!mustFail && answer.status === 200) return;
    expect(answer.status, `${answer.kind}: ${answer.text}`).toBe(503);
    expect(answer.headers.get('retry-after')).toMatch(/^\d+$/);
    const problem = { status: 503, code: 'DATABASE_UNAVAILABLE' };
    if (answer.kind === 'health') expect(answer.body).toMatchObject({ database: 'down' });
    else if (answer.kind === 'trpc') expect(answer.body).toMatchObject({ error: { problem } });
    else if (answer.kind === 'camunda') {
      expect(answer.headers.get('content-type')).toBe('application/json');
      expect(answer.body).toEqual({ type: 'RestException', message: expect.any(String) });
    } else expect(answer.body).toMatchObject(problem);
  }

  /** Every incident written through the server is whole: its CREATED timeline entry exists with it. */
  async function expectNothingHalfWritten() {
    const rows = await database.db
      .select({ ref: incidents.externalReferenceId, event: incidentEvents.eventType })
      .from(incidents)
      .leftJoin(incidentEvents, eq(incidentEvents.incidentId, incidents.id))
      .where(inArray(incidents.externalReferenceId, written));
    for (const row of rows) expect(row.event, row.ref).not.toBeNull();
  }

  /** Polls a read until it succeeds. */
  async function untilServing(): Promise<void> {
    const startedAt = Date.now();
    while ((await read()).status !== 200) {
      expect(Date.now() - startedAt).toBeLessThan(ANSWER_BOUND_MS);
      await sleep(50);
    }
  }

  /** Backends of the server process listening on a channel, as PostgreSQL sees them. */
  async function listeningBackends(): Promise<number> {
    const [{ n }] = rowsOf<{ n: number }>(
      await database.db.execute(
        sql`select count(*)::int as n from pg_stat_activity
            where application_name = ${`bpm-admin-console/${server.process.pid}`} and query ilike 'listen%'`,
      ),
    );
    return n;
  }

  async function untilListening(): Promise<void> {
    const startedAt = Date.now();
    while ((await listeningBackends()) === 0) {
      expect(Date.now() - startedAt).toBeLessThan(ANSWER_BOUND_MS);
      await sleep(25);
    }
  }

  /** A worker waiting on the server is woken by a request published by this process, straight into PostgreSQL. */
  async function expectWorkerWokenWithin(ms: number) {
    const topic = unique('outage-topic-');
    const waiting = api(server.url, 'POST', '/worker-requests/fetch-and-lock', {
      token: engineToken,
      body: { workerId: 'w', topics: [topic], waitMs: 2 * RECOVERY_BOUND_MS },
    });
    await sleep(300); // the long poll is waiting
    const publishedAt = Date.now();
    await createWorkerRequest(database.db, { processInstanceId: 9, nodeId: 'n', topic, retries: 1 });
    const answer = await waiting;
    expect(answer.status).toBe(200);
    expect(answer.body).toHaveLength(1);
    expect(Date.now() - publishedAt).toBeLessThan(ms);
  }

  /** A user disabled by another instance (here: straight in PostgreSQL) stops working on the server at once. */
  async function expectDisablingHeard() {
    const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
    const token = await accessTokenFor(user);
    expect((await api(server.url, 'GET', '/incidents/summary', { token })).status).toBe(200);
    await database.db.update(users).set({ enabled: false }).where(eq(users.id, user.id));
    const disabledAt = Date.now();
    while ((await api(server.url, 'GET', '/incidents/summary', { token })).status !== 401) {
      expect(Date.now() - disabledAt).toBeLessThan(RECOVERY_BOUND_MS);
      await sleep(20);
    }
  }

  /** After the fault is over: serving, listening, waking and invalidating again within the bounds. */
  async function expectRecovered() {
    const restoredAt = Date.now();
    await untilServing();
    expect(Date.now() - restoredAt, 'serving again').toBeLessThan(RECOVERY_BOUND_MS);
    await untilListening();
    expect(Date.now() - restoredAt, 'listening again').toBeLessThan(RECOVERY_BOUND_MS);
    await expectWorkerWokenWithin(RECOVERY_BOUND_MS);
    await expectDisablingHeard();
    await expectNothingHalfWritten();
  }

  it('serves normally through the proxy', async () => {
    for (const answer of await traffic()) expect(answer.status, answer.text).toBe(200);
  });

  it('the server’s own backends terminated mid-traffic: honest answers, then service as before', async () => {
    const during = traffic();
    await sleep(20);
    await database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where application_name = ${`bpm-admin-console/${server.process.pid}`}`,
    );
    for (const answer of await during) expectHonest(answer, { mustFail: false });
    await expectRecovered();
  });

  it('every connection cut mid-traffic: honest answers, then service as before', async () => {
    const during = traffic();
    await sleep(20);
    proxy.cut();
    for (const answer of await during) expectHonest(answer, { mustFail: false });
    await expectRecovered();
  });

  it('connecting refused: 503 within the bound, health down at once; back once accepting', async () => {
    const topic = unique('missed-topic-');
    const waiting = api(server.url, 'POST', '/worker-requests/fetch-and-lock', {
      token: engineToken,
      body: { workerId: 'w', topics: [topic], waitMs: 30_000 },
    });
    await sleep(300); // the long poll is waiting
    await proxy.refuse();
    // Published while the server cannot hear it: caught up once it listens again.
    await createWorkerRequest(database.db, { processInstanceId: 9, nodeId: 'n', topic, retries: 1 });
    const first = await health();
    expect(first.ms).toBeLessThan(HEALTH_BOUND_MS);
    expect(first.status).toBe(503);
    for (const answer of await traffic()) expectHonest(answer, { mustFail: true });
    await proxy.accept();
    const acceptedAt = Date.now();
    const caughtUp = await waiting;
    expect(caughtUp.status, caughtUp.text).toBe(200);
    expect(caughtUp.body).toHaveLength(1);
    expect(Date.now() - acceptedAt).toBeLessThan(RECOVERY_BOUND_MS);
    await expectRecovered();
  });

  it('the network stalled: 503 within the bound, health down soon; back once resumed', async () => {
    await expectWorkerWokenWithin(RECOVERY_BOUND_MS); // its listening connection is among those stalled
    proxy.stall();
    const answers = await traffic();
    for (const answer of answers) expectHonest(answer, { mustFail: true });
    const later = await health();
    expect(later.ms).toBeLessThan(HEALTH_BOUND_MS);
    expect(later.status).toBe(503);
    proxy.resume();
    await expectRecovered();
  });
});
