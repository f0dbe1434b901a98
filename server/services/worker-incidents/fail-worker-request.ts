import type { Db } from '../../../db/client';
import { workerReference } from '../../../domain/workers';
import { countIncidentReport } from '../../observability/metrics';
import type { WorkerRequestView } from '../../schemas/workers';
import { recordReport } from '../incidents/report-incident';
import { decideOwners, holdOwnership } from '../teams/owners';
import { recordRetryFailed } from '../incidents/worker-outcomes';
import { failLocked, type FailureInput } from '../workers/request-states';
import { toWorkerRequestView } from '../workers/views';

/**
 * The worker reports a failure of a request it holds: back to PENDING while retries remain; else FAILED,
 * and a WORKER incident reported (counted again if one is open; after a retry, RETRY_FAILED first).
 * `traceparent`: the worker's request's trace context, kept with the timeline entries written.
 */
export async function failWorkerRequest(
  db: Db,
  input: FailureInput,
  traceparent?: string,
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    const { held, request } = await failLocked(tx, input);
    if (request.status !== 'FAILED') return request;
    // Before any incident is locked (owners.ts): the incident this creates or reopens gets its owner here.
    const ownership = await holdOwnership(tx);
    if (held.retryRequestedBy) await recordRetryFailed(tx, { workerRequestId: held.id, traceparent });
    const { row: incident, outcome } = await recordReport(
      tx,
      {
        processInstanceId: held.processInstanceId,
        nodeId: held.nodeId,
        source: 'WORKER',
        severity: 'HIGH',
        message: input.errorMessage,
        technicalDetails: input.errorDetails,
        externalReferenceId: workerReference(held.id),
        processDefinition: held.processDefinition ?? undefined,
      },
      traceparent,
    );
    if (outcome !== 'OCCURRED_AGAIN') await decideOwners(tx, ownership, [incident]);
    return request;
  });
  if (row.status === 'FAILED') countIncidentReport('WORKER', 'HIGH');
  return toWorkerRequestView(row);
}
