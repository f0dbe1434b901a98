// Wakes long-polling workers when a request of their topic is published, returns expired locks to
// PENDING, and re-announces republished requests that no worker has taken yet (after a crash, say).
// Publishing is a NOTIFY inside the publishing transaction: PostgreSQL (and PGlite) deliver it only on
// commit, so nothing is announced that was not committed, on this instance or any other.
//
// Waiters queue per topic in arrival order. An announcement of n requests wakes only the first waiters
// with room for them (a waiter takes up to maxTasks), so a publish costs about one look per request
// however many workers wait, and the longest-waiting worker is served first. A waiter that looks and
// finds nothing keeps its place; one that leaves passes on the announcements it did not use.
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { outbox, workerRequests } from '../../../db/schema';
import type { RequestContext } from '../../../lib/request-context';
import { log } from '../../observability/log';
import { countLockExpiries, countLongPolls, countWakeUps } from '../../observability/metrics';
import { publishTopic, WORKER_CHANNEL } from './publish';
import { sweepIdempotencyKeys } from '../idempotency';
import { releaseExpiredLocks } from './request-states';

export { publishTopic, WORKER_CHANNEL };

/** Announced requests handed to one rescan at most per topic (a safety net, not the normal path). */
const RESCAN_LIMIT = 100;

function parseAnnouncement(payload: string): { topic: string; count: number } {
  const [topic, count] = payload.split(' ');
  return { topic, count: Math.max(1, Number(count) || 1) };
}

/** One long poll's place in the dispatcher's queues, from its first look until it answers. */
export interface LongPoll {
  /**
   * After a look that locked nothing: resolves true when the poll should look again (a request was
   * announced to it), false when it should answer `[]` (its time is up, its client left, or the server is
   * draining). It keeps its place in the queues meanwhile and holds no database connection.
   */
  next(): Promise<boolean>;
  /** Leaves the queues; `lockedTopics` (the topic of each request the last look locked) are used, the rest passed on. */
  leave(lockedTopics?: string[]): void;
}

export interface Dispatcher {
  /**
   * Queues a long poll on `topics` until `deadline` (epoch ms); its first look starts at once. `request`, the
   * HTTP request it answers, is told when its time is up (for the overshoot: server/observability/observe-requests.ts).
   */
  join(poll: {
    topics: string[];
    maxTasks: number;
    deadline: number;
    signal?: AbortSignal;
    request?: RequestContext;
  }): LongPoll;
  /** Answers every waiting long poll now, and lets no later one wait (graceful shutdown). */
  drain(): void;
  /** Long polls in the queues (looking or waiting). */
  readonly waiting: number;
  /** Stops wake-ups and sweeps, after the sweep under way (if any) has finished. */
  stop(): Promise<void>;
}

/** Returns requests whose lock expired to PENDING, announcing each topic. */
export async function sweepExpiredLocks(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const released = await releaseExpiredLocks(tx);
    for (const [topic, count] of countByTopic(released.map((r) => r.topic))) {
      await publishTopic(tx, topic, count);
    }
    return released.length;
  });
}

/** Announces the topics of republished requests that no worker has locked yet. */
export async function announceUndelivered(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const pending = await tx
      .select({ topic: outbox.topic, count: sql<number>`count(*)::int` })
      .from(outbox)
      .where(isNull(outbox.deliveredAt))
      .groupBy(outbox.topic);
    for (const { topic, count } of pending) await publishTopic(tx, topic, count);
  });
}

/** PENDING requests per topic among `topics` (one cheap query: the rescan of waiters' topics). */
async function pendingByTopic(db: Db, topics: string[]): Promise<Map<string, number>> {
  const rows = await db
    .select({ topic: workerRequests.topic, count: sql<number>`count(*)::int` })
    .from(workerRequests)
    .where(and(eq(workerRequests.status, 'PENDING'), inArray(workerRequests.topic, topics)))
    .groupBy(workerRequests.topic);
  return new Map(rows.map((r) => [r.topic, r.count]));
}

function countByTopic(topics: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>();
  for (const topic of topics) counts.set(topic, (counts.get(topic) ?? 0) + 1);
  return counts;
}

function addTo(counts: Map<string, number>, topic: string, n: number) {
  counts.set(topic, (counts.get(topic) ?? 0) + n);
}

const total = (counts: Map<string, number>) => [...counts.values()].reduce((a, b) => a + b, 0);

/**
 * The waiters' deadlines behind one timer, set for the earliest: a min-heap by deadline. A thousand polls
 * with a thousand different deadlines were a thousand timers, each a list in Node's own priority queue; one
 * timer and one heap cost less when they time out together. A waiter that leaves stays in the heap until its
 * deadline or until the departed are half of it (then the heap is rebuilt without them).
 */
class Deadlines {
  private heap: Waiter[] = [];
  private departed = 0;
  private timer?: NodeJS.Timeout;
  private armedFor = Infinity;

