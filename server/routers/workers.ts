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
import { permissionProcedure, router } from '../trpc';

const engine = permissionProcedure('ACCESS_ENGINE_API', 'ACCESS_BPM_ADMIN').meta({ tokenScope: 'WORKER' });
const tags = ['Worker protocol'];

export const workersRouter = router({
  // Before /worker-requests/{id}/...: the adapter takes the first matching path.
  fetchAndLock: engine
    .meta({
      openapi: {
        method: 'POST',
        path: '/worker-requests/fetch-and-lock',
        tags,
        summary: 'Lock pending requests of some topics for this worker, long-polling up to waitMs',
      },
    })
    .input(FetchAndLockRequest)
    .output(z.array(WorkerRequestResponse))
    .mutation(({ ctx, input }) => fetchAndLock(ctx.db, input, ctx)),

  create: engine
    .meta({
      openapi: { method: 'POST', path: '/worker-requests', tags, summary: 'Publish a service-task request' },
    })
    .input(CreateWorkerRequestRequest)
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => createWorkerRequest(ctx.db, input)),

  get: engine
    .meta({ openapi: { method: 'GET', path: '/worker-requests/{id}', tags, summary: 'One worker request' } })
    .input(IdInput)
    .output(WorkerRequestResponse)
    .query(({ ctx, input }) => getWorkerRequest(ctx.db, input)),

  complete: engine
    .meta({
      openapi: {
        method: 'POST',
        path: '/worker-requests/{id}/complete',
        tags,
        summary: 'Complete a locked request',
      },
    })
    .input(CompleteRequest.extend({ id: idParam }))
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => completeWorkerRequest(ctx.db, input)),

  failure: engine
    .meta({
      openapi: {
        method: 'POST',
        path: '/worker-requests/{id}/failure',
        tags,
        summary: 'Report a failure: back to PENDING while retries remain, else FAILED with a WORKER incident',
      },
    })
    .input(FailureRequest.extend({ id: idParam }))
    .output(WorkerRequestResponse)
    .mutation(({ ctx, input }) => failWorkerRequest(ctx.db, input)),

  processInstance: engine
    .meta({
      openapi: {
        method: 'GET',
        path: '/process-instances/{id}',
        tags: ['Process instances'],
        summary: 'A process instance',
      },
    })
    .input(IdInput)
    .output(ProcessInstanceResponse)
    .query(({ ctx, input }) => getProcessInstance(ctx.db, input)),
});
