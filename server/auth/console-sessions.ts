// Console sessions kept in the database (console_sessions): the signed session cookie alone cannot be taken
// back, so it carries the id of a row here, and a session lives only while its row does and is within the
// idle and absolute limits (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS). Signing out, a password change or
// reset, disabling and deleting the user delete the rows; the delete is announced on bpm_auth_changed
// (migration 0007), so every instance forgets a remembered session at once.
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { consoleSessions, users } from '../../db/schema';
import { getEnv } from '../runtime/env';
import { recordAudit } from '../services/admin/audit';
import { formatLocalDateTime } from '../time';
import { forgetAuthentications, remembered } from './auth-cache';

export interface SessionLimits {
  idleMs: number;
  maxMs: number;
}

export function sessionLimits(): SessionLimits {
  const env = getEnv();
  return { idleMs: env.SESSION_IDLE_MINUTES * 60_000, maxMs: env.SESSION_MAX_HOURS * 3_600_000 };
}

function expiredCondition(limits: SessionLimits) {
  return or(
    sql`${consoleSessions.createdAt} < now() - make_interval(secs => ${limits.maxMs / 1000})`,
    sql`${consoleSessions.lastSeenAt} < now() - make_interval(secs => ${limits.idleMs / 1000})`,
  );
}

/** The rows still within both limits: the sessions that work now (what the sessions operations show). */
export function liveSessionCondition(limits: SessionLimits) {
  return and(
    sql`${consoleSessions.createdAt} >= now() - make_interval(secs => ${limits.maxMs / 1000})`,
    sql`${consoleSessions.lastSeenAt} >= now() - make_interval(secs => ${limits.idleMs / 1000})`,
  );
}

/** Whether a session read at `now` is within both limits (liveSessionCondition's rule, for a row in hand). */
export function isWithinLimits(
  row: { createdAt: Date; lastSeenAt: Date },
  limits: SessionLimits,
  now = Date.now(),
): boolean {
  return row.createdAt.getTime() + limits.maxMs > now && row.lastSeenAt.getTime() + limits.idleMs > now;
}

/**
 * A session's public handle: the first 16 hex digits of the SHA-256 of its id. The id is the cookie's secret
 * and never leaves the server; the handle names the session in the API and the audit log, and cannot be
 * turned back into the id.
 */
export function sessionHandle(id: string): string {
  return createHash('sha256').update(id).digest('hex').slice(0, 16);
}

/** Opens a session for a user who has just signed in; answers its id (256 random bits, base64url). */
export async function startConsoleSession(
  db: Db,
  session: { userId: number; address?: string | null; userAgent?: string | null },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  // Sessions nobody signed out of would pile up: sign-ins are rare enough to sweep them here.
  await db.delete(consoleSessions).where(expiredCondition(sessionLimits()));
  await db.insert(consoleSessions).values({
    id,
    userId: session.userId,
    address: session.address?.slice(0, 100) ?? null,
    userAgent: session.userAgent?.slice(0, 500) ?? null,
  });
  return id;
}

const LAST_SEEN_PRECISION_MS = 60_000;

/** Whether session `id` of user `userId` is alive now; moves its last_seen_at forward (to the minute). */
export async function touchConsoleSession(db: Db, session: { id: string; userId: number }): Promise<boolean> {
  const { id, userId } = session;
  const row = await remembered(db, `session:${id}`, async () => {
    const [found] = await db
      .select({
        userId: consoleSessions.userId,
        createdAt: consoleSessions.createdAt,
        lastSeenAt: consoleSessions.lastSeenAt,
      })
      .from(consoleSessions)
      .where(eq(consoleSessions.id, id));
    return found;
  });
  if (!row || row.userId !== userId) return false;
  const now = Date.now();
  if (!isWithinLimits(row, sessionLimits(), now)) return false;
  const lastSeen = row.lastSeenAt.getTime();
  // A write per request would double the cost of the console's calls; the idle limit is counted in minutes.
  if (lastSeen < now - LAST_SEEN_PRECISION_MS) {
    row.lastSeenAt = new Date(now);
    await db
      .update(consoleSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(eq(consoleSessions.id, id));
  }
  return true;
}

/** Signs a session out: its row goes (so the cookie stops working everywhere) and the audit log says so. */
export async function endConsoleSession(db: Db, session: { id: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = await tx.delete(consoleSessions).where(eq(consoleSessions.id, session.id)).returning();
    if (!ended) return;
    // Found: deleting the user would have to delete the session row, which this transaction now holds.
    const [{ username }] = await tx
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, ended.userId));
    await recordAudit(tx, {
      actor: username,
      action: 'auth.sign_out',
      targetType: 'user',
      targetId: ended.userId,
      // Where the session came from, never its id: the id is what the cookie carries.
      before: {
        signedInAt: formatLocalDateTime(ended.createdAt),
        address: ended.address,
        userAgent: ended.userAgent,
      },
    });
  });
  forgetAuthentications(db);
}

/** Ends every session of a user (disabled, password reset or changed), inside the caller's transaction. */
export async function endSessionsOfUser(tx: Db, input: { userId: number }): Promise<void> {
  await tx.delete(consoleSessions).where(eq(consoleSessions.userId, input.userId));
}
