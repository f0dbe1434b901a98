// Ending one console session: its row goes, which the database announces on bpm_auth_changed (migration
// 0007), so its cookie stops working at once on every instance. Audited with its handle, never its id.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { consoleSessions } from '../../../db/schema';
import { forgetAuthentications } from '../../auth/auth-cache';
import { sessionHandle } from '../../auth/console-sessions';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { recordAudit } from '../admin/audit';
import { endedSessionSnapshot, liveSessionsOf, sessionOwner, type SessionSettings } from './session-view';

/** `sessionId` is the public handle; a session that is not the user's, or no longer works, is a 404. */
export async function endSession(
  db: Db,
  input: { userId: number; sessionId: string },
  actor: Principal,
  settings: SessionSettings,
): Promise<void> {
  await db.transaction(async (tx) => {
    await sessionOwner(tx, input.userId);
    const rows = await liveSessionsOf(tx, input.userId, settings.limits);
    const found = rows.find((row) => sessionHandle(row.id) === input.sessionId);
    const [ended] = found
      ? await tx.delete(consoleSessions).where(eq(consoleSessions.id, found.id)).returning()
      : [];
    if (!ended) throw notFound('Session', input.sessionId);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'session.end',
      targetType: 'user',
      targetId: ended.userId,
      before: endedSessionSnapshot(ended),
    });
  });
  // Committed: the next request through this process must already be refused (the others hear the NOTIFY).
  forgetAuthentications(db);
}
