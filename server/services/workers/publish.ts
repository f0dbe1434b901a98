// Publishing a worker request: a NOTIFY inside the publishing transaction, which PostgreSQL (and PGlite)
// deliver only on commit (dispatcher.ts wakes the long polls it reaches).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';

export const WORKER_CHANNEL = 'bpm_worker_requests';

/**
 * Announces, on commit of `tx`, that `count` requests of `topic` are ready. The payload is the topic, then
 * the count when above one (topics hold no spaces), so an instance reading only the topic still understands
 * the common case.
 */
export async function publishTopic(tx: Db, topic: string, count = 1): Promise<void> {
  await tx.execute(sql`select pg_notify(${WORKER_CHANNEL}, ${count > 1 ? `${topic} ${count}` : topic})`);
}
