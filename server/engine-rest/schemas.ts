// The request bodies of the Camunda 7 external-task subset (docs/contract.md §8). Bounds are the native
// protocol's (server/schemas/workers.ts) where the two meet; Camunda's own fields that the service has no
// counterpart for are either ignored (they change nothing about which task is handed out) or refused.
import { z } from 'zod';
import { topicName } from '../schemas/workers';

const workerId = z.string().trim().min(1).max(200);
const lockDuration = z.number().int().min(1_000).max(3_600_000);
const TypedValue = z.object({
  value: z.unknown().optional(),
  type: z.string().max(100).nullish(),
  valueInfo: z.record(z.string(), z.unknown()).nullish(),
});
const Variables = z.record(z.string().min(1).max(200), TypedValue).nullish();

/** Topic filters on process definitions, tenants, business keys and process variables: nothing here has them. */
const UNSUPPORTED_TOPIC_FILTERS = [
  'businessKey',
  'processDefinitionId',
  'processDefinitionIdIn',
  'processDefinitionKey',
  'processDefinitionKeyIn',
  'processDefinitionVersionTag',
  'processVariables',
  'tenantIdIn',
] as const;

const Topic = z
  .object({
    topicName,
    lockDuration,
    variables: z.array(z.string().max(200)).max(200).nullish(),
  })
  .passthrough()
  .superRefine((topic, ctx) => {
    for (const filter of UNSUPPORTED_TOPIC_FILTERS) {
      const value = (topic as Record<string, unknown>)[filter];
      if (value !== undefined && value !== null) {
        ctx.addIssue({ code: 'custom', path: [filter], message: 'this filter is not supported' });
      }
    }
  });

export const FetchAndLockBody = z.object({
  workerId,
  // 0 is allowed, as by the engine (nothing is locked); more than 100 are served as 100.
  maxTasks: z.number().int().min(0).default(1),
  usePriority: z.boolean().nullish(),
  asyncResponseTimeout: z.number().int().min(0).max(1_800_000).nullish(),
  topics: z.array(Topic).max(50).nullish(),
  sorting: z
    .array(z.object({ sortBy: z.literal('createTime'), sortOrder: z.literal('asc') }))
    .max(1)
    .nullish(),
});

export const CompleteBody = z.object({ workerId, variables: Variables, localVariables: Variables });

export const FailureBody = z.object({
  workerId,
  errorMessage: z.string().nullish(),
  errorDetails: z.string().max(32_000).nullish(),
  retries: z.number().int().min(0).max(100).nullish(),
  retryTimeout: z.number().int().min(0).max(3_600_000).nullish(),
  variables: Variables,
  localVariables: Variables,
});

export const BpmnErrorBody = z.object({
  workerId,
  errorCode: z.string().trim().min(1).max(200),
  errorMessage: z.string().max(4000).nullish(),
  variables: Variables,
});

export const ExtendLockBody = z.object({ workerId, newDuration: lockDuration });

export const LockBody = z.object({ workerId, lockDuration });
