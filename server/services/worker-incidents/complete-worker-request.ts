import type { Db } from '../../../db/client';
import type { WorkerRequestView } from '../../schemas/workers';
import { recordRetrySucceeded } from '../incidents/worker-outcomes';
import { completeLocked } from '../workers/request-states';
import { toWorkerRequestView } from '../workers/views';

export interface CompleteInput {
  id: number;
  workerId: string;
  result?: Record<string, unknown>;
}

/**
 * The worker completes a request it holds; a retried one resolves its incident as RETRIED_SUCCESSFULLY.
 * `traceparent`: the worker's request's trace context, kept with the timeline entries written.
 */
export async function completeWorkerRequest(
  db: Db,
  input: CompleteInput,
  traceparent?: string,
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    const { held, request } = await completeLocked(tx, input);
    if (held.retryRequestedBy) {
      await recordRetrySucceeded(tx, {
        workerRequestId: held.id,
        requestedBy: held.retryRequestedBy,
        traceparent,
      });
    }
    return request;
  });
  return toWorkerRequestView(row);
}
