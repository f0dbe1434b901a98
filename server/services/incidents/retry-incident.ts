// Retry of a WORKER incident (contract section 7) and its outcome when the worker reports back.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, outbox, processInstances, workerRequests } from '../../../db/schema';
import { notFound, notRetryable } from '../../errors';
import { countTransition } from '../../metrics';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { publishTopic } from '../workers/dispatcher';
import { toIncidentView } from './incident-view';
import { actingAs, forEachIncident, resolveAfterRetry } from './transitions';

const WORKER_REFERENCE = /^worker-request:([1-9][0-9]{0,15})$/;
export const workerReference = (workerRequestId: number) => `worker-request:${workerRequestId}`;

/**
 * In one transaction: the process instance back to RUNNING at the failed node, the worker request back to
 * PENDING with its retries restored, the service-task request republished through the outbox, and a
 * RETRY_REQUESTED entry on the timeline. The incident's status does not change until the worker reports.
 */
export async function retryIncident(
  db: Db,
  id: number,
  caller: Principal,
  named?: string,
): Promise<IncidentView> {
  const requestedBy = actingAs(caller, named);
  const row = await db.transaction(async (tx) => {
    const [incident] = await tx.select().from(incidents).where(eq(incidents.id, id)).for('update');
    if (!incident) throw notFound('Incident', id);
    if (incident.source !== 'WORKER') {
      throw notRetryable(
        `Incident ${id} has source ${incident.source}; only WORKER incidents can be retried`,
      );
    }
    if (incident.status === 'RESOLVED') throw notRetryable(`Incident ${id} is RESOLVED; reopen it first`);
    const match = WORKER_REFERENCE.exec(incident.externalReferenceId);
    if (!match) {
      throw notRetryable(
        `Incident ${id} refers to "${incident.externalReferenceId}", not to a worker request (worker-request:<id>)`,
      );
    }
    const workerRequestId = Number(match[1]);
    const [request] = await tx
      .update(workerRequests)
      .set({
        status: 'PENDING',
        workerId: null,
        lockExpiresAt: null,
        errorMessage: null,
        errorDetails: null,
        retries: sql`${workerRequests.initialRetries}`,
        attempt: sql`${workerRequests.attempt} + 1`,
        retryRequestedBy: requestedBy,
        updatedAt: sql`now()`,
      })
      .where(and(eq(workerRequests.id, workerRequestId), eq(workerRequests.status, 'FAILED')))
      .returning();
    if (!request) {
      const [current] = await tx
        .select({ status: workerRequests.status })
        .from(workerRequests)
        .where(eq(workerRequests.id, workerRequestId));
      throw notRetryable(
        current
          ? `Worker request ${workerRequestId} is ${current.status}, not FAILED${current.status === 'PENDING' || current.status === 'LOCKED' ? ': a retry is already under way' : ''}`
          : `Worker request ${workerRequestId} does not exist`,
      );
    }
    await tx
      .update(processInstances)
      .set({ status: 'RUNNING', currentNodeId: incident.nodeId, failedNodeId: null, updatedAt: sql`now()` })
      .where(eq(processInstances.id, request.processInstanceId));
    await tx.insert(outbox).values({
      topic: request.topic,
      workerRequestId: request.id,
      processInstanceId: request.processInstanceId,
      nodeId: request.nodeId,
      payload: request.payload ?? {},
      attempt: request.attempt,
    });
    await tx.insert(incidentEvents).values({
      incidentId: id,
      eventType: 'RETRY_REQUESTED',
      message: `Retry requested by ${requestedBy}: worker request ${request.id} republished (attempt ${request.attempt})`,
      actor: requestedBy,
    });
    const [updated] = await tx
      .update(incidents)
      .set({ updatedAt: sql`now()` })
      .where(eq(incidents.id, id))
      .returning();
    await publishTopic(tx, request.topic);
    return updated;
  });
  countTransition('RETRY_REQUESTED');
  return toIncidentView(row);
}

export const bulkRetry = (db: Db, ids: number[], caller: Principal, requestedBy?: string) =>
  forEachIncident(ids, (id) => retryIncident(db, id, caller, requestedBy));

async function unresolvedIncidentOf(tx: Db, workerRequestId: number) {
  const [incident] = await tx
    .select({ id: incidents.id })
    .from(incidents)
    .where(
      and(
        eq(incidents.source, 'WORKER'),
        eq(incidents.externalReferenceId, workerReference(workerRequestId)),
        ne(incidents.status, 'RESOLVED'),
      ),
    );
  return incident;
}

/** The republished request completed: RETRY_SUCCEEDED, then RESOLVED as RETRIED_SUCCESSFULLY by the requester. */
export async function recordRetrySucceeded(
  tx: Db,
  workerRequestId: number,
  requestedBy: string,
): Promise<void> {
  const incident = await unresolvedIncidentOf(tx, workerRequestId);
  if (incident) await resolveAfterRetry(tx, incident.id, requestedBy);
}

/** The republished request failed for good: RETRY_FAILED, and back to OPEN if it was acknowledged.
 *  The caller then reports the failure, which counts the occurrence (OCCURRED_AGAIN). */
export async function recordRetryFailed(tx: Db, workerRequestId: number): Promise<void> {
  const incident = await unresolvedIncidentOf(tx, workerRequestId);
  if (!incident) return;
  await tx.insert(incidentEvents).values({
    incidentId: incident.id,
    eventType: 'RETRY_FAILED',
    message: 'The retried service task failed again',
    actor: null,
  });
  await tx
    .update(incidents)
    .set({ status: 'OPEN', acknowledgedAt: null, acknowledgedBy: null, updatedAt: sql`now()` })
    .where(and(eq(incidents.id, incident.id), eq(incidents.status, 'ACKNOWLEDGED')));
}
