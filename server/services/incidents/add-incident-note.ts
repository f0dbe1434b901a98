import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { applyTransition, TRANSITIONS } from './transitions';

/**
 * Adds a note to the incident's timeline (NOTE_ADDED, its author the actor), whatever the status, in one
 * transaction with the incident's updatedAt; answers the incident, as every lifecycle action does.
 */
export async function addIncidentNote(
  db: Db,
  { id, text }: { id: number; text: string },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(db, await applyTransition(db, id, TRANSITIONS.note(actor.username, text), traceparent));
}
