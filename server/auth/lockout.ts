// The lock rules of sign-in, in one place: at most MAX_FAILURES password checks per username in a lock
// window, and a username locked for LOCK_SECONDS after MAX_FAILURES consecutive failures (contract section 4).
//
// A check is reserved in the database before the password is verified: one conditional upsert counts it
// and answers whether it may go ahead. Reading the count first and writing a failure afterwards would let
// every concurrent attempt through before the first failure was written. A failure then writes nothing
// more (its reservation already counted it); a success clears the count.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;

/** The key of a username's count: sign-in is case-insensitive, so is its lock. */
export const lockKeyOf = (username: string) => username.toLowerCase();

export type Reservation =
  { reserved: true; attempt: number } | { reserved: false; retryAfterSeconds: number };

/**
 * Counts one password check for `username`, or refuses it while MAX_FAILURES are counted within the window.
 * A count whose last attempt is older than the window starts again at 1.
 */
export async function reservePasswordCheck(db: Db, username: string): Promise<Reservation> {
  const key = lockKeyOf(username);
  const [row] = rowsOf<{ failures: number }>(
    await db.execute(sql`
      insert into login_failures (username_key, failures, last_failed_at) values (${key}, 1, now())
      on conflict (username_key) do update set
        failures = case when login_failures.last_failed_at > now() - make_interval(secs => ${LOCK_SECONDS})
                        then login_failures.failures + 1 else 1 end,
        last_failed_at = now()
      where login_failures.failures < ${MAX_FAILURES}
         or login_failures.last_failed_at <= now() - make_interval(secs => ${LOCK_SECONDS})
      returning failures`),
  );
  if (row) return { reserved: true, attempt: Number(row.failures) };
  const [locked] = rowsOf<{ wait: number | string }>(
    await db.execute(sql`
      select ceil(extract(epoch from (last_failed_at + make_interval(secs => ${LOCK_SECONDS}) - now())))::int as wait
      from login_failures where username_key = ${key}`),
  );
  return { reserved: false, retryAfterSeconds: Math.max(1, Number(locked?.wait ?? LOCK_SECONDS)) };
}

/** A successful sign-in ends the run of failures; an administrator's unlock does too. */
export async function clearFailures(db: Db, username: string): Promise<void> {
  await db.execute(sql`delete from login_failures where username_key = ${lockKeyOf(username)}`);
}

/** When the username's lock ends, or null when it may sign in now. */
export async function lockedUntilOf(db: Db, username: string): Promise<Date | null> {
  const [row] = rowsOf<{ until: string | Date }>(
    await db.execute(sql`
      select last_failed_at + make_interval(secs => ${LOCK_SECONDS}) as until from login_failures
      where username_key = ${lockKeyOf(username)} and failures >= ${MAX_FAILURES}
        and last_failed_at > now() - make_interval(secs => ${LOCK_SECONDS})`),
  );
  return row ? new Date(row.until) : null;
}
