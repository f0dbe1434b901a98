// A console session as the API shows it, and the rows a user's sessions operations read.
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { consoleSessions, users } from '../../../db/schema';
import { liveSessionCondition, sessionHandle, type SessionLimits } from '../../auth/console-sessions';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import type { SessionView } from '../../schemas/sessions';
import { formatLocalDateTime } from '../../time';
import { browserSummary } from '../../../lib/browser-summary';

export type SessionRow = typeof consoleSessions.$inferSelect;

/** What the limits are is the process's (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS): given, never read here. */
export interface SessionSettings {
  limits: SessionLimits;
}

/** The caller's own user, whose sessions "your sessions" are: the anonymous principal of SECURITY_DISABLED has none. */
export function ownUserId(principal: Principal): number {
  if (principal.userId === null) throw notFound('User', principal.username);
  return principal.userId;
}

/** `current`: the session the actor's request came with (never the id itself: it is the cookie's secret). */
export function toSessionView(row: SessionRow, actor: Principal): SessionView {
  return {
    id: sessionHandle(row.id),
    browser: browserSummary(row.userAgent),
    userAgent: row.userAgent,
    address: row.address,
    createdAt: formatLocalDateTime(row.createdAt),
    lastSeenAt: formatLocalDateTime(row.lastSeenAt),
    current: actor.sessionId !== undefined && row.id === actor.sessionId,
  };
}

/** The person whose sessions are asked for: 404 when there is none (a service account never has any). */
export async function sessionOwner(db: Db, userId: number): Promise<{ id: number; username: string }> {
  const [user] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.kind, 'PERSON')));
  if (!user) throw notFound('User', userId);
  return user;
}

/** The user's sessions that work now (within the idle and absolute limits), the newest sign-in first. */
export async function liveSessionsOf(db: Db, userId: number, limits: SessionLimits): Promise<SessionRow[]> {
  return db
    .select()
    .from(consoleSessions)
    .where(and(eq(consoleSessions.userId, userId), liveSessionCondition(limits)))
    .orderBy(desc(consoleSessions.createdAt), desc(consoleSessions.id));
}

/** The audit record's snapshot of an ended session: its handle and where it came from, never its id. */
export function endedSessionSnapshot(row: SessionRow) {
  return {
    session: sessionHandle(row.id),
    signedInAt: formatLocalDateTime(row.createdAt),
    lastSeenAt: formatLocalDateTime(row.lastSeenAt),
    address: row.address,
    userAgent: row.userAgent,
  };
}
