// A LISTEN connection that PostgreSQL refuses for a while (its role's connection limit is full): the
// reconnection waits between attempts rather than trying again at once, and once a connection succeeds the
// subscriber is told once. postgres.js counts a refusal that comes as an error message (53300) as no failure,
// so a backoff of 0 for the first retry would make every retry immediate, and it calls `onlisten` for each
// LISTEN it queued meanwhile (db/resilient-postgres.ts gathers those calls into one).
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openResilientPostgres,
  POSTGRES_DEFAULTS,
  type ResilientPostgres,
} from '../../../db/resilient-postgres';
import { onPostgres } from '../support/helpers';
import { FaultProxy } from '../support/fault-proxy';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const REFUSED_FOR_MS = 2_000;

describe.runIf(onPostgres)('a LISTEN connection refused by PostgreSQL (53300), then admitted', () => {
  const role = `bpm_listen_${randomBytes(5).toString('hex')}`;
  let cluster: postgres.Sql;
  let proxy: FaultProxy & { url: string };
  let client: ResilientPostgres;

  beforeAll(async () => {
    cluster = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await cluster.unsafe(`create role ${role} login`);
    const url = new URL(process.env.DATABASE_URL!);
    url.username = role;
    proxy = await FaultProxy.start(url.toString());
  });
  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    await cluster.unsafe(`drop role if exists ${role}`);
    await cluster.end();
  });

  it('tries again on a backoff, not at once, and tells the subscriber once', async () => {
    client = openResilientPostgres(proxy.url, { ...POSTGRES_DEFAULTS, applicationName: role });
    let listens = 0;
    // Two channels, as the server has: the LISTEN of the second waits in the queue while the first connects.
    await client.listen(
      'bpm_listen_refused',
      () => {},
      () => listens++,
    );
    await client.listen('bpm_listen_refused_too', () => {});
    await expect.poll(() => listens).toBe(1);

    // Every connection of the role refused from now on, and the ones it has ended.
    await cluster.unsafe(`alter role ${role} connection limit 0`);
    await cluster`select pg_terminate_backend(pid) from pg_stat_activity where usename = ${role}`;
    const before = proxy.accepted;
    await sleep(REFUSED_FOR_MS);
    const attempts = proxy.accepted - before;
    // At most one attempt per 100 ms for the LISTEN connection, and the probe's every 250 ms: an upper
    // bound on a count, which a busy machine cannot break (it makes fewer attempts, never more).
    expect(attempts, `connection attempts in ${REFUSED_FOR_MS} ms`).toBeLessThan(
      (REFUSED_FOR_MS / 100 + REFUSED_FOR_MS / 250) * 1.5,
    );
    expect(listens).toBe(1);

    await cluster.unsafe(`alter role ${role} connection limit -1`);
    await expect.poll(() => listens).toBeGreaterThan(1);
    await sleep(500);
    // One catch-up for the whole refusal (the calls of a burst are gathered; a slow machine may split one).
    expect(listens).toBeLessThanOrEqual(3);
    // Serving again (the health check's own bound is a second: polled, for a busy machine).
    await expect.poll(() => client.ping()).toBe(true);
  });
});
