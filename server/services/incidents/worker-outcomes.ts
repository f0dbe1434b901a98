// The incident side of a WORKER incident's retry: what retry checks and records on the incident, and what
// the retried request's outcome does to it. Called only by server/services/worker-incidents/, which joins
// these steps to the worker side's in one transaction each.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { PayloadChange } from '../../../domain/payload-patch';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, type IncidentRow } from '../../../db/schema';
import { WORKER_REFERENCE_FORM, workerRequestIdOf } from '../../../domain/workers';
import { notFound, notRetryable } from '../../errors';
import { TRANSITIONS, applyTransition, tryTransition } from './transitions';

/**
 * Locks incident `id` for its retry: it must be an unresolved WORKER incident that refers to a worker
 * request. Answers the incident and its request's id; else NotFound or NotRetryable saying why.
 */
export async function lockRetryable(
  tx: Db,
  { id }: { id: number },
): Promise<{ incident: IncidentRow; workerRequestId: number }> {
  const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
  if (!incident) throw notFound('Incident', id);
  if (incident.source !== 'WORKER') {
    throw notRetryable(`Incident ${id} has source ${incident.source}; only WORKER incidents can be retried`);
  }
  if (incident.status === 'RESOLVED') throw notRetryable(`Incident ${id} is RESOLVED; reopen it first`);
  if (incident.workerRequestId === null) {
    const named = workerRequestIdOf(incident.externalReferenceId);
    throw notRetryable(
      named === null
        ? `Incident ${id} refers to "${incident.externalReferenceId}", not to a worker request (${WORKER_REFERENCE_FORM})`
        : `Worker request ${named} does not exist`,
    );
  }
  return { incident, workerRequestId: incident.workerRequestId };
}

/**
 * The retry is under way: RETRY_REQUESTED on the timeline, with what it corrected in the payload if it did;
 * the status waits for the worker's outcome.
 */
export async function recordRetryRequested(
  tx: Db,
  {
    id,
    message,
    requestedBy,
    payloadChanges,
    traceparent,
  }: {
    id: number;
    message: string;
    requestedBy: string;
    payloadChanges: PayloadChange[] | null;
    traceparent?: string;
  },
): Promise<IncidentRow> {
  await tx.insert(incidentEvents).values({
    incidentId: id,
    eventType: 'RETRY_REQUESTED',
    message,
    actor: requestedBy,
    payloadChanges,
    traceparent,
  });
  const [updated] = await tx
    .update(incidents)
    .set({ updatedAt: sql`now()` })
    .where(eq(incidents.id, id))
    .returning();
  return updated;
}

async function unresolvedIncidentOf(tx: Db, workerRequestId: number) {
  const [incident] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(and(eq(incidents.workerRequestId, workerRequestId), ne(incidents.status, 'RESOLVED')));
  return incident;
}

/** The retried request completed: RETRY_SUCCEEDED, then RESOLVED as RETRIED_SUCCESSFULLY by the requester. */
export async function recordRetrySucceeded(
  tx: Db,
  {
    workerRequestId,
    requestedBy,
    traceparent,
  }: { workerRequestId: number; requestedBy: string; traceparent?: string },
): Promise<void> {
  const incident = await unresolvedIncidentOf(tx, workerRequestId);
  if (!incident) return;
  await tx.insert(incidentEvents).values({
    incidentId: incident.id,
    eventType: 'RETRY_SUCCEEDED',
    message: 'The retried service task completed',
    actor: null,
    traceparent,
  });
  await applyTransition(tx, incident.id, TRANSITIONS.retrySucceeded(requestedBy), traceparent);
}

/** The retried request failed for good: RETRY_FAILED, and back to OPEN if it was acknowledged. */
export async function recordRetryFailed(
  tx: Db,
  { workerRequestId, traceparent }: { workerRequestId: number; traceparent?: string },
): Promise<void> {
  const incident = await unresolvedIncidentOf(tx, workerRequestId);
  if (incident) await tryTransition(tx, incident.id, TRANSITIONS.retryFailed(), traceparent);
}
