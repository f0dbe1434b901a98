// The incident feed (server/services/events/incident-feed.ts): every committed timeline entry is read once,
// in order per incident, however transactions interleave; readers are woken on commit.
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';
import {
  cursorAfterEvent,
  cursorOf,
  FEED_START,
  feedHead,
  readFeed,
  subscribeFeed,
  type FeedCursor,
  type FeedEvent,
} from '../../services/events/incident-feed';
import { reportIncident } from '../../services/incidents/report-incident';
import { acknowledgeIncident } from '../../services/incidents/acknowledge-incident';
import { resolveIncident } from '../../services/incidents/resolve-incident';
import type { Principal } from '../../auth/principal';
import { onPostgres, openTestDatabase, unique } from '../support/helpers';
import { databaseUrlOf } from '../support/processes';
import { HANG_MARGIN_MS } from '../support/hang-bounds';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const caller = { username: 'feed-tester' } as Principal;

async function report() {
  return reportIncident(database.db, {
    processInstanceId: 1,
    nodeId: 'Task_Feed',
    source: 'WORKER',
    severity: 'HIGH',
    message: 'Feed test',
    externalReferenceId: unique('feed-'),
  });
}

/** Reads everything readable after `cursor`, a page of `limit` at a time. */
async function drain(cursor: FeedCursor, limit = 2): Promise<{ events: FeedEvent[]; cursor: FeedCursor }> {
  const events: FeedEvent[] = [];
  for (;;) {
    const page = await readFeed(database.db, cursor, limit);
    if (!page.length) return { events, cursor };
    events.push(...page);
    cursor = cursorOf(page[page.length - 1]);
  }
}

/**
 * Drains until `count` entries were read. Transaction ids are shared by every database of a PostgreSQL
 * server, so a transaction of another database on a shared server (another test file) holds entries back
 * for as long as it runs.
 */
