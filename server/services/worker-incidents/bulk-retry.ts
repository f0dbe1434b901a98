import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { forEachIncident } from '../incidents/for-each-incident';
import { retryIncident, type RetryInput } from './retry-incident';

/**
 * Retries each incident as its own retry would, with the same correction of each one's payload, if any: the
 * patch applies to each payload as it is, since one request cannot carry the versions of 250 payloads.
 */
export const bulkRetry = (
  db: Db,
  { ids, requestedBy, payloadPatch }: { ids: number[] } & Omit<RetryInput, 'id' | 'payloadVersion'>,
  actor: Principal,
  traceparent?: string,
) => forEachIncident(ids, (id) => retryIncident(db, { id, requestedBy, payloadPatch }, actor, traceparent));
