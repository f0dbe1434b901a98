// Camunda 7's external-task REST subset under /api/engine-rest, so that Camunda workers (such as the
// published camunda-external-task-client-js) run unchanged against the service's own worker requests
// (docs/contract.md §8). A transport adapter only: it reads Camunda's bodies, calls the worker services
// that the native protocol calls (the same locks, retries, incidents and retry of incidents), and answers
// in Camunda's shapes: JSON as `Content-Type: application/json` exactly (the client parses nothing else),
// 204 for the task operations, errors as `{type, message}`.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ZodType } from 'zod';
import type { Db } from '../../db/client';
import type { WorkerRequestRow } from '../../db/schema';
import type { RequestContext } from '../../lib/request-context';
import { unfinishedSignIn } from '../auth/admission';
import { authenticate, type Principal } from '../auth/principal';
import { scopeAllows, scopeRefusal } from '../auth/token-scopes';
import {
  domainErrorOf,
  fieldError,
  forbidden,
  notFound,
  payloadTooLarge,
  rateLimited,
  unauthenticated,
  validationError,
  type DomainError,
} from '../errors';
import { unacceptableInput } from '../transport/input-guard';
import { log } from '../observability/log';
import { countAuthFailure } from '../observability/metrics';
import { idempotentRequest, once, type IdempotentRequest } from '../services/idempotency';
import { completeWorkerRequest } from '../services/worker-incidents/complete-worker-request';
import { failWorkerRequest } from '../services/worker-incidents/fail-worker-request';
import type { Dispatcher } from '../services/workers/dispatcher';
import { extendLock } from '../services/workers/extend-lock';
import { fetchAndLockRows } from '../services/workers/fetch-and-lock';
import { getWorkerRequest } from '../services/workers/get-worker-request';
import { lock } from '../services/workers/lock';
import { unlock } from '../services/workers/unlock';
import { MAX_BODY_BYTES, unsupportedBodyOf } from '../transport/transport-rules';
import {
  BpmnErrorBody,
  CompleteBody,
  ExtendLockBody,
  FailureBody,
  FetchAndLockBody,
  LockBody,
} from './schemas';
import { fromVariables, toVariables } from './variables';

export const ENGINE_REST_PREFIX = '/api/engine-rest';
/** The native protocol's longest wait (docs/contract.md §8): a longer asyncResponseTimeout answers [] then. */
const MAX_WAIT_MS = 30_000;
const MAX_TASKS = 100;
/** Camunda keeps the first 666 characters of an error message; the service keeps up to 4000. */
const MAX_ERROR_MESSAGE = 4000;
/** Waiting long polls on this instance beyond which a fetchAndLock is told to come back later (429). */
const MAX_WAITING_POLLS = 10_000;

export interface EngineRestOptions {
  /** Long polls that may wait on this instance (all protocols together) before a new one is refused. */
  maxWaitingPolls?: number;
  /**
   * Takes the request from its token's budget, setting the RateLimit headers; the 429 when it is used up
   * (server/transport/api-handler.ts). No limit by default.
   */
  rateLimitRefusalOf?: (res: ServerResponse, principal: Principal) => DomainError | undefined;
}
const OVERLOAD_RETRY_AFTER_SECONDS = 1;

/** Camunda's exception names, by status: what its REST API answers in `type`. */
function camundaType(status: number): string {
  if (status === 400 || status === 404) return 'InvalidRequestException';
  if (status === 401) return 'AuthenticationException';
  if (status === 403) return 'AuthorizationException';
  return 'RestException';
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(body));
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
) {
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  sendJson(res, status, { type: camundaType(status), message });
}

/** Camunda's date-time format, `yyyy-MM-dd'T'HH:mm:ss.SSSZ`, in UTC. */
const camundaDate = (at: Date | null) => (at ? at.toISOString().replace('Z', '+0000') : null);

/** A worker request as Camunda's LockedExternalTask (ids are strings there). */
function toLockedExternalTask(row: WorkerRequestRow, variableNames?: string[] | null) {
  return {
    id: String(row.id),
    topicName: row.topic,
    workerId: row.workerId,
    lockExpirationTime: camundaDate(row.lockExpiresAt),
    createTime: camundaDate(row.createdAt),
    retries: row.retries,
    errorMessage: row.errorMessage,
    errorDetails: row.errorDetails,
    processInstanceId: String(row.processInstanceId),
    executionId: String(row.id),
    activityId: row.nodeId,
    activityInstanceId: `${row.nodeId}:${row.id}`,
    processDefinitionId: null,
    processDefinitionKey: null,
    processDefinitionVersionTag: null,
    tenantId: null,
    businessKey: null,
    priority: 0,
    variables: toVariables((row.payload ?? {}) as Record<string, unknown>, variableNames),
    extensionProperties: {},
  };
}

