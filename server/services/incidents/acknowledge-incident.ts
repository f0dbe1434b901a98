import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { actingAs, applyTransition, TRANSITIONS } from './transitions';

export interface AcknowledgeInput {
  id: number;
  /** Who acknowledges, if not the actor. */
  acknowledgedBy?: string;
}

export async function acknowledgeIncident(
  db: Db,
  { id, acknowledgedBy }: AcknowledgeInput,
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(
    db,
    await applyTransition(db, id, TRANSITIONS.acknowledge(actingAs(actor, acknowledgedBy)), traceparent),
  );
}
