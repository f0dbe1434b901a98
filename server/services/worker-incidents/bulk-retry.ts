import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { forEachIncident } from '../incidents/for-each-incident';
import { retryIncident } from './retry-incident';

export const bulkRetry = (
  db: Db,
  { ids, requestedBy }: { ids: number[]; requestedBy?: string },
  actor: Principal,
  traceparent?: string,
) => forEachIncident(ids, (id) => retryIncident(db, { id, requestedBy }, actor, traceparent));
