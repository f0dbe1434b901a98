import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { MatchingRequest } from '../../schemas/incidents';
import { forEachMatchingIncident } from './for-each-matching-incident';
import { actingAs, applyTransition, TRANSITIONS } from './transitions';

/** Acknowledges the OPEN incidents a filter matches, a chunk per call. */
export const bulkAcknowledgeMatching = (
  db: Db,
  { acknowledgedBy, ...request }: MatchingRequest & { acknowledgedBy?: string },
  actor: Principal,
  traceparent?: string,
) => {
  const transition = TRANSITIONS.acknowledge(actingAs(actor, acknowledgedBy));
  return forEachMatchingIncident(
    db,
    request,
    eq(incidents.status, 'OPEN'),
    (id) => applyTransition(db, id, transition, traceparent),
    actor,
  );
};
