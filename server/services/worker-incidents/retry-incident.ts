import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { countTransition } from '../../observability/metrics';
import type { IncidentView } from '../../schemas/incidents';
import { incidentView } from '../incidents/incident-view';
import { actingAs } from '../incidents/transitions';
import { lockRetryable, recordRetryRequested } from '../incidents/worker-outcomes';
import { resetForRetry } from '../workers/request-states';

export interface RetryInput {
  id: number;
  /** Who asks for the retry, if not the actor: the incident's resolution is theirs when it succeeds. */
  requestedBy?: string;
}

/**
 * Retries a WORKER incident, in one transaction: its worker request back to PENDING with its retries
 * restored, the process instance RUNNING at the failed node, the service-task request republished through
 * the outbox, and RETRY_REQUESTED on the timeline. The incident's status waits for the worker's outcome.
 */
export async function retryIncident(
  db: Db,
  input: RetryInput,
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  const requestedBy = actingAs(actor, input.requestedBy);
  const row = await db.transaction(async (tx) => {
    const { incident, workerRequestId } = await lockRetryable(tx, input);
    const request = await resetForRetry(tx, { id: workerRequestId, nodeId: incident.nodeId, requestedBy });
    return recordRetryRequested(tx, {
      id: incident.id,
      message: `Retry requested by ${requestedBy}: worker request ${request.id} republished (attempt ${request.attempt})`,
      requestedBy,
      traceparent,
    });
  });
  countTransition('RETRY_REQUESTED');
  return incidentView(db, row);
}
