import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { forEachIncident } from './for-each-incident';
import { resolveTransition, type ResolveRequest } from './resolve-incident';
import { applyTransition } from './transitions';

export const bulkResolve = (
  db: Db,
  { ids, ...request }: ResolveRequest & { ids: number[] },
  actor: Principal,
  traceparent?: string,
) => {
  const transition = resolveTransition(actor, request);
  return forEachIncident(ids, (id) => applyTransition(db, id, transition, traceparent));
};
