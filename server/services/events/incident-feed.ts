// The one source of incident events: the committed timeline (incident_events) read as a gapless feed, for
// the webhook deliverer and (later) the console's event stream.
//
// Ids come from a sequence, so they are taken in one order and committed in another: a reader that tails by
// id alone would move past an id whose transaction commits later, and skip it for good. The feed orders
// entries by (tx_id, id) instead, tx_id being the writing transaction's id, and reads only entries whose
// tx_id is below the oldest transaction still running (pg_snapshot_xmin): every transaction that may still
// commit an entry has an id at least that large, so its entries sort after everything already read.
// A trigger (migration 0010) raises an entry's tx_id to its incident's previous entry's, so one incident's
// entries keep their id order (the timeline's) in the feed.
//
// The cost: while a writing transaction runs, entries of younger transactions wait for it (ours are bounded
// by DATABASE_STATEMENT_TIMEOUT_MS and DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS). Transaction ids belong to
// the whole PostgreSQL server, so a long writing transaction in another database of it holds the feed back
// too: give the service a server of its own, or bound the others' transactions.
import { and, asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../../../db/client';
import { incidentEvents, type IncidentEventRow } from '../../../db/schema';
import { log } from '../../observability/log';

/** NOTIFY'd by the trigger incident_events_notify (migration 0010) when entries commit. */
export const INCIDENT_EVENTS_CHANNEL = 'bpm_incident_events';

/** A position in the feed: just after the entry with this (txId, id). */
export interface FeedCursor {
  /** An xid8 in decimal (it outgrows a JS number). */
  txId: string;
  id: number;
}

/** Before every entry. */
export const FEED_START: FeedCursor = { txId: '0', id: 0 };

export type FeedEvent = IncidentEventRow;

export const cursorOf = (event: Pick<FeedEvent, 'txId' | 'id'>): FeedCursor => ({
  txId: event.txId,
  id: event.id,
});

const readable = sql`${incidentEvents.txId} < pg_snapshot_xmin(pg_current_snapshot())`;

/**
 * Up to `limit` committed entries after `after`, in feed order. None is ever answered after a later one.
 * `history`, a snapshot from feedStart: the entries whose writers had committed in it are left out.
 */
export async function readFeed(
  db: Db,
  after: FeedCursor,
  limit = 100,
  history?: string | null,
): Promise<FeedEvent[]> {
  return db
    .select()
    .from(incidentEvents)
    .where(
      and(
        sql`(${incidentEvents.txId}, ${incidentEvents.id}) > (${after.txId}::xid8, ${after.id}::bigint)`,
        readable,
        history
          ? sql`${incidentEvents.writerTxId} is not null and not pg_visible_in_snapshot(${incidentEvents.writerTxId}, ${history}::pg_snapshot)`
          : undefined,
      ),
    )
    .orderBy(asc(incidentEvents.txId), asc(incidentEvents.id))
    .limit(limit);
}

/** Where a reader that wants only what commits from now on starts (readFeed's `after` and `history`). */
export interface FeedStart {
  cursor: FeedCursor;
  /** The snapshot of now (pg_snapshot as text). */
  history: string;
}

/**
 * Just before every entry not committed now. No position alone is that while a transaction runs: entries of
 * younger ones that committed already wait, unread, behind it (and a head read now would be before them).
 * So the cursor goes to the oldest running transaction, and the snapshot taken now tells the entries after it
 * that had committed, by their writers' ids. For a reader that must not be sent what came before it (a
 * webhook subscription); the change stream starts at feedHead, and a client sees at most an entry twice.
 */
export async function feedStart(db: Db): Promise<FeedStart> {
  const [now] = rowsOf<{ xmin: string; snapshot: string }>(
    await db.execute(
      sql`select pg_snapshot_xmin(s)::text as xmin, s::text as snapshot from pg_current_snapshot() as s`,
    ),
  );
  return { cursor: { txId: now.xmin, id: 0 }, history: now.snapshot };
}

/** The position after the last entry readable now (where a new reader that wants no history starts). */
export async function feedHead(db: Db): Promise<FeedCursor> {
  const [last] = await db
    .select({ txId: incidentEvents.txId, id: incidentEvents.id })
    .from(incidentEvents)
    .where(readable)
    .orderBy(sql`${incidentEvents.txId} desc, ${incidentEvents.id} desc`)
    .limit(1);
  return last ?? FEED_START;
}

/** The position just after entry `id` (a client resuming from the last id it saw), if the entry exists. */
export async function cursorAfterEvent(db: Db, id: number): Promise<FeedCursor | undefined> {
  const [row] = await db
    .select({ txId: incidentEvents.txId, id: incidentEvents.id })
    .from(incidentEvents)
    .where(eq(incidentEvents.id, id));
  return row;
}

export interface FeedSubscription {
  stop(): Promise<void>;
}

/**
 * Calls `onWake` when entries may have become readable: on every commit of entries (LISTEN/NOTIFY across
 * instances; in-process on PGlite), when listening (re)starts, and every `rescanMs` as a safety net (an entry
 * held back by an older transaction becomes readable when that one ends, which notifies nothing if it wrote
 * no entry). `onWake` should read from its cursor until the feed answers nothing.
 */
export function subscribeFeed(
  database: Database,
  onWake: () => void,
  { rescanMs = 1_000 }: { rescanMs?: number } = {},
): FeedSubscription {
  const wake = () => {
    try {
      onWake();
    } catch (error) {
      log.error({ err: error }, 'incident feed reader failed');
    }
  };
  const listening = database.listen(INCIDENT_EVENTS_CHANNEL, wake, wake);
  void listening.catch((error) => log.error({ err: error }, 'incident feed failed to listen'));
  const timer = setInterval(wake, rescanMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      const unlisten = await listening.catch(() => undefined);
      await unlisten?.().catch(() => {});
    },
  };
}
