// The external-task protocol for engines and workers, and process instances (docs/contract.md §8).
import { z } from 'zod';
import { IdInput, idParam } from '../schemas/common';
import {
  CompleteRequest,
  CreateWorkerRequestRequest,
  FailureRequest,
  FetchAndLockRequest,
  ProcessInstanceResponse,
  WorkerRequestResponse,
} from '../schemas/workers';
import { createWorkerRequest } from '../services/workers/create-worker-request';
import { fetchAndLock } from '../services/workers/fetch-and-lock';
import { getProcessInstance } from '../services/workers/get-process-instance';
import { getWorkerRequest } from '../services/workers/get-worker-request';
import { completeWorkerRequest } from '../services/worker-incidents/complete-worker-request';
import { failWorkerRequest } from '../services/worker-incidents/fail-worker-request';
import { permissionOperation, operations } from '../transport/trpc';

const engine = permissionOperation('ACCESS_ENGINE_API', 'ACCESS_BPM_ADMIN').meta({ tokenScope: 'WORKER' });
const tags = ['Worker protocol'];

export const workersRouter = operations({
  fetchAndLock: engine
    .meta({
      openapi: {
        method: 'POST',
        path: '/worker-requests/fetch-and-lock',
        operationId: 'fetchAndLockWorkerRequests',
        description:
          'Locks up to `maxTasks` pending requests of the given topics for this worker for `lockDurationMs`, waiting up to `waitMs` for one when none is pending.',
        tags,
        summary: 'Lock pending requests of some topics for this worker, long-polling up to waitMs',
      },
    })
    .input(FetchAndLockRequest)
    .output(z.array(WorkerRequestResponse))
    // The client's going away: REST's signal is the context's (made when first asked for); tRPC's, single
    // or batched, is the call's own.
    .mutation(({ ctx, input, signal }) =>
      fetchAndLock(ctx.db, input, {
        dispatcher: ctx.dispatcher,
        signal: ctx.clientSignal?.() ?? signal,
        request: ctx.request,
      }),
    ),

  create: engine
    .meta({
      idempotent: true,
      openapi: {
        method: 'POST',
        path: '/worker-requests',
        tags,
        summary: 'Publish a service-task request',
        operationId: 'createWorkerRequest',
        description:
          'Publishes a service-task request on a topic for workers to fetch, on behalf of a process instance.',
      },
    })
    .input(CreateWorkerRequestRequest)
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => createWorkerRequest(ctx.db, input)),

  get: engine
    .meta({
      openapi: {
        method: 'GET',
        path: '/worker-requests/{id}',
        tags,
        summary: 'One worker request',
        operationId: 'getWorkerRequest',
        description: 'Answers one worker request with its status, lock and outcome.',
      },
    })
    .input(IdInput)
    .output(WorkerRequestResponse)
    .query(({ ctx, input }) => getWorkerRequest(ctx.db, input)),

  complete: engine
    .meta({
      conflict: 'CONFLICT: the request is not locked by this worker',
      idempotent: true,
      openapi: {
        method: 'POST',
        path: '/worker-requests/{id}/complete',
        operationId: 'completeWorkerRequest',
        description:
          'Completes a request this worker holds the lock on, with its result; a request it does not hold is a 409 CONFLICT.',
        tags,
        summary: 'Complete a locked request',
      },
    })
    .input(CompleteRequest.extend({ id: idParam }))
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => completeWorkerRequest(ctx.db, input, ctx.request?.traceparent)),

  failure: engine
    .meta({
      conflict: 'CONFLICT: the request is not locked by this worker',
      idempotent: true,
      openapi: {
        method: 'POST',
        path: '/worker-requests/{id}/failure',
        operationId: 'failWorkerRequest',
        description:
          'Reports that a locked request failed: it is fetched again while retries remain, else it fails for good and a WORKER incident is opened.',
        tags,
        summary: 'Report a failure: back to PENDING while retries remain, else FAILED with a WORKER incident',
      },
    })
    .input(FailureRequest.extend({ id: idParam }))
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => failWorkerRequest(ctx.db, input, ctx.request?.traceparent)),

  processInstance: engine
    .meta({
      openapi: {
        method: 'GET',
        path: '/process-instances/{id}',
        operationId: 'getProcessInstance',
        description: 'Answers one process instance with its status and current node.',
        tags: ['Process instances'],
        summary: 'A process instance',
      },
    })
    .input(IdInput)
    .output(ProcessInstanceResponse)
    .query(({ ctx, input }) => getProcessInstance(ctx.db, input)),
});
