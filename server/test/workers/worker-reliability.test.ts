// Reliability of republishing on PostgreSQL, with real server processes: a retry committed just before
// the server is killed (SIGKILL) is still delivered exactly once, across restarts and instances; and two
// workers never hold the same request.
import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import {
  accessTokenFor,
  api,
  createTestUser,
  onPostgres,
  openTestDatabase,
  unique,
} from '../support/helpers';
import { HANG_MARGIN_MS, NOTIFICATIONS_ONLY_ENV } from '../support/hang-bounds';
import { databaseUrlOf, startServerProcess, stopProcess as kill } from '../support/processes';

describe.runIf(onPostgres)('republishing survives crashes (PostgreSQL, real processes)', () => {
  let database: Database;
  let databaseUrl: string;
  let adminToken: string;
  let engineToken: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    databaseUrl = await databaseUrlOf(database);
    adminToken = await accessTokenFor(await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] }));
    engineToken = await accessTokenFor(
      await createTestUser(database, { permissions: ['ACCESS_ENGINE_API'] }),
    );
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => kill(c)));
    await database.close();
  });

  async function server(env: Record<string, string> = {}) {
    const started = await startServerProcess(databaseUrl, env);
    children.push(started.process);
    return started;
  }

  /** A FAILED worker request with its WORKER incident, made through `url`. */
  async function failedRequest(url: string) {
    const topic = unique('topic');
    const created = await api(url, 'POST', '/worker-requests', {
      token: engineToken,
      body: { processInstanceId: 77, nodeId: 'charge-card', topic, retries: 0 },
    });
    await api(url, 'POST', '/worker-requests/fetch-and-lock', {
      token: engineToken,
      body: { workerId: 'w0', topics: [topic] },
    });
    await api(url, 'POST', `/worker-requests/${created.body.id}/failure`, {
      token: engineToken,
      body: { workerId: 'w0', errorMessage: 'down', retries: 0 },
    });
    const incidents = await api(url, 'GET', `/incidents?q=worker-request:${created.body.id}`, {
      token: adminToken,
    });
    const incident = incidents.body.content.find(
      (i: { externalReferenceId: string }) => i.externalReferenceId === `worker-request:${created.body.id}`,
    );
    return { topic, requestId: created.body.id as number, incidentId: incident.id as number };
  }

  const fetchAndLock = (url: string, topic: string, workerId: string, waitMs = 0) =>
    api(url, 'POST', '/worker-requests/fetch-and-lock', {
      token: engineToken,
      body: { workerId, topics: [topic], waitMs },
    });

  const outboxOf = async (requestId: number) =>
    rowsOf<{ delivered_at: Date | null }>(
      await database.db.execute(sql`select delivered_at from outbox where worker_request_id = ${requestId}`),
    );

  it('a retry committed right before SIGKILL is delivered once after the restart', async () => {
    const first = await server();
    const { topic, requestId, incidentId } = await failedRequest(first.url);
    const retried = await api(first.url, 'POST', `/incidents/${incidentId}/retry`, {
      token: adminToken,
      body: {},
    });
    expect(retried.status).toBe(200);
    await kill(first.process);
    expect((await outboxOf(requestId))[0].delivered_at).toBeNull();

    const second = await server();
    const got = await fetchAndLock(second.url, topic, 'w1', 30_000);
    expect(got.body.map((r: { id: number }) => r.id)).toEqual([requestId]);
    expect((await fetchAndLock(second.url, topic, 'w2')).body).toEqual([]);
    expect((await outboxOf(requestId))[0].delivered_at).not.toBeNull();
    await kill(second.process);
  }, 60_000);

  it('a worker waiting on another instance is woken although the retrying instance was killed', async () => {
    // B rescans its waiting polls only every two minutes: the poll is woken by the retry's notification.
    const [a, b] = [await server(), await server(NOTIFICATIONS_ONLY_ENV)];
    const { topic, requestId, incidentId } = await failedRequest(a.url);
    const waiting = fetchAndLock(b.url, topic, 'w1', 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const retriedAt = Date.now();
    expect(
      (await api(a.url, 'POST', `/incidents/${incidentId}/retry`, { token: adminToken, body: {} })).status,
    ).toBe(200);
    await kill(a.process);
    const got = await waiting;
    expect(got.body.map((r: { id: number }) => r.id)).toEqual([requestId]);
    expect(Date.now() - retriedAt).toBeLessThan(HANG_MARGIN_MS);
    await kill(b.process);
  }, 60_000);

  it('competing workers never hold the same request', async () => {
    const a = await server();
    const topic = unique('topic');
    const ids = new Set<number>();
    for (let i = 0; i < 40; i++) {
      const created = await api(a.url, 'POST', '/worker-requests', {
        token: engineToken,
        body: { processInstanceId: 88, nodeId: 'n', topic },
      });
      ids.add(created.body.id);
    }
    const taken: number[] = [];
    await Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (;;) {
          const got = await api(a.url, 'POST', '/worker-requests/fetch-and-lock', {
            token: engineToken,
            body: { workerId: `w${w}`, topics: [topic], maxTasks: 3 },
          });
          if (!got.body.length) return;
          taken.push(...got.body.map((r: { id: number }) => r.id));
        }
      }),
    );
    expect(taken).toHaveLength(40);
    expect(new Set(taken)).toEqual(ids);
    await kill(a.process);
  }, 60_000);
});