async function drainUntil(cursor: FeedCursor, count: number) {
  const events: FeedEvent[] = [];
  for (const deadline = Date.now() + 20_000; ;) {
    const page = await drain(cursor);
    events.push(...page.events);
    cursor = page.cursor;
    if (events.length >= count || Date.now() > deadline) return { events, cursor };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The feed's head once every committed entry is readable (nothing of another database holds one back). */
async function settledHead(): Promise<FeedCursor> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline;) {
    const [{ held }] = rowsOf<{ held: number }>(
      await database.db.execute(
        sql`select count(*)::int as held from incident_events where tx_id >= pg_snapshot_xmin(pg_current_snapshot())`,
      ),
    );
    if (held === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return feedHead(database.db);
}

describe('incident feed', () => {
  it('reads every committed entry once, in timeline order per incident, a page at a time', async () => {
    const start = await settledHead();
    const a = await report();
    const b = await report();
    await acknowledgeIncident(database.db, { id: a.id }, caller);
    await resolveIncident(database.db, { id: b.id }, caller);
    await resolveIncident(database.db, { id: a.id }, caller);
    const { events, cursor } = await drainUntil(start, 5);
    expect(events.map((e) => [e.incidentId, e.eventType])).toEqual([
      [a.id, 'CREATED'],
      [b.id, 'CREATED'],
      [a.id, 'ACKNOWLEDGED'],
      [b.id, 'RESOLVED'],
      [a.id, 'RESOLVED'],
    ]);
    expect(await readFeed(database.db, cursor)).toEqual([]);
    expect(await feedHead(database.db)).toEqual(cursor);
    expect(await cursorAfterEvent(database.db, events[2].id)).toEqual(cursorOf(events[2]));
    expect((await drain(FEED_START)).events.length).toBeGreaterThanOrEqual(5);
  });

  it('wakes a subscriber when entries commit', async () => {
    let wakes = 0;
    const subscription = subscribeFeed(database, () => wakes++, { rescanMs: 60_000 });
    try {
      await expect.poll(() => wakes).toBeGreaterThan(0); // on listening
      const before = wakes;
      await report();
      await expect.poll(() => wakes, { timeout: HANG_MARGIN_MS }).toBeGreaterThan(before);
    } finally {
      await subscription.stop();
    }
  });
});

describe.runIf(onPostgres)('incident feed with concurrent transactions (PostgreSQL)', () => {
  let sql: postgres.Sql;
  beforeAll(async () => {
    sql = postgres(await databaseUrlOf(database), { max: 4, onnotice: () => {} });
  });
  afterAll(() => sql.end());

  /** A transaction held open until `commit()`; `run` queries inside it. */
  async function openTransaction() {
    const reserved = await sql.reserve();
    await reserved`begin`;
    return {
      run: (query: string, params: (string | number)[] = []) => reserved.unsafe(query, params),
      async commit() {
        await reserved`commit`;
        reserved.release();
      },
    };
  }

  const insertEvent = (
    tx: Awaited<ReturnType<typeof openTransaction>>,
    incidentId: number,
    message: string,
  ) =>
    tx.run(
      `insert into incident_events (incident_id, event_type, message) values ($1, 'OCCURRED_AGAIN', $2) returning id`,
      [incidentId, message],
    );

  it('never passes an entry whose transaction commits after a later id was read', async () => {
    const x = await report();
    const y = await report();
    let { cursor } = await drain(await settledHead());

    // older takes its transaction id first; younger then takes the lower entry id and commits last.
    const older = await openTransaction();
    await older.run('select pg_current_xact_id()');
    const younger = await openTransaction();
    const [{ id: lowId }] = await insertEvent(younger, x.id, 'low id, committed last');
    const [{ id: highId }] = await insertEvent(older, y.id, 'high id, committed first');
    expect(Number(lowId)).toBeLessThan(Number(highId));
    await older.commit();

    // Tailing by id would hand out highId now and skip lowId for good.
    const first = await drain(cursor);
    cursor = first.cursor;
    await younger.commit();
    const second = await drainUntil(cursor, 2 - first.events.length);
    const seen = [...first.events, ...second.events].map((e) => e.id);
    expect(seen.sort((p, q) => p - q)).toEqual([Number(lowId), Number(highId)]);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('holds entries back while an older writing transaction runs, then reads them all in id order', async () => {
    const x = await report();
    let { cursor } = await drain(await settledHead());
    const slow = await openTransaction();
    const [{ id: slowId }] = await insertEvent(slow, x.id, 'slow');
    const y = await report(); // commits CREATED with a younger transaction id
    expect((await drain(cursor)).events).toEqual([]);
    await slow.commit();
    const { events } = await drainUntil(cursor, 2);
    expect(events.map((e) => e.id)).toEqual([Number(slowId), ...events.slice(1).map((e) => e.id)]);
    expect(events.map((e) => [e.incidentId, e.eventType])).toEqual([
      [x.id, 'OCCURRED_AGAIN'],
      [y.id, 'CREATED'],
    ]);
    cursor = cursorOf(events[1]);
    expect(await readFeed(database.db, cursor)).toEqual([]);
  });

  it("keeps one incident's entries in timeline order when the later writer took its transaction id first", async () => {
    const x = await report();
    const { cursor } = await drain(await settledHead());
    const early = await openTransaction();
    await early.run('select pg_current_xact_id()'); // the lower transaction id
    await acknowledgeIncident(database.db, { id: x.id }, caller); // a younger transaction commits its entry first
    await insertEvent(early, x.id, 'written after the acknowledgement');
    await early.commit();
    const { events } = await drainUntil(cursor, 2);
    expect(events.map((e) => e.eventType)).toEqual(['ACKNOWLEDGED', 'OCCURRED_AGAIN']);
    expect(events[0].id).toBeLessThan(events[1].id);
  });

  it('delivers every entry of many concurrent writers exactly once', async () => {
    const { cursor: start } = await drain(await settledHead());
    const seen: number[] = [];
    let cursor = start;
    let reading = true;
    const reader = (async () => {
      while (reading) {
        const page = await readFeed(database.db, cursor, 7);
        for (const e of page) seen.push(e.id);
        if (page.length) cursor = cursorOf(page[page.length - 1]);
        else await new Promise((r) => setTimeout(r, 5));
      }
    })();
    const made = await Promise.all(Array.from({ length: 40 }, () => report()));
    reading = false;
    await reader;
    seen.push(...(await drainUntil(cursor, made.length - seen.length)).events.map((e) => e.id));
    expect(seen.length).toBe(made.length);
    expect(new Set(seen).size).toBe(made.length);
  });
});
