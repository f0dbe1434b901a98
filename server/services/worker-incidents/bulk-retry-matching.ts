import { and, eq, isNotNull, ne } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import type { MatchingRequest } from '../../schemas/incidents';
import { forEachMatchingIncident } from '../incidents/for-each-matching-incident';
import { retryIncident, type RetryInput } from './retry-incident';

/**
 * Retries the unresolved WORKER incidents a filter matches, a chunk per call, each with the same correction
 * of its payload if one comes (applied to each payload as it is). A retried incident stays unresolved until
 * its worker answers: the next chunk goes on from nextAfterId, past it.
 */
export const bulkRetryMatching = (
  db: Db,
  { requestedBy, payloadPatch, ...request }: MatchingRequest & Omit<RetryInput, 'id' | 'payloadVersion'>,
  actor: Principal,
  traceparent?: string,
) =>
  forEachMatchingIncident(
    db,
    request,
    and(
      eq(incidents.source, 'WORKER'),
      ne(incidents.status, 'RESOLVED'),
      isNotNull(incidents.workerRequestId),
    )!,
    (id) => retryIncident(db, { id, requestedBy, payloadPatch }, actor, traceparent),
    actor,
  );
