// The incident change stream (docs/contract.md §6): the committed timeline read from the incident
// feed, one entry at a time with its incident as it is now, filtered as the board filters, each tagged with
// its feed cursor so that a client that reconnects with it (Last-Event-ID) misses nothing.
//
// One hub per process listens to the feed while streams are open (LISTEN/NOTIFY across instances, in-process
// on PGlite) and reads its head; every open stream reads the feed from its own cursor, but only when the hub
// has seen something new. That is safe because the feed never makes an entry readable behind one already read: when the hub
// finds nothing after its cursor, nothing is readable after the cursor of a stream that had read everything
// up to the hub's (incident-feed.ts). A stream pulls its next page only when its writer asks for it, so a
// slow client holds back no one but itself and buffers nothing beyond one page.
import { inArray } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { incidents, type IncidentRow } from '../../../db/schema';
import type { IncidentEventType } from '../../../domain/incidents';
import { validationError } from '../../errors';
import { log } from '../../observability/log';
import {
  STREAM_EVENT_ID,
  TIMELINE_ENTRY_ID,
  type IncidentStreamEvent,
  type IncidentStreamQuery,
} from '../../schemas/incidents';
import { incidentViews, toIncidentEventView } from '../incidents/incident-view';
import {
  cursorAfterEvent,
  cursorOf,
  feedHead,
  readFeed,
  subscribeFeed,
  type FeedCursor,
  type FeedEvent,
  type FeedSubscription,
} from './incident-feed';

const PAGE = 100;
/** Without a hub (a process that does not listen), a stream looks again this often. */
const FALLBACK_RESCAN_MS = 1_000;

/** Entries that change an incident's status: they pass a status filter, so a board sees a row leave it. */
const STATUS_CHANGES = new Set<IncidentEventType>([
  'ACKNOWLEDGED',
  'UNACKNOWLEDGED',
  'RESOLVED',
  'REOPENED',
  'RETRY_SUCCEEDED',
  'RETRY_FAILED',
  'OCCURRED_AGAIN',
]);

/** An event id: the feed cursor `<txId>.<id>` (a bare timeline id is accepted too, for clients that keep one). */
export const eventIdOf = (cursor: FeedCursor) => `${cursor.txId}.${cursor.id}`;

/** Where a stream resumes: after `lastEventId`, else at the head (no history). */
async function startingCursor(db: Db, lastEventId: string | undefined): Promise<FeedCursor> {
  if (!lastEventId) return feedHead(db);
  const full = STREAM_EVENT_ID.exec(lastEventId);
  if (full) return { txId: full[1], id: Number(full[2]) };
  if (TIMELINE_ENTRY_ID.test(lastEventId)) {
    const found = await cursorAfterEvent(db, Number(lastEventId));
    if (found) return found;
    throw validationError(`No timeline entry ${lastEventId} to resume after: open the stream without it`, [
      { field: 'lastEventId', message: 'names no timeline entry' },
    ]);
  }
  throw validationError('lastEventId must be an event id of this stream (<txId>.<id>) or a timeline id', [
    { field: 'lastEventId', message: 'is not an event id' },
  ]);
}

/** The board's filters that can be decided on one entry and its incident as it is now. */
export function matchesStreamFilter(
  query: IncidentStreamQuery,
  event: Pick<FeedEvent, 'eventType'>,
  incident: IncidentRow,
): boolean {
  if (query.incidentId !== undefined && incident.id !== query.incidentId) return false;
  if (query.processInstanceId !== undefined && incident.processInstanceId !== query.processInstanceId)
    return false;
  if (query.source?.length && !query.source.includes(incident.source)) return false;
  if (query.severity?.length && !query.severity.includes(incident.severity)) return false;
  if (query.status?.length && !query.status.includes(incident.status) && !STATUS_CHANGES.has(event.eventType))
    return false;
  if (query.q) {
    const needle = query.q.toLowerCase();
    const haystacks = [incident.message, incident.externalReferenceId, incident.nodeId];
    if (!haystacks.some((text) => text.toLowerCase().includes(needle))) return false;
  }
  return true;
}

/**
 * Reads the feed's head on every wake and tells the streams when it moved. It listens only while a stream
 * is open (`acquire`/`release`): a process without streams costs nothing.
 */
