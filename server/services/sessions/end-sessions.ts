// Ending all of a user's console sessions, or all but the caller's own: the rows go (announced on
// bpm_auth_changed, so every instance refuses their cookies at once), one audit record for each session that
// still worked. Rows already past the limits go too, unrecorded: nothing was ended there.
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { consoleSessions } from '../../../db/schema';
import { forgetAuthentications } from '../../auth/auth-cache';
import { isWithinLimits } from '../../auth/console-sessions';
import type { Principal } from '../../auth/principal';
import { recordAudit } from '../admin/audit';
import { endedSessionSnapshot, sessionOwner, type SessionSettings } from './session-view';

/** `except`: the secret id of a session to keep (the caller's current one); answers how many ended. */
export async function endSessions(
  db: Db,
  input: { userId: number; except?: string },
  actor: Principal,
  settings: SessionSettings,
): Promise<{ ended: number }> {
  const ended = await db.transaction(async (tx) => {
    await sessionOwner(tx, input.userId);
    const ofUser = eq(consoleSessions.userId, input.userId);
    const rows = await tx
      .delete(consoleSessions)
      .where(input.except === undefined ? ofUser : and(ofUser, ne(consoleSessions.id, input.except)))
      .returning();
    const now = Date.now();
    const live = rows.filter((row) => isWithinLimits(row, settings.limits, now));
    for (const row of live) {
      await recordAudit(tx, {
        actor: actor.username,
        action: 'session.end',
        targetType: 'user',
        targetId: row.userId,
        before: endedSessionSnapshot(row),
      });
    }
    return live.length;
  });
  forgetAuthentications(db);
  return { ended };
}
