import type { Db } from '../../../db/client';
import type { JsonObject, PayloadChange } from '../../../domain/payload-patch';
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
  /** A JSON merge patch (RFC 7396) of the worker request's payload: the republished request carries its result. */
  payloadPatch?: JsonObject;
  /** The payloadVersion the patch was written against; a conflict if the payload has changed since. */
  payloadVersion?: number;
}

/**
 * Retries a WORKER incident, in one transaction: its worker request back to PENDING with its retries
 * restored (and its payload corrected, when a patch comes with the retry), the process instance RUNNING at
 * the failed node, the service-task request republished through the outbox, and RETRY_REQUESTED on the
 * timeline with what the correction changed. The incident's status waits for the worker's outcome.
 */
export async function retryIncident(
  db: Db,
  input: RetryInput,
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  const requestedBy = actingAs(actor, input.requestedBy);
  const correction = input.payloadPatch && { patch: input.payloadPatch, version: input.payloadVersion };
  const row = await db.transaction(async (tx) => {
    const { incident, workerRequestId } = await lockRetryable(tx, input);
    const { request, changes } = await resetForRetry(tx, {
      id: workerRequestId,
      nodeId: incident.nodeId,
      requestedBy,
      correction,
    });
    return recordRetryRequested(tx, {
      id: incident.id,
      message: `Retry requested by ${requestedBy}: worker request ${request.id} republished (attempt ${request.attempt})${corrected(changes)}`,
      requestedBy,
      payloadChanges: changes,
      traceparent,
    });
  });
  countTransition('RETRY_REQUESTED');
  return incidentView(db, row);
}

/** The timeline message's account of a correction: which fields it changed (their values are in the entry). */
function corrected(changes: PayloadChange[] | null): string {
  if (!changes) return '';
  if (changes.length === 0) return ' with its payload as it was (the correction changed nothing)';
  const shown = changes.slice(0, 5).map((change) => change.path);
  const more = changes.length > shown.length ? ` and ${changes.length - shown.length} more` : '';
  return ` with a corrected payload: ${shown.join(', ')}${more}`;
}
