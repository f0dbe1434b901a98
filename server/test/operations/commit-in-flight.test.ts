// A transaction whose COMMIT is under way when its deadline passes (docs/contract.md §11): the
// answer is the COMMIT's, never a failure while the database may still apply it. The network is stalled by a
// real proxy between the client and PostgreSQL just as the COMMIT is sent.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { isOutcomeUnknown } from '../../../db/availability';
import {
  openResilientPostgres,
  POSTGRES_DEFAULTS,
  type ResilientPostgres,
} from '../../../db/resilient-postgres';
import { onPostgres, openTestDatabase } from '../support/helpers';
import { FaultProxy } from '../support/fault-proxy';
import { databaseUrlOf } from '../support/processes';

const DEADLINE_MS = 500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.runIf(onPostgres)('a COMMIT under way at the deadline (PostgreSQL through a stalling proxy)', () => {
  let database: Database;
  let proxy: FaultProxy & { url: string };
  let client: ResilientPostgres;
  const table = `commit_in_flight_${randomBytes(4).toString('hex')}`;

  beforeAll(async () => {
    database = await openTestDatabase();
    const url = await databaseUrlOf(database);
    proxy = await FaultProxy.start(url);
    client = openResilientPostgres(proxy.url, { ...POSTGRES_DEFAULTS, queryTimeoutMs: DEADLINE_MS });
    await client.sql.unsafe(`create table ${table} (tag text primary key)`);
  });
  afterAll(async () => {
    await client?.close();
    await proxy?.close();
    await database?.close();
  });

  const stored = async (tag: string) =>
    (await client.sql.unsafe(`select 1 from ${table} where tag = $1`, [tag])).length === 1;

  /** A transaction that writes `tag`, then stalls the network just before its COMMIT is sent. */
  const writeThenStall = (tag: string) =>
    client.sql.begin(async (tx) => {
      await tx.unsafe(`insert into ${table} (tag) values ($1)`, [tag]);
      proxy.stall();
    });

  it('answers the commit that completes after the deadline, not a failure', async () => {
    const tag = 'late-commit';
    const answer = writeThenStall(tag).then(
      () => 'committed',
      (error: unknown) => `failed: ${String(error)}`,
    );
    // The COMMIT is held past the deadline, then let through within one more.
    await sleep(DEADLINE_MS * 1.5);
    proxy.resume();
    expect(await answer).toBe('committed');
    expect(await stored(tag)).toBe(true);
  });

  it('says the outcome is unknown when the COMMIT is never confirmed', async () => {
    const tag = 'unconfirmed-commit';
    const error = await writeThenStall(tag).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isOutcomeUnknown(error), String(error)).toBe(true);
    proxy.resume();
    // Let through at last, the COMMIT applies: which is why the answer could not say it failed.
    await expect.poll(() => stored(tag), { timeout: 10_000 }).toBe(true);
  });

  it('rolls back work that outlives the deadline, and says it failed', async () => {
    const tag = 'slow-work';
    const error = await client.sql
      .begin(async (tx) => {
        await tx.unsafe(`insert into ${table} (tag) values ($1)`, [tag]);
        await tx.unsafe(`select pg_sleep(${(DEADLINE_MS * 1.5) / 1000})`);
      })
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(Error);
    expect(isOutcomeUnknown(error)).toBe(false);
    await sleep(DEADLINE_MS);
    expect(await stored(tag)).toBe(false);
  });
});
