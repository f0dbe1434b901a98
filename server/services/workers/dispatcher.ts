// Wakes long-polling workers when a request of their topic is published, returns expired locks to
// PENDING, and re-announces republished requests that no worker has taken yet (after a crash, say).
// Publishing is a NOTIFY inside the publishing transaction: PostgreSQL (and PGlite) deliver it only on
// commit, so nothing is announced that was not committed, on this instance or any other.
import { EventEmitter } from 'node:events';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../../../db/client';
import { outbox, workerRequests } from '../../../db/schema';

export const WORKER_CHANNEL = 'bpm_worker_requests';
const SWEEP_INTERVAL_MS = 1_000;

/** Announces, on commit of `tx`, that a request of `topic` is ready. */
export async function publishTopic(tx: Db, topic: string): Promise<void> {
  await tx.execute(sql`select pg_notify(${WORKER_CHANNEL}, ${topic})`);
}

export interface Dispatcher {
  /** Resolves when a request of one of `topics` is published, or after `ms`, or when `signal` aborts. */
  waitForTopics(
    topics: string[],
    ms: number,
    signal?: AbortSignal,
  ): { promise: Promise<void>; cancel(): void };
  stop(): Promise<void>;
}

/** Returns requests whose lock expired to PENDING, announcing each topic. */
export async function sweepExpiredLocks(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const released = await tx
      .update(workerRequests)
      .set({
        status: 'PENDING',
        workerId: null,
        lockExpiresAt: null,
        attempt: sql`${workerRequests.attempt} + 1`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(workerRequests.status, 'LOCKED'), lt(workerRequests.lockExpiresAt, sql`now()`)))
      .returning({ topic: workerRequests.topic });
    for (const topic of new Set(released.map((r) => r.topic))) await publishTopic(tx, topic);
    return released.length;
  });
}

/** Announces the topics of republished requests that no worker has locked yet. */
export async function announceUndelivered(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    const pending = await tx
      .selectDistinct({ topic: outbox.topic })
      .from(outbox)
      .where(isNull(outbox.deliveredAt));
    for (const { topic } of pending) await publishTopic(tx, topic);
  });
}

export function startDispatcher(database: Database): Dispatcher {
  const topics = new EventEmitter();
  topics.setMaxListeners(0);
  const listening = database.listen(WORKER_CHANNEL, (topic) => topics.emit(topic));
  let sweeping = false;
  const sweeper = setInterval(() => {
    if (sweeping) return;
    sweeping = true;
    sweepExpiredLocks(database.db)
      .catch((error) => console.error('worker lock sweep failed:', error))
      .finally(() => (sweeping = false));
  }, SWEEP_INTERVAL_MS);
  sweeper.unref();
  void listening
    .then(() => announceUndelivered(database.db))
    .catch((error) => console.error('worker dispatcher failed to start:', error));

  return {
    waitForTopics(wanted, ms, signal) {
      let done: () => void = () => {};
      const promise = new Promise<void>((resolve) => {
        const timer = setTimeout(finish, ms);
        function finish() {
          clearTimeout(timer);
          for (const t of wanted) topics.off(t, finish);
          signal?.removeEventListener('abort', finish);
          resolve();
        }
        done = finish;
        for (const t of wanted) topics.on(t, finish);
        signal?.addEventListener('abort', finish);
      });
      return { promise, cancel: () => done() };
    },
    async stop() {
      clearInterval(sweeper);
      const unlisten = await listening.catch(() => undefined);
      await unlisten?.().catch(() => {});
      topics.removeAllListeners();
    },
  };
}
