// Console sessions kept in the database (console_sessions): the signed session cookie alone cannot be taken
// back, so it carries the id of a row here, and a session lives only while its row does and is within the
// idle and absolute limits (SESSION_IDLE_MINUTES, SESSION_MAX_HOURS). Signing out, a password change or
// reset, disabling and deleting the user delete the rows; the delete is announced on bpm_auth_changed
// (migration 0007), so every instance forgets a remembered session at once.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';
import { getEnv } from '../env';
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
  return sql`(created_at < now() - make_interval(secs => ${limits.maxMs / 1000})
    or last_seen_at < now() - make_interval(secs => ${limits.idleMs / 1000}))`;
}

/** Opens a session for a user who has just signed in; answers its id (256 random bits, base64url). */
export async function startConsoleSession(
  db: Db,
  session: { userId: number; address?: string | null; userAgent?: string | null },
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  // Sessions nobody signed out of would pile up: sign-ins are rare enough to sweep them here.
  await db.execute(sql`delete from console_sessions where ${expiredCondition(sessionLimits())}`);
  await db.execute(sql`
    insert into console_sessions (id, user_id, address, user_agent)
    values (${id}, ${session.userId}, ${session.address?.slice(0, 100) ?? null},
            ${session.userAgent?.slice(0, 500) ?? null})`);
  return id;
}

interface SessionRow {
  user_id: number | string;
  created_at: Date | string;
  last_seen_at: Date | string;
}

const LAST_SEEN_PRECISION_MS = 60_000;

/** Whether session `id` of user `userId` is alive now; moves its last_seen_at forward (to the minute). */
export async function touchConsoleSession(db: Db, id: string, userId: number): Promise<boolean> {
  const row = await remembered(
    db,
    `session:${id}`,
    async () =>
      rowsOf<SessionRow>(
        await db.execute(
          sql`select user_id, created_at, last_seen_at from console_sessions where id = ${id}`,
        ),
      )[0],
  );
  if (!row || Number(row.user_id) !== userId) return false;
  const now = Date.now();
  const { idleMs, maxMs } = sessionLimits();
  const lastSeen = new Date(row.last_seen_at).getTime();
  if (new Date(row.created_at).getTime() + maxMs <= now || lastSeen + idleMs <= now) return false;
  // A write per request would double the cost of the console's calls; the idle limit is counted in minutes.
  if (lastSeen < now - LAST_SEEN_PRECISION_MS) {
    row.last_seen_at = new Date(now);
    await db.execute(sql`update console_sessions set last_seen_at = now() where id = ${id}`);
  }
  return true;
}

/** Signs a session out: its row goes (so the cookie stops working everywhere) and the audit log says so. */
export async function endConsoleSession(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [ended] = rowsOf<{
      user_id: number | string;
      username: string;
      created_at: Date | string;
      address: string | null;
      user_agent: string | null;
    }>(
      await tx.execute(sql`
        delete from console_sessions s using users u
        where s.id = ${id} and u.id = s.user_id
        returning s.user_id, u.username, s.created_at, s.address, s.user_agent`),
    );
    if (!ended) return;
    await recordAudit(tx, {
      actor: ended.username,
      action: 'auth.sign_out',
      targetType: 'user',
      targetId: Number(ended.user_id),
      // Where the session came from, never its id: the id is what the cookie carries.
      before: {
        signedInAt: formatLocalDateTime(new Date(ended.created_at)),
        address: ended.address,
        userAgent: ended.user_agent,
      },
    });
  });
  forgetAuthentications(db);
}

/** Ends every session of a user (disabled, password reset or changed), inside the caller's transaction. */
export async function endSessionsOfUser(tx: Db, userId: number): Promise<void> {
  await tx.execute(sql`delete from console_sessions where user_id = ${userId}`);
}
