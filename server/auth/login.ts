// Username + password sign-in, shared by POST /api/tokens and the console's next-auth sign-in,
// with throttling of failed attempts kept in the database (contract section 4).
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { rateLimited, unauthenticated } from '../errors';
import { verifyPassword } from './passwords';

export const MAX_FAILURES = 5;
export const LOCK_SECONDS = 15 * 60;

export interface SignedInUser {
  id: number;
  username: string;
  tokenVersion: number;
}

/** Seconds until the username may try again, or 0 when it is not locked. */
async function lockedForSeconds(db: Db, key: string): Promise<number> {
  const [row] = rowsOf<{ wait: number | string }>(
    await db.execute(sql`
      select ceil(extract(epoch from (last_failed_at + make_interval(secs => ${LOCK_SECONDS}) - now())))::int as wait
      from login_failures where username_key = ${key} and failures >= ${MAX_FAILURES}`),
  );
  return row ? Math.max(0, Number(row.wait)) : 0;
}

/** Counts a failure; a failure after a quiet window starts a new count. */
async function recordFailure(db: Db, key: string): Promise<void> {
  await db.execute(sql`
    insert into login_failures (username_key, failures, last_failed_at) values (${key}, 1, now())
    on conflict (username_key) do update set
      failures = case when login_failures.last_failed_at > now() - make_interval(secs => ${LOCK_SECONDS})
                      then login_failures.failures + 1 else 1 end,
      last_failed_at = now()`);
}

export async function verifyCredentials(db: Db, username: string, password: string): Promise<SignedInUser> {
  const key = username.toLowerCase();
  const wait = await lockedForSeconds(db, key);
  if (wait > 0) throw rateLimited(wait);
  const [user] = rowsOf<{
    id: number | string;
    username: string;
    password_hash: string;
    enabled: boolean;
    token_version: number;
  }>(
    await db.execute(
      sql`select id, username, password_hash, enabled, token_version from users where lower(username) = ${key}`,
    ),
  );
  // Always one argon2 verify, so that the time taken does not tell whether the user exists.
  const ok = await verifyPassword(user?.password_hash, password);
  if (!user || !ok || !user.enabled) {
    await recordFailure(db, key);
    throw unauthenticated('Invalid username or password');
  }
  await db.execute(sql`delete from login_failures where username_key = ${key}`);
  return { id: Number(user.id), username: user.username, tokenVersion: user.token_version };
}
