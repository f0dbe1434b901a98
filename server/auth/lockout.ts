// The lock rules of sign-in, in one place: at most MAX_FAILURES password checks per username in a lock
// window, and a username locked for LOCK_SECONDS after MAX_FAILURES consecutive failures
// (docs/contract.md §4).
//
// A check is reserved in the database before the password is verified: one conditional upsert counts it
// and answers whether it may go ahead. Reading the count first and writing a failure afterwards would let
// every concurrent attempt through before the first failure was written. A failure then writes nothing
// more (its reservation already counted it); a success clears the count.
import { and, eq, gt, gte, lte, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginFailures } from '../../db/schema';

export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;

/** The key of a username's count: sign-in is case-insensitive, so is its lock. */
export const lockKeyOf = (username: string) => username.toLowerCase();

export type Reservation =
  { reserved: true; attempt: number } | { reserved: false; retryAfterSeconds: number };

/** When the lock window that ends now began: a count whose last attempt is older no longer counts. */
const windowStart = sql`now() - make_interval(secs => ${LOCK_SECONDS})`;
const lockEnd = sql`${loginFailures.lastFailedAt} + make_interval(secs => ${LOCK_SECONDS})`;

/**
 * Counts one password check for `username`, or refuses it while MAX_FAILURES are counted within the window.
 * A count whose last attempt is older than the window starts again at 1.
 */
export async function reservePasswordCheck(db: Db, input: { username: string }): Promise<Reservation> {
  const key = lockKeyOf(input.username);
  // One statement: the conditional upsert counts the check only when the count allows it (see above).
  const [row] = await db
    .insert(loginFailures)
    .values({ usernameKey: key, failures: 1, lastFailedAt: sql`now()` })
    .onConflictDoUpdate({
      target: loginFailures.usernameKey,
      set: {
        failures: sql`case when ${loginFailures.lastFailedAt} > ${windowStart}
                      then ${loginFailures.failures} + 1 else 1 end`,
        lastFailedAt: sql`now()`,
      },
      setWhere: or(lt(loginFailures.failures, MAX_FAILURES), lte(loginFailures.lastFailedAt, windowStart)),
    })
    .returning({ failures: loginFailures.failures });
  if (row) return { reserved: true, attempt: row.failures };
  const [locked] = await db
    .select({ wait: sql<number>`ceil(extract(epoch from (${lockEnd} - now())))::int`.mapWith(Number) })
    .from(loginFailures)
    .where(eq(loginFailures.usernameKey, key));
  return { reserved: false, retryAfterSeconds: Math.max(1, locked?.wait ?? LOCK_SECONDS) };
}

/**
 * Gives back the check `reservePasswordCheck` counted, for a right password that is not yet a sign-in and
 * whose next step is counted on its own (a passkey's challenge: the sign-in that carries its assertion
 * checks the password again). Never below zero. It was not a failure, so it may also undo the count's
 * reaching MAX_FAILURES that it caused itself.
 */
export async function releasePasswordCheck(db: Db, input: { username: string }): Promise<void> {
  await db
    .update(loginFailures)
    .set({ failures: sql`${loginFailures.failures} - 1` })
    .where(and(eq(loginFailures.usernameKey, lockKeyOf(input.username)), gt(loginFailures.failures, 0)));
}

/** A successful sign-in ends the run of failures; an administrator's unlock does too. */
export async function clearFailures(db: Db, input: { username: string }): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.usernameKey, lockKeyOf(input.username)));
}

/** When the username's lock ends, or null when it may sign in now. */
export async function lockedUntilOf(db: Db, input: { username: string }): Promise<Date | null> {
  const [row] = await db
    .select({ until: sql<Date>`${lockEnd}`.mapWith((value: Date | string) => new Date(value)) })
    .from(loginFailures)
    .where(
      and(
        eq(loginFailures.usernameKey, lockKeyOf(input.username)),
        gte(loginFailures.failures, MAX_FAILURES),
        gt(loginFailures.lastFailedAt, windowStart),
      ),
    );
  return row ? row.until : null;
}