  add(waiter: Waiter) {
    const heap = this.heap;
    heap.push(waiter);
    for (let i = heap.length - 1; i > 0;) {
      const up = (i - 1) >> 1;
      if (heap[up].deadline <= heap[i].deadline) break;
      [heap[up], heap[i]] = [heap[i], heap[up]];
      i = up;
    }
    this.arm();
  }

  /** `waiter` left: before its deadline, it stays in the heap as departed. */
  forget(waiter: Waiter) {
    if (waiter.due) return;
    this.departed++;
    if (this.departed < this.heap.length / 2) return;
    this.heap = this.heap.filter((w) => !w.left);
    this.departed = 0;
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.siftDown(i);
    if (!this.heap.length) this.disarm();
  }

  private siftDown(from: number) {
    const heap = this.heap;
    for (let i = from; ;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let least = i;
      if (left < heap.length && heap[left].deadline < heap[least].deadline) least = left;
      if (right < heap.length && heap[right].deadline < heap[least].deadline) least = right;
      if (least === i) return;
      [heap[least], heap[i]] = [heap[i], heap[least]];
      i = least;
    }
  }

  private pop(): Waiter {
    const heap = this.heap;
    const first = heap[0];
    const last = heap.pop()!;
    if (heap.length) {
      heap[0] = last;
      this.siftDown(0);
    }
    return first;
  }

  private disarm() {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.armedFor = Infinity;
  }

  private arm() {
    const next = this.heap[0]?.deadline ?? Infinity;
    if (next >= this.armedFor) return;
    this.disarm();
    if (next === Infinity) return;
    this.armedFor = next;
    // At least 1 ms: a timer may fire a little before Date.now() reaches the deadline, and then waits again.
    // Unreferenced: a waiting poll's open request keeps the process alive, a departed one's deadline must not.
    this.timer = setTimeout(this.expire, Math.max(1, next - Date.now())).unref();
  }

  /** Ends every waiter whose deadline has passed (never one before its deadline). */
  private readonly expire = () => {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = Date.now();
    while (this.heap.length && this.heap[0].deadline <= now) {
      const waiter = this.pop();
      waiter.due = true;
      if (waiter.left) this.departed--;
      else waiter.timeOut();
    }
    this.arm();
  };
}

/** A long poll as the queues see it. */
class Waiter implements LongPoll {
  /** Looking (a query under way) rather than waiting. */
  looking = true;
  /** No more waiting: its deadline passed, its client left, or the server drains. */
  over = false;
  /** Announcements the look under way answers for, per topic. */
  covered = new Map<string, number>();
  /** Announcements given to it since its look began (or while it waits), for its next look. */
  assigned = new Map<string, number>();
  /** It has left the queues (and answered or is answering). */
  left = false;
  /** Its deadline has passed (it is out of the deadlines' heap). */
  due = false;
  private resume?: (lookAgain: boolean) => void;
  private readonly onAbort = () => this.end();

  constructor(
    readonly topics: string[],
    readonly maxTasks: number,
    readonly deadline: number,
    private readonly signal: AbortSignal | undefined,
    private readonly queues: Queues,
    private readonly deadlines: Deadlines,
    /** The HTTP request it answers, told when its time is up (for the overshoot: server/observability/observe-requests.ts). */
    private readonly request: RequestContext | undefined,
  ) {
    deadlines.add(this);
    signal?.addEventListener('abort', this.onAbort);
    if (signal?.aborted) this.over = true;
  }

  /** Room left for announcements in its next look. */
  get room(): number {
    return this.maxTasks - total(this.assigned);
  }

  assign(topic: string, n: number) {
    addTo(this.assigned, topic, n);
    if (!this.looking && this.resume) {
      countWakeUps(1);
      this.wake(true);
    }
  }

  end() {
    this.over = true;
    if (!this.looking) this.wake(false);
  }

  /** Its deadline passed. */
  timeOut() {
    if (this.request) this.request.longPollDeadline = this.deadline;
    this.end();
  }

  private wake(lookAgain: boolean) {
    const resume = this.resume;
    this.resume = undefined;
    if (lookAgain) this.startLook();
    resume?.(lookAgain);
  }

  private startLook() {
    this.looking = true;
    this.covered = this.assigned;
    this.assigned = new Map();
  }

  next(): Promise<boolean> {
    // The look found nothing: what it answered for is gone (another worker took it).
    this.covered = new Map();
    if (this.over) return Promise.resolve(false);
    if (this.assigned.size) {
      this.startLook();
      return Promise.resolve(true);
    }
    this.looking = false;
    return new Promise((resolve) => (this.resume = resolve));
  }

  leave(lockedTopics: string[] = []) {
    if (this.left) return;
    this.left = true;
    this.deadlines.forget(this);
    this.signal?.removeEventListener('abort', this.onAbort);
    this.over = true;
    this.looking = true;
    this.resume?.(false);
    this.resume = undefined;
    this.queues.remove(this);
    const unused = new Map(this.covered);
    for (const [topic, n] of this.assigned) addTo(unused, topic, n);
    for (const topic of lockedTopics) addTo(unused, topic, -1);
    this.covered = new Map();
    this.assigned = new Map();
    for (const [topic, n] of unused) if (n > 0) this.queues.announce(topic, n);
  }
}

