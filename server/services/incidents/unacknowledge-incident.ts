import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { applyTransition, TRANSITIONS } from './transitions';

/** ACKNOWLEDGED back to OPEN, for the responder who changes their mind: it shows as unowned again. */
export async function unacknowledgeIncident(
  db: Db,
  { id }: { id: number },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(
    db,
    await applyTransition(db, id, TRANSITIONS.unacknowledge(actor.username), traceparent),
  );
}
