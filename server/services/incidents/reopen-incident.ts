import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { applyTransition, TRANSITIONS } from './transitions';

export async function reopenIncident(
  db: Db,
  { id }: { id: number },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(db, await applyTransition(db, id, TRANSITIONS.reopen(actor.username), traceparent));
}
