// A user's console sessions that work now, each by its public handle, the caller's own marked current.
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { SessionView } from '../../schemas/sessions';
import { liveSessionsOf, sessionOwner, toSessionView, type SessionSettings } from './session-view';

export async function listSessions(
  db: Db,
  input: { userId: number },
  actor: Principal,
  settings: SessionSettings,
): Promise<SessionView[]> {
  await sessionOwner(db, input.userId);
  const rows = await liveSessionsOf(db, input.userId, settings.limits);
  return rows.map((row) => toSessionView(row, actor));
}
