import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { decideOwners, holdOwnership, withOwner } from '../teams/owners';
import { incidentView } from './incident-view';
import { applyTransition, TRANSITIONS } from './transitions';

/** Reopens a resolved incident; unresolved again, it gets the owner the rules in force give it. */
export async function reopenIncident(
  db: Db,
  { id }: { id: number },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  const row = await db.transaction(async (tx) => {
    // Before the incident is locked (owners.ts).
    const ownership = await holdOwnership(tx);
    const reopened = await applyTransition(tx, id, TRANSITIONS.reopen(actor.username), traceparent);
    return withOwner(reopened, await decideOwners(tx, ownership, [reopened]));
  });
  return incidentView(db, row);
}
