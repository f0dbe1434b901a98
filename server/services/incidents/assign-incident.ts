import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents, users } from '../../../db/schema';
import { assignmentMessage } from '../../../domain/incidents';
import type { Principal } from '../../auth/principal';
import { fieldError, notFound } from '../../errors';
import { countTransition } from '../../observability/metrics';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { recordEvent } from './transitions';

/**
 * Gives the incident to `username` (an existing user, stored as the user spells it), or to nobody when null,
 * whatever its status. One transaction that locks the incident, so that concurrent assignments queue: each
 * ASSIGNED entry names the assignee it replaced, and the last entry's is the incident's. Assigning the
 * current assignee again changes nothing and writes no entry.
 */
export async function assignIncident(
  db: Db,
  { id, username }: { id: number; username: string | null },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  const { row, changed } = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
    if (!current) throw notFound('Incident', id);
    let assignee: string | null = null;
    if (username !== null) {
      const [user] = await tx
        .select({ username: users.username })
        .from(users)
        // Someone who can open the console and act on it: a service account is no assignee.
        .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.kind, 'PERSON')));
      if (!user) throw fieldError('username', `no user named "${username}"`);
      assignee = user.username;
    }
    if (assignee === current.assignee) return { row: current, changed: false };
    const [updated] = await tx
      .update(incidents)
      .set({ assignee, updatedAt: sql`now()` })
      .where(eq(incidents.id, id))
      .returning();
    await recordEvent(
      tx,
      id,
      {
        event: 'ASSIGNED',
        message: assignmentMessage(assignee, current.assignee, actor.username),
        actor: actor.username,
      },
      traceparent,
    );
    return { row: updated, changed: true };
  });
  if (changed) countTransition('ASSIGNED');
  return incidentView(db, row);
}