class IncidentEventHub {
  private head: FeedCursor | undefined;
  /** Bumped whenever the head moved: a stream that read at one generation waits only while it is current. */
  private moves = 0;
  private waiters = new Set<() => void>();
  private reading = false;
  private again = false;
  private closed = false;
  private users = 0;
  private subscription: FeedSubscription | undefined;

  constructor(private readonly database: Database) {}

  acquire() {
    if (this.users++ === 0 && !this.closed) {
      this.subscription = subscribeFeed(this.database, () => void this.read());
    }
  }

  release() {
    if (--this.users === 0) {
      void this.subscription?.stop();
      this.subscription = undefined;
      this.head = undefined;
    }
  }

  private async read() {
    if (this.reading) {
      this.again = true;
      return;
    }
    this.reading = true;
    try {
      do {
        this.again = false;
        const head = await feedHead(this.database.db);
        if (!this.head || head.txId !== this.head.txId || head.id !== this.head.id) {
          this.head = head;
          this.moves++;
          this.wakeAll();
        }
      } while (this.again && !this.closed);
    } catch (error) {
      if (this.users > 0) log.warn({ err: error }, 'incident stream hub could not read the feed head');
    } finally {
      this.reading = false;
    }
  }

  private wakeAll() {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Where the head stands now: take it before reading the feed, and wait with it. */
  get generation() {
    return this.moves;
  }

  /**
   * Resolves when the feed may have moved since `generation` (at once if it has already), or at the latest
   * after `maxMs`, or on abort or close.
   */
  wait(generation: number, signal: AbortSignal | undefined, maxMs: number): Promise<void> {
    if (this.closed || signal?.aborted || generation !== this.moves) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.waiters.delete(done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, maxMs);
      this.waiters.add(done);
      signal?.addEventListener('abort', done, { once: true });
    });
  }

  get isClosed() {
    return this.closed;
  }

  async close() {
    this.closed = true;
    this.wakeAll();
    await this.subscription?.stop();
    this.subscription = undefined;
  }
}

const hubs = new WeakMap<Db, IncidentEventHub>();

/** Starts listening to the feed for the streams served through `database` (once per process). */
export function startIncidentEventHub(database: Database): void {
  if (!hubs.has(database.db)) hubs.set(database.db, new IncidentEventHub(database));
}

/** Ends every stream served through `db` (shutdown): their clients reconnect elsewhere with their last id. */
export async function stopIncidentEventHub(db: Db): Promise<void> {
  const hub = hubs.get(db);
  hubs.delete(db);
  await hub?.close();
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/** An event of the stream with its id, which a client sends back as Last-Event-ID to resume after it. */
export interface StreamEvent {
  id: string;
  event: IncidentStreamEvent;
}

/**
 * The stream's events, each with its id, from after `lastEventId` (or from now) until `signal`
 * aborts or the process drains. The starting point is decided (and a bad lastEventId refused) before the
 * first event is asked for, so that a transport can still answer a 400.
 */
export async function openIncidentStream(
  db: Db,
  query: IncidentStreamQuery,
  signal?: AbortSignal,
): Promise<AsyncGenerator<StreamEvent>> {
  let cursor = await startingCursor(db, query.lastEventId);
  const hub = hubs.get(db);
  async function* events() {
    hub?.acquire();
    try {
      while (!signal?.aborted && !hub?.isClosed) {
        const generation = hub?.generation ?? 0;
        const page = await readFeed(db, cursor, PAGE);
        if (!page.length) {
          if (hub) await hub.wait(generation, signal, 15_000);
          else await sleep(FALLBACK_RESCAN_MS, signal);
          continue;
        }
        const ids = [...new Set(page.map((e) => e.incidentId))];
        const rows = await db.select().from(incidents).where(inArray(incidents.id, ids));
        const byId = new Map(rows.map((row) => [row.id, row]));
        // As every incident answer: with retryable, which needs the worker requests' states.
        const views = new Map((await incidentViews(db, rows)).map((view) => [view.id, view]));
        for (const entry of page) {
          cursor = cursorOf(entry);
          const incident = byId.get(entry.incidentId);
          if (!incident || !matchesStreamFilter(query, entry, incident)) continue;
          yield {
            id: eventIdOf(cursor),
            event: { ...toIncidentEventView(entry), incident: views.get(incident.id)! },
          };
        }
      }
    } finally {
      hub?.release();
    }
  }
  return events();
}
