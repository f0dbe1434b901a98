// Shapes of the worker protocol and process instances (docs/contract.md §8).
import { z } from 'zod';
import { PROCESS_INSTANCE_STATUSES, WORKER_REQUEST_STATUSES } from '../../domain/workers';
import { freeFormObject, jsonId, NOT_BLANK, processDefinition } from './common';

const timestamp = z.string().meta({ description: 'local date-time yyyy-MM-ddTHH:mm:ss' });
const jsonObject = z.record(z.string(), z.unknown());
const count = (min: number, max: number) => {
  const n = z.number().int().min(min).max(max);
  return n.pipe(n);
};

export const topicName = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, 'may contain only letters, digits and . _ : -');
const workerId = z.string().trim().min(1).max(200).meta(NOT_BLANK);

export const WorkerRequestResponse = z
  .object({
    id: z.number().int(),
    processInstanceId: z.number().int(),
    nodeId: z.string(),
    topic: z.string(),
    processDefinition: z
      .string()
      .nullable()
      .meta({ description: "the process definition's key; null: not named" }),
    payload: jsonObject,
    payloadVersion: z.number().int().meta({
      description: "1 at creation, one more for each correction of the payload by an incident's retry",
    }),
    status: z.enum(WORKER_REQUEST_STATUSES),
    retries: z.number().int(),
    attempt: z.number().int().meta({ description: 'deliveries so far, starting at 1' }),
    workerId: z.string().nullable(),
    lockExpiresAt: timestamp.nullable(),
    errorMessage: z.string().nullable(),
    errorDetails: z.string().nullable(),
    result: jsonObject.nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'WorkerRequest' });

export const ProcessInstanceResponse = z
  .object({
    id: z.number().int(),
    status: z.enum(PROCESS_INSTANCE_STATUSES),
    currentNodeId: z.string(),
    failedNodeId: z.string().nullable(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .meta({ id: 'ProcessInstance' });

export const CreateWorkerRequestRequest = z
  .object({
    processInstanceId: jsonId,
    nodeId: z.string().trim().min(1).max(200).meta(NOT_BLANK),
    topic: topicName,
    processDefinition: processDefinition.optional(),
    payload: freeFormObject('what the worker is given, as it was sent').optional(),
    retries: count(0, 100)
      .default(3)
      .meta({ description: 'failures allowed before the request fails for good' }),
  })
  .meta({ id: 'CreateWorkerRequest' });

export const FetchAndLockRequest = z
  .object({
    workerId,
    topics: z.array(topicName).min(1).max(50),
    maxTasks: count(1, 100).default(1),
    lockDurationMs: count(1_000, 3_600_000).default(60_000),
    waitMs: count(0, 30_000)
      .default(0)
      .meta({ description: 'long-poll up to this long when nothing is pending' }),
  })
  .meta({ id: 'FetchAndLockRequest' });

export const CompleteRequest = z
  .object({ workerId, result: freeFormObject("the worker's result, kept with the request").optional() })
  .meta({ id: 'CompleteWorkerRequest' });

export const FailureRequest = z
  .object({
    workerId,
    errorMessage: z.string().trim().min(1).max(4000).meta(NOT_BLANK),
    errorDetails: z.string().max(32_000).optional(),
    retries: count(0, 100).optional().meta({
      description: 'failures still allowed; > 0 puts the request back to PENDING. Default: one fewer',
    }),
  })
  .meta({ id: 'WorkerFailure' });

export type WorkerRequestView = z.infer<typeof WorkerRequestResponse>;
