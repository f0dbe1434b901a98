import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from './incident-view';
import { actingAs, applyTransition, TRANSITIONS, type ResolveInput, type Transition } from './transitions';

/** How to resolve: `resolvedBy` if not the actor. */
export type ResolveRequest = Omit<ResolveInput, 'resolvedBy'> & { resolvedBy?: string };

export const resolveTransition = (actor: Principal, { resolvedBy, ...rest }: ResolveRequest): Transition =>
  TRANSITIONS.resolve({ ...rest, resolvedBy: actingAs(actor, resolvedBy) });

export async function resolveIncident(
  db: Db,
  { id, ...request }: ResolveRequest & { id: number },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(db, await applyTransition(db, id, resolveTransition(actor, request), traceparent));
}
