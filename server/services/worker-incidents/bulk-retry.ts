import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { forEachIncident } from '../incidents/for-each-incident';
import { retryIncident, type RetryInput } from './retry-incident';

/**
 * Retries each incident as its own retry would, with the same correction of each one's payload, if any:
 * checked against the version given for it in `payloadVersions` (skipped as a CONFLICT if it changed), else
 * applied to its payload as it is.
 */
export const bulkRetry = (
  db: Db,
  {
    ids,
    requestedBy,
    payloadPatch,
    payloadVersions,
  }: { ids: number[]; payloadVersions?: Record<string, number> } & Omit<RetryInput, 'id' | 'payloadVersion'>,
  actor: Principal,
  traceparent?: string,
) =>
  forEachIncident(ids, (id) =>
    retryIncident(
      db,
      { id, requestedBy, payloadPatch, payloadVersion: payloadPatch && payloadVersions?.[String(id)] },
      actor,
      traceparent,
    ),
  );
