// A busy pool is not an outage (docs/contract.md §11): a real server process on PostgreSQL with a pool of
// two connections and a query deadline of two seconds is sent hundreds of reports, acknowledges and reads at
// once. Each query is quick, but together they queue longer than the deadline. Waiting for a connection is
// not counted against it: every request is answered 200, none 503 DATABASE_UNAVAILABLE, and what was
// answered is what was stored.
import type { ChildProcess } from 'node:child_process';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { incidents } from '../../../db/schema';
import {
  accessTokenFor,
  api,
  createTestUser,
  onPostgres,
  openTestDatabase,
  unique,
} from '../support/helpers';
import { databaseUrlOf, startServerProcess, stopProcess } from '../support/processes';

const REPORTS = 400;
// Two seconds: a transaction's own statements must finish within it while hundreds of requests share the
// server's thread on a machine busy with other work (at one second, two of 1,200 were refused in a CI run
// with both cores busy); the burst itself takes 4-6 s on a quiet machine, well past it.
const QUERY_TIMEOUT_MS = 2_000;

describe.runIf(onPostgres)('a pool busier than the query deadline (PostgreSQL, a real server)', () => {
  let database: Database;
  let server: { url: string; process: ChildProcess };
  let engineToken: string;
  let adminToken: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startServerProcess(await databaseUrlOf(database), {
      DATABASE_POOL_SIZE: '2',
      DATABASE_QUERY_TIMEOUT_MS: String(QUERY_TIMEOUT_MS),
    });
    engineToken = await accessTokenFor(
      await createTestUser(database, { permissions: ['ACCESS_ENGINE_API'] }),
    );
    adminToken = await accessTokenFor(await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] }));
  });
  afterAll(async () => {
    if (server) await stopProcess(server.process);
    await database?.close();
  });

  it('accepts every one of hundreds of reports, acknowledges and reads sent at once; health stays up meanwhile', async () => {
    const tag = unique('busy');
    const report = (i: number, kind: string) => ({
      processInstanceId: i + 1,
      nodeId: 'charge-card',
      source: 'PROCESS_ENGINE',
      severity: 'HIGH',
      message: `Payment provider timed out ${tag}`,
      externalReferenceId: `${tag}-${kind}:${i}`,
    });
    // Incidents to acknowledge: each acknowledge is a transaction of its own (reports are written in
    // batches, so they alone no longer fill the pool).
    const created = await api(server.url, 'POST', '/incidents/batch', {
      token: engineToken,
      body: { reports: Array.from({ length: REPORTS }, (_, i) => report(i, 'ack')) },
    });
    expect(created.status, created.text).toBe(200);
    const toAcknowledge = (created.body.results as { incident: { id: number } }[]).map((r) => r.incident.id);

    const startedAt = Date.now();
    const health: Promise<{ status: number }>[] = [];
    const requests = Array.from({ length: REPORTS }, (_, i) => {
      if (i % 50 === 0) health.push(api(server.url, 'GET', '/health'));
      return [
        api(server.url, 'POST', '/incidents', { token: engineToken, body: report(i, 'new') }),
        api(server.url, 'POST', `/incidents/${toAcknowledge[i]}/acknowledge`, {
          token: adminToken,
          body: {},
        }),
        api(server.url, 'GET', `/incidents?q=${tag}&size=100`, { token: adminToken }),
      ];
    }).flat();
    const answers = await Promise.all(requests);
    const tookMs = Date.now() - startedAt;

    const kinds = ['report', 'acknowledge', 'read'];
    const refused = answers.flatMap((a, i) =>
      a.status === 200 ? [] : [`${kinds[i % 3]}: ${a.status} ${a.text}`],
    );
    expect(refused, `the burst took ${tookMs} ms`).toEqual([]);
    // The burst did outlast the deadline: waiting for a connection was not counted.
    expect(tookMs).toBeGreaterThan(QUERY_TIMEOUT_MS);
    expect((await Promise.all(health)).map((h) => h.status)).toEqual(health.map(() => 200));

    const reported = answers.filter((_, i) => i % 3 === 0).map((a) => (a.body as { id: number }).id);
    const stored = await database.db
      .select({ id: incidents.id, status: incidents.status })
      .from(incidents)
      .where(inArray(incidents.id, [...reported, ...toAcknowledge]));
    expect(stored).toHaveLength(2 * REPORTS);
    expect(stored.filter((row) => row.status === 'ACKNOWLEDGED')).toHaveLength(REPORTS);
    const board = await api(server.url, 'GET', `/incidents?q=${tag}&size=1`, { token: adminToken });
    expect(board.body.totalElements).toBe(2 * REPORTS);
  });
});