/** The waiters of each topic, in arrival order (a Set keeps insertion order and deletes in O(1)). */
class Queues {
  private readonly byTopic = new Map<string, Set<Waiter>>();
  size = 0;

  add(waiter: Waiter) {
    this.size++;
    countLongPolls(1);
    for (const topic of waiter.topics) {
      let queue = this.byTopic.get(topic);
      if (!queue) this.byTopic.set(topic, (queue = new Set()));
      queue.add(waiter);
    }
  }

  remove(waiter: Waiter) {
    let removed = false;
    for (const topic of waiter.topics) {
      const queue = this.byTopic.get(topic);
      if (!queue?.delete(waiter)) continue;
      removed = true;
      if (!queue.size) this.byTopic.delete(topic);
    }
    if (removed) {
      this.size--;
      countLongPolls(-1);
    }
  }

  /** Hands `count` announced requests of `topic` to the first waiters with room, waking those that wait. */
  announce(topic: string, count: number) {
    let left = count;
    for (const waiter of this.byTopic.get(topic) ?? []) {
      if (left <= 0) return;
      const given = Math.min(waiter.room, left);
      if (given <= 0 || waiter.over) continue;
      left -= given;
      waiter.assign(topic, given);
    }
  }

  /** Topics some waiter waits on without a look under way or due. */
  idleTopics(): string[] {
    return [...this.byTopic]
      .filter(([, queue]) => [...queue].some((w) => !w.looking && !w.over))
      .map(([topic]) => topic);
  }

  all(): Waiter[] {
    return [...new Set([...this.byTopic.values()].flatMap((queue) => [...queue]))];
  }
}

export interface DispatcherOptions {
  /** How often expired locks go back to PENDING and idle waiters' topics are looked at again (1 s). */
  sweepIntervalMs?: number;
}

export function startDispatcher(
  database: Database,
  { sweepIntervalMs = 1_000 }: DispatcherOptions = {},
): Dispatcher {
  const queues = new Queues();
  const deadlines = new Deadlines();
  let draining = false;
  const listening = database.listen(
    WORKER_CHANNEL,
    (payload) => {
      const { topic, count } = parseAnnouncement(payload);
      queues.announce(topic, count);
    },
    // Listening again after a lost connection: what was announced meanwhile was missed, and so may a
    // republished request's announcement be.
    () => void catchUp(),
  );

  // Each sweepIntervalMs: expired locks back to PENDING, and a rescan of the topics of idle waiters, in case an
  // announcement went unanswered (a look that skipped a row another transaction held, say).
  let sweep: Promise<void> | undefined;
  const sweeper = setInterval(() => {
    sweep ??= runSweep().finally(() => (sweep = undefined));
  }, sweepIntervalMs);
  sweeper.unref();
  // Idempotency-Keys past their retention are deleted once a minute, by the same timer: the keys of the
  // worker protocol's writes and of reports (server/services/idempotency.ts).
  let keysSweptAt = 0;
  async function runSweep() {
    await sweepExpiredLocks(database.db)
      .then(countLockExpiries)
      .catch((error) => log.error({ err: error }, 'worker lock sweep failed'));
    await rescan().catch((error) => log.error({ err: error }, 'worker rescan failed'));
    if (Date.now() - keysSweptAt >= 60_000) {
      keysSweptAt = Date.now();
      await sweepIdempotencyKeys(database.db).catch((error) =>
        log.error({ err: error }, 'idempotency key sweep failed'),
      );
    }
  }
  async function catchUp() {
    await rescan().catch((error) => log.error({ err: error }, 'worker rescan failed'));
    await announceUndelivered(database.db).catch((error) =>
      log.error({ err: error }, 'worker re-announce failed'),
    );
  }
  async function rescan() {
    const topics = queues.idleTopics();
    if (!topics.length) return;
    for (const [topic, count] of await pendingByTopic(database.db, topics)) {
      queues.announce(topic, Math.min(count, RESCAN_LIMIT));
    }
  }

  void listening.catch((error) => log.error({ err: error }, 'worker dispatcher failed to start'));

  return {
    join({ topics, maxTasks, deadline, signal, request }) {
      const waiter = new Waiter([...new Set(topics)], maxTasks, deadline, signal, queues, deadlines, request);
      if (draining) waiter.over = true;
      queues.add(waiter);
      return waiter;
    },
    drain() {
      draining = true;
      for (const waiter of queues.all()) waiter.end();
    },
    get waiting() {
      return queues.size;
    },
    async stop() {
      clearInterval(sweeper);
      await sweep;
      const unlisten = await listening.catch(() => undefined);
      await unlisten?.().catch(() => {});
      for (const waiter of queues.all()) waiter.end();
    },
  };
}
