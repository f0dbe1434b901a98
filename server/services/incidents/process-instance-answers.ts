// Process instances' incident lists kept as sent. A list is all of an instance's incidents (250 and more
// in an incident storm, some 200 kB), so reading, checking and serializing it costs the server about 5 ms
// of CPU, most of it the driver reading the rows. Kept here, an
// answer is sent again after one primary-key read of the instance's revision (db/schema/incidents.ts
// processInstanceRevisions), as long as that revision is the one it was made at. The revision is written by
// the database's triggers in the transaction of every change, so a request that begins after a change was
// committed never gets an answer made before it, whichever instance of the service made the change.
import { isNull, sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../../db/client';
import { preparedOnce } from '../../../db/prepared';
import { processInstanceRevisions, silences } from '../../../db/schema';
import type { SerializedAnswer } from '../../../lib/serialized-answer';

type Revision = string | null;

/**
 * What an entry costs besides its JSON (its key, record and map slot), counted against the bound: an unknown
 * process instance's answer is two bytes, and calls for a million of them must not keep a million entries.
 */
const ENTRY_OVERHEAD = 256;
const sizeOf = (answer: SerializedAnswer) => answer.json.length + ENTRY_OVERHEAD;

/** The answers of one database, least recently used first, within a bound on their size. */
export class AnswerCache {
  private readonly entries = new Map<number, { revision: Revision; answer: SerializedAnswer }>();
  /** Answers being made: calls that find the same revision meanwhile wait for it instead of making it too. */
  private readonly making = new Map<number, { revision: Revision; answer: Promise<SerializedAnswer> }>();
  private size = 0;

  constructor(private readonly maxSize: number) {}

  /** The answer made at `revision`: the one kept or being made, else `make()`'s, kept for the next call. */
  answer(processInstanceId: number, revision: Revision, make: () => Promise<SerializedAnswer>) {
    const kept = this.get(processInstanceId, revision);
    if (kept) return Promise.resolve(kept);
    const pending = this.making.get(processInstanceId);
    if (pending?.revision === revision) return pending.answer;
    const answer = make();
    const entry = { revision, answer };
    this.making.set(processInstanceId, entry);
    const settled = () => {
      if (this.making.get(processInstanceId) === entry) this.making.delete(processInstanceId);
    };
    answer.then((made) => {
      settled();
      this.set(processInstanceId, revision, made);
    }, settled);
    return answer;
  }

  private get(processInstanceId: number, revision: Revision): SerializedAnswer | undefined {
    const entry = this.entries.get(processInstanceId);
    if (!entry || entry.revision !== revision) return undefined;
    this.entries.delete(processInstanceId);
    this.entries.set(processInstanceId, entry);
    return entry.answer;
  }

  private set(processInstanceId: number, revision: Revision, answer: SerializedAnswer) {
    this.remove(processInstanceId);
    if (sizeOf(answer) > this.maxSize) return;
    this.entries.set(processInstanceId, { revision, answer });
    this.size += sizeOf(answer);
    for (const oldest of this.entries.keys()) {
      if (this.size <= this.maxSize) break;
      this.remove(oldest);
    }
  }

  private remove(processInstanceId: number) {
    const entry = this.entries.get(processInstanceId);
    if (!entry) return;
    this.entries.delete(processInstanceId);
    this.size -= sizeOf(entry.answer);
  }

  /** How many answers are kept. */
  get count(): number {
    return this.entries.size;
  }
}

/** Per database handle: tests and tools open several in one process, each with its own instances. */
const caches = new WeakMap<Db, AnswerCache>();

/** The bytes of answers kept per database handle; 0 keeps none. */
let maxBytesPerDatabase = 64 * 1024 * 1024;

/**
 * Sets how much is kept per database handle whose answers are first kept from now on; 0 keeps nothing more
 * anywhere (PROCESS_INSTANCE_ANSWERS_MB, at start: server/http.ts).
 */
export function keepProcessInstanceAnswers(megabytes: number): void {
  maxBytesPerDatabase = megabytes * 1024 * 1024;
}

function cacheOf(db: Db | Tx): AnswerCache | undefined {
  // A transaction may read its own uncommitted changes: what it reads is never kept.
  if (db instanceof PgTransaction || maxBytesPerDatabase <= 0) return undefined;
  let cache = caches.get(db);
  if (!cache) {
    caches.set(db, (cache = new AnswerCache(maxBytesPerDatabase)));
  }
  return cache;
}

/**
 * The instance's revision, and whether any silence is unended: an incident's `silencedBy` changes with the
 * silences (and with the time, when one begins or ends), which the revision does not follow, so while one is
 * unended answers are made afresh. One statement: the count has one row whatever there is.
 */
const revisionOf = preparedOnce((db) =>
  db
    .select({
      revision: sql<
        string | null
      >`(select ${processInstanceRevisions.revision}::text from ${processInstanceRevisions}
        where ${processInstanceRevisions.processInstanceId} = ${sql.placeholder('processInstanceId')})`,
      silences: sql<string | number>`count(*)`,
    })
    .from(silences)
    .where(isNull(silences.endedAt))
    .prepare('process_instance_revision'),
);

/**
 * The answer for `processInstanceId`: the one kept, while the instance's revision is unchanged, else `make()`'s,
 * kept for the next call. The revision is read before `make` reads the incidents, so a kept answer is never
 * older than its revision (it may be newer: a change committed meanwhile gives a new revision, which the
 * next call reads, and it makes the answer again).
 */
export async function processInstanceAnswer<T>(
  db: Db | Tx,
  processInstanceId: number,
  make: () => Promise<SerializedAnswer<T>>,
): Promise<SerializedAnswer<T>> {
  const cache = cacheOf(db);
  if (!cache) return make();
  const [row] = await revisionOf(db).execute({ processInstanceId });
  if (Number(row.silences) > 0) return make();
  return cache.answer(processInstanceId, row.revision ?? null, make) as Promise<SerializedAnswer<T>>;
}
