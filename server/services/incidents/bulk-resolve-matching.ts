import { ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { MatchingRequest } from '../../schemas/incidents';
import { forEachMatchingIncident } from './for-each-matching-incident';
import { resolveTransition, type ResolveRequest } from './resolve-incident';
import { applyTransition } from './transitions';

/** Resolves the unresolved incidents a filter matches, a chunk per call. */
export const bulkResolveMatching = (
  db: Db,
  { filter, afterId, limit, ...resolve }: MatchingRequest & ResolveRequest,
  actor: Principal,
  traceparent?: string,
) => {
  const transition = resolveTransition(actor, resolve);
  return forEachMatchingIncident(
    db,
    { filter, afterId, limit },
    ne(incidents.status, 'RESOLVED'),
    (id) => applyTransition(db, id, transition, traceparent),
    actor,
  );
};