/** Reads a JSON object body of at most 64 KiB; none is `{}`. */
async function readBody(req: IncomingMessage): Promise<unknown> {
  if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw payloadTooLarge(MAX_BODY_BYTES);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw fieldError('(body)', 'is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw fieldError('(body)', 'must be a JSON object');
  }
  const problem = unacceptableInput(body);
  if (problem) throw fieldError(problem.field, problem.message);
  return body;
}

function parse<T>(schema: ZodType<T>, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({
    field: issue.path.join('.') || '(body)',
    message: issue.message,
  }));
  throw validationError(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
}

/** A Camunda task id names a worker request; any other id names no task (404, as the engine answers). */
function requestIdOf(taskId: string): number {
  const id = /^[1-9][0-9]{0,15}$/.test(taskId) ? Number(taskId) : NaN;
  if (!Number.isSafeInteger(id)) throw notFound('External task', taskId);
  return id;
}

/** Aborts when the client goes away before its answer was sent (ends a long poll early). */
function abortedOnClose(res: ServerResponse): AbortSignal {
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** What a route of Camunda's paths is given: the request, and the path's parameters. */
export interface EngineRestCall {
  req: IncomingMessage;
  res: ServerResponse;
  context: RequestContext;
  params: Record<string, string | undefined>;
}

export function createEngineRestHandler(
  db: Db,
  dispatcher: Dispatcher,
  { maxWaitingPolls = MAX_WAITING_POLLS, rateLimitRefusalOf = () => undefined }: EngineRestOptions = {},
) {
  /**
   * The bearer token of a worker, within its rate limit: ACCESS_ENGINE_API (or an administrator), a WORKER or
   * FULL token.
   */
  async function authorise(req: IncomingMessage, res: ServerResponse): Promise<Principal> {
    const auth = await authenticate(db, { authorization: req.headers.authorization });
    if (!auth.principal) {
      if ('failure' in auth && auth.failure) countAuthFailure('token');
      throw unauthenticated('failure' in auth ? auth.failure : undefined);
    }
    const principal = auth.principal;
    // Counted as on the REST API: every authenticated request, whatever its answer.
    const overLimit = rateLimitRefusalOf(res, principal);
    if (overLimit) throw overLimit;
    const unfinished = unfinishedSignIn(principal);
    if (unfinished) throw unfinished;
    if (!principal.permissions.has('ACCESS_ENGINE_API') && !principal.permissions.has('ACCESS_BPM_ADMIN')) {
      throw forbidden('This operation needs the permission ACCESS_ENGINE_API or ACCESS_BPM_ADMIN');
    }
    const scope = principal.scope ?? 'FULL';
    if (!scopeAllows(scope, { scope: 'WORKER', type: 'mutation' })) throw forbidden(scopeRefusal(scope));
    return principal;
  }

  async function fetchAndLock(res: ServerResponse, body: unknown, context: RequestContext) {
    const input = parse(FetchAndLockBody, body);
    const topics = input.topics ?? [];
    if (!topics.length || input.maxTasks === 0) return sendJson(res, 200, []);
    const waitMs = Math.min(input.asyncResponseTimeout ?? 0, MAX_WAIT_MS);
    if (waitMs > 0 && dispatcher.waiting >= maxWaitingPolls) {
      throw rateLimited(OVERLOAD_RETRY_AFTER_SECONDS, 'Too many workers are waiting; try again shortly');
    }
    const rows = await fetchAndLockRows(
      db,
      {
        workerId: input.workerId,
        topics: topics.map((t) => t.topicName),
        maxTasks: Math.min(input.maxTasks, MAX_TASKS),
        lockDurationMs: topics[0].lockDuration,
        lockDurationMsByTopic: Object.fromEntries(topics.map((t) => [t.topicName, t.lockDuration])),
        waitMs,
      },
      { dispatcher, signal: abortedOnClose(res), request: context },
    );
    const namesByTopic = new Map(topics.map((t) => [t.topicName, t.variables]));
    sendJson(
      res,
      200,
      rows.map((row) => toLockedExternalTask(row, namesByTopic.get(row.topic))),
    );
  }

  /**
   * The operations on one task, by the last segment of their path. `traceparent`: the request's trace
   * context, kept with the timeline entries the operation writes. `keyed`: the Idempotency-Key the writes
   * that end a task (complete, bpmnError, failure) were sent with.
   */
  type TaskOperation = (
    id: number,
    body: unknown,
    traceparent: string | undefined,
    keyed: (input: unknown) => IdempotentRequest | undefined,
  ) => Promise<unknown>;
  const taskOperations: Record<string, TaskOperation> = {
    complete(id, body, traceparent, keyed) {
      const input = parse(CompleteBody, body);
      const result = fromVariables(input.variables, input.localVariables);
      return once(db, keyed({ id, input }), (tx) =>
        completeWorkerRequest(tx, { id, workerId: input.workerId, result }, traceparent),
      );
    },
    bpmnError(id, body, traceparent, keyed) {
      // No process model here catches the error: the request completes with the error as its result.
      const input = parse(BpmnErrorBody, body);
      const values = fromVariables(input.variables) ?? {};
      const bpmnError = { errorCode: input.errorCode, errorMessage: input.errorMessage ?? null };
      return once(db, keyed({ id, input }), (tx) =>
        completeWorkerRequest(
          tx,
          { id, workerId: input.workerId, result: { ...values, bpmnError } },
          traceparent,
        ),
      );
    },
    failure(id, body, traceparent, keyed) {
      const input = parse(FailureBody, body);
      const message = input.errorMessage?.trim() || 'The external task failed (no errorMessage given)';
      return once(db, keyed({ id, input }), (tx) =>
        failWorkerRequest(
          tx,
          {
            id,
            workerId: input.workerId,
            errorMessage: message.slice(0, MAX_ERROR_MESSAGE),
            errorDetails: input.errorDetails ?? undefined,
            retries: input.retries ?? undefined,
            retryTimeoutMs: input.retryTimeout ?? undefined,
          },
          traceparent,
        ),
      );
    },
    extendLock(id, body) {
      const input = parse(ExtendLockBody, body);
      return extendLock(db, { id, workerId: input.workerId, lockDurationMs: input.newDuration });
    },
    lock(id, body) {
      const input = parse(LockBody, body);
      return lock(db, { id, workerId: input.workerId, lockDurationMs: input.lockDuration });
    },
    async unlock(id) {
      const request = await unlock(db, { id });
      // Unlocking a completed task finds no task, as in Camunda.
      if (request?.status === 'COMPLETED') throw notFound('External task', id);
    },
  };

  /**
   * A task operation; a completed request no longer exists for Camunda (404, where the native protocol
   * answers 409), while any other lock that is not the worker's stays a conflict.
   */
  async function onExistingTask(id: number, run: () => Promise<unknown>): Promise<void> {
    try {
      await run();
    } catch (error) {
      if (domainErrorOf(error)?.kind !== 'CONFLICT') throw error;
      if ((await getWorkerRequest(db, { id })).status === 'COMPLETED') throw notFound('External task', id);
      throw error;
    }
  }

  /** Camunda's status for a domain error: a lock that is not the worker's is a 400 there, not a 409. */
  function answerError(res: ServerResponse, error: DomainError) {
    const status = error.status === 409 ? 400 : error.status;
    sendError(res, status, error.message, error.headers);
  }

  /** A POST of a worker, authorised, its body read; errors answered in Camunda's shape. */
  function workerCall(
    serve: (call: EngineRestCall, principal: Principal, body: unknown) => Promise<void>,
  ): (call: EngineRestCall) => Promise<void> {
    return async (call) => {
      const { req, res, context } = call;
      try {
        const unsupported = unsupportedBodyOf(req);
        if (unsupported) {
          res.setHeader('Connection', 'close'); // the body is never read
          throw unsupported;
        }
        const principal = await authorise(req, res);
        await serve(call, principal, await readBody(req));
      } catch (error) {
        if (res.headersSent) return void res.end();
        const domain = domainErrorOf(error);
        // What is left of a body too large is never read.
        if (domain?.kind === 'PAYLOAD_TOO_LARGE') res.setHeader('Connection', 'close');
        if (domain) return answerError(res, domain);
        log.error({ err: error, requestId: context.requestId }, `POST ${req.url} failed`);
        sendError(res, 500, 'An unexpected error occurred; quote the request id when reporting it');
      }
    };
  }

  const taskRoutes = Object.entries(taskOperations).map(([name, operation]) => ({
    template: `${ENGINE_REST_PREFIX}/external-task/{id}/${name}`,
    serve: workerCall(async ({ req, res, context, params }, principal, body) => {
      const id = requestIdOf(params.id ?? '');
      // Keys are the user's own and the operation's, as on the REST API (server/routers/idempotency-key.ts).
      const keyed = (input: unknown) =>
        idempotentRequest(
          req.headers['idempotency-key'] as string | undefined,
          principal.userId,
          `engine-rest.${name}`,
          input,
        );
      await onExistingTask(id, () => operation(id, body, context.traceparent, keyed));
      res.statusCode = 204;
      res.end();
    }),
  }));

  return {
    /** Camunda's paths, each answering POST only. */
    routes: [
      {
        template: `${ENGINE_REST_PREFIX}/external-task/fetchAndLock`,
        serve: workerCall(({ res, context }, _principal, body) => fetchAndLock(res, body, context)),
      },
      ...taskRoutes,
    ],
    /** A path or method Camunda does not answer (404, 405), in its shape. */
    refuse: (res: ServerResponse, error: DomainError) =>
      sendError(res, error.status, error.message, error.headers),
  };
}
