// Idempotency-Key (docs/contract.md §8, "Idempotency-Key"; the IETF httpapi draft of that name): a client
// that cannot know whether a write was done (its connection dropped, the database did not confirm the
// commit) sends it again with the same key, and gets the first answer instead of a second write. The key is
// claimed at the start of the write's transaction and its answer kept at the end of it, so the key is kept
// exactly when the write is; a repeat that arrives while the first is under way waits for it and is then
// answered the same.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf } from '../../db/client';
import { idempotencyKeyReused, validationError } from '../errors';

/** How long a key is kept: a repeat sent later is done again (docs/contract.md §8). */
export const IDEMPOTENCY_KEY_RETENTION_HOURS = 24;
const RETENTION = sql.raw(`interval '${IDEMPOTENCY_KEY_RETENTION_HOURS} hours'`);

/** One request sent with a key: whose, which operation, which key, and what it asked. */
export interface IdempotentRequest {
  owner: string;
  operation: string;
  key: string;
  fingerprint: string;
}

/** 1 to 255 visible ASCII characters; sent as a structured-field string (`"abc"`) or bare (`abc`). */
const KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * The request a write was sent as, when it carried an Idempotency-Key header; undefined when it did not.
 * `userId`: who sent it (keys of different users never meet; null for the anonymous principal of a service
 * run without security). A malformed key is a 400.
 */
export function idempotentRequest(
  header: string | undefined,
  userId: number | null | undefined,
  operation: string,
  input: unknown,
): IdempotentRequest | undefined {
  if (header === undefined) return undefined;
  const owner = userId != null ? `user:${userId}` : 'anonymous';
  const key = /^"(.*)"$/.exec(header)?.[1] ?? header;
  if (!KEY.test(key))
    throw validationError('The Idempotency-Key header must be 1 to 255 visible ASCII characters', [
      { field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' },
    ]);
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(input) ?? '')
    .digest('base64url');
  return { owner, operation, key, fingerprint };
}

/** What claiming keys found: each key claimed for this transaction, or the first answer to give again. */
export type Claim = { claimed: true } | { claimed: false; answer: unknown };

/**
 * Claims the keys in the caller's transaction, in one statement, waiting for a transaction that holds one
 * of them to end. A key past its retention is claimed again. Unclaimed: the answer kept for it, or (the
 * same key with another input) the 422 that refuses it. The keys must be distinct.
 */
export async function claimKeys(tx: Db, requests: IdempotentRequest[]): Promise<(Claim | Error)[]> {
  if (!requests.length) return [];
  const values = requests.map((r) => ({ o: r.owner, p: r.operation, k: r.key, f: r.fingerprint }));
  const claimed = rowsOf<{ owner: string; operation: string; key: string }>(
    await tx.execute(sql`
      insert into idempotency_keys (owner, operation, key, fingerprint)
      select f.o, f.p, f.k, f.f
      from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as f(o text, p text, k text, f text)
      order by f.o, f.p, f.k
      on conflict (owner, operation, key) do update
        set fingerprint = excluded.fingerprint, answer = null, created_at = now()
        where idempotency_keys.created_at < now() - ${RETENTION}
      returning owner, operation, key`),
  );
  const isClaimed = new Set(claimed.map((c) => `${c.owner}\n${c.operation}\n${c.key}`));
  const taken = requests.filter((r) => !isClaimed.has(`${r.owner}\n${r.operation}\n${r.key}`));
  const kept = new Map<string, { fingerprint: string; answer: unknown }>();
  if (taken.length) {
    const keys = taken.map((r) => ({ o: r.owner, p: r.operation, k: r.key }));
    const rows = rowsOf<{
      owner: string;
      operation: string;
      key: string;
      fingerprint: string;
      answer: unknown;
    }>(
      await tx.execute(sql`
        select i.owner, i.operation, i.key, i.fingerprint, i.answer
        from jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) as f(o text, p text, k text)
        join idempotency_keys i on i.owner = f.o and i.operation = f.p and i.key = f.k`),
    );
    for (const row of rows) kept.set(`${row.owner}\n${row.operation}\n${row.key}`, row);
  }
  return requests.map((r) => {
    const id = `${r.owner}\n${r.operation}\n${r.key}`;
    if (isClaimed.has(id)) return { claimed: true };
    const first = kept.get(id);
    if (!first) return { claimed: true }; // deleted by the sweep meanwhile: nothing to give again
    if (first.fingerprint !== r.fingerprint) return idempotencyKeyReused(r.key);
    return {
      claimed: false,
      answer: typeof first.answer === 'string' ? JSON.parse(first.answer) : first.answer,
    };
  });
}

/** Keeps the answers of claimed keys, in one statement, last in the transaction of their writes. */
export async function keepAnswers(tx: Db, answers: { request: IdempotentRequest; answer: unknown }[]) {
  if (!answers.length) return;
  const values = answers.map(({ request: r, answer }) => ({
    o: r.owner,
    p: r.operation,
    k: r.key,
    a: answer,
  }));
  await tx.execute(sql`
    update idempotency_keys i set answer = f.a
    from jsonb_to_recordset(${JSON.stringify(values)}::jsonb) as f(o text, p text, k text, a jsonb)
    where i.owner = f.o and i.operation = f.p and i.key = f.k`);
}

/**
 * Does `write` once per key: in one transaction with its key, and a repeat answered with the first answer.
 * Without a key, simply `write`. `write` may open transactions of its own (savepoints then).
 */
export async function once<T>(
  db: Db,
  request: IdempotentRequest | undefined,
  write: (db: Db) => Promise<T>,
): Promise<T> {
  if (!request) return write(db);
  return db.transaction(async (tx) => {
    const [claim] = await claimKeys(tx, [request]);
    if (claim instanceof Error) throw claim;
    if (!claim.claimed) return claim.answer as T;
    const answer = await write(tx);
    await keepAnswers(tx, [{ request, answer }]);
    return answer;
  });
}

/** Deletes keys past their retention, a bounded number at a time (the worker sweep calls it). */
export async function sweepIdempotencyKeys(db: Db, limit = 1000): Promise<void> {
  await db.execute(sql`
    delete from idempotency_keys where ctid in (
      select ctid from idempotency_keys where created_at < now() - ${RETENTION}
      order by created_at limit ${limit})`);
}
