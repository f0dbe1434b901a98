import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { forEachIncident } from './for-each-incident';
import { actingAs, applyTransition, TRANSITIONS } from './transitions';

export const bulkAcknowledge = (
  db: Db,
  { ids, acknowledgedBy }: { ids: number[]; acknowledgedBy?: string },
  actor: Principal,
  traceparent?: string,
) => {
  const transition = TRANSITIONS.acknowledge(actingAs(actor, acknowledgedBy));
  return forEachIncident(ids, (id) => applyTransition(db, id, transition, traceparent));
};
