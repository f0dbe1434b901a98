// Every change of a worker request's status, and what it does to its process instance and the outbox:
//
//   PENDING --lockPending--> LOCKED --completeLocked--> COMPLETED
//   LOCKED --failLocked--> PENDING (retries left) or FAILED (none left); with a retry timeout it stays
//          LOCKED by its worker until the timeout, then releaseExpiredLocks makes it PENDING
//   LOCKED --releaseExpiredLocks--> PENDING (its lock expired)
//   LOCKED --extendLocked--> LOCKED (its worker holds it longer)
//   LOCKED --unlockRequest--> PENDING (released before its lock expires)
//   PENDING --lockRequest--> LOCKED (one request by its id, for a worker)
//   FAILED --resetForRetry--> PENDING (an incident's retry, through server/services/worker-incidents/)
//
// Creating a request (create-worker-request.ts) writes the column's default, PENDING.
import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { outbox, processInstances, workerRequests, type WorkerRequestRow } from '../../../db/schema';
import {
  applyMergePatch,
  payloadChanges,
  type JsonObject,
  type PayloadChange,
} from '../../../domain/payload-patch';
import { MAX_PAYLOAD_BYTES } from '../../../domain/workers';
import { conflict, fieldError, notFound, notRetryable } from '../../errors';
import { publishTopic } from './publish';

export interface LockRequest {
  workerId: string;
  topics: string[];
  maxTasks: number;
  lockDurationMs: number;
  /** A lock duration for some topics, instead of lockDurationMs (a Camunda worker names one per topic). */
  lockDurationMsByTopic?: Record<string, number>;
}

/** The lock's end for a request of the locking topics: now + its topic's duration. */
function lockEnd(input: LockRequest) {
  const seconds = (ms: number) => sql`${ms / 1000}::float8`;
  const byTopic = Object.entries(input.lockDurationMsByTopic ?? {});
  const duration = byTopic.length
    ? sql`case ${workerRequests.topic} ${sql.join(
        byTopic.map(([topic, ms]) => sql`when ${topic} then ${seconds(ms)}`),
        sql` `,
      )} else ${seconds(input.lockDurationMs)} end`
    : seconds(input.lockDurationMs);
  return sql`now() + make_interval(secs => ${duration})`;
}

/**
 * Locks up to maxTasks PENDING requests of the topics for this worker; each goes to one worker only.
 * One statement (no transaction of several round trips): every long poll's first look runs it, so a
 * thousand polls arriving together cost a thousand statements, not four thousand.
 */
export async function lockPending(db: Db, input: LockRequest): Promise<WorkerRequestRow[]> {
  const candidates = db
    .select({ id: workerRequests.id })
    .from(workerRequests)
    .where(and(eq(workerRequests.status, 'PENDING'), inArray(workerRequests.topic, input.topics)))
    .orderBy(asc(workerRequests.id))
    .limit(input.maxTasks)
    .for('update', { skipLocked: true });
  const locked = db.$with('locked').as(
    db
      .update(workerRequests)
      .set({
        status: 'LOCKED',
        workerId: input.workerId,
        lockExpiresAt: lockEnd(input),
        updatedAt: sql`now()`,
      })
      .where(inArray(workerRequests.id, candidates))
      .returning(),
  );
  // A republished request counts as delivered once a worker holds it (a data-modifying WITH runs whether
  // or not the statement reads it).
  const delivered = db.$with('delivered').as(
    db
      .update(outbox)
      .set({ deliveredAt: sql`now()` })
      .where(
        and(
          inArray(outbox.workerRequestId, db.select({ id: locked.id }).from(locked)),
          isNull(outbox.deliveredAt),
        ),
      )
      .returning({ id: outbox.id }),
  );
  const rows = await db.with(locked, delivered).select().from(locked);
  return rows.sort((a, b) => a.id - b.id);
}

/** The request if `workerId` holds its unexpired lock; else 404 or 409 saying why not. */
async function lockedBy(tx: Db, id: number, workerId: string): Promise<WorkerRequestRow> {
  const [row] = await tx.select().from(workerRequests).where(eq(workerRequests.id, id)).for('update');
  if (!row) throw notFound('Worker request', id);
  if (
    row.status !== 'LOCKED' ||
    row.workerId !== workerId ||
    !row.lockExpiresAt ||
    row.lockExpiresAt <= new Date()
  ) {
    const why =
      row.status !== 'LOCKED'
        ? `it is ${row.status}`
        : row.workerId !== workerId
          ? 'another worker holds its lock'
          : 'its lock has expired';
    throw conflict(`Worker request ${id} is not locked by worker "${workerId}": ${why}`);
  }
  return row;
}

/** What a change answers: the request before (as its worker held it) and after. */
export interface RequestChange {
  held: WorkerRequestRow;
  request: WorkerRequestRow;
}

/** The worker completes a request it holds; a FAILED instance runs again. In the caller's transaction. */
export async function completeLocked(
  tx: Db,
  input: { id: number; workerId: string; result?: Record<string, unknown> },
): Promise<RequestChange> {
  const held = await lockedBy(tx, input.id, input.workerId);
  const [request] = await tx
    .update(workerRequests)
    .set({
      status: 'COMPLETED',
      result: input.result ?? {},
      lockExpiresAt: null,
      retryRequestedBy: null,
      updatedAt: sql`now()`,
    })
    .where(eq(workerRequests.id, input.id))
    .returning();
  await tx
    .update(processInstances)
    .set({ status: 'RUNNING', failedNodeId: null, updatedAt: sql`now()` })
    .where(and(eq(processInstances.id, held.processInstanceId), eq(processInstances.status, 'FAILED')));
  return { held, request };
}

export interface FailureInput {
  id: number;
  workerId: string;
  errorMessage: string;
  errorDetails?: string;
  retries?: number;
  /**
   * With retries left, how long the request waits before a worker may fetch it again (0: at once). It waits
   * LOCKED by its worker, as Camunda's external tasks do; the lock sweep then makes it PENDING and announces it.
   */
  retryTimeoutMs?: number;
}

/**
 * The worker reports a failure of a request it holds: back to PENDING (republished) while retries remain,
 * else FAILED with its process instance FAILED at the node. In the caller's transaction.
 */
export async function failLocked(tx: Db, input: FailureInput): Promise<RequestChange> {
  const held = await lockedBy(tx, input.id, input.workerId);
  const retries = input.retries ?? Math.max(0, held.retries - 1);
  const again = retries > 0;
  const later = again && (input.retryTimeoutMs ?? 0) > 0;
  const [request] = await tx
    .update(workerRequests)
    .set({
      status: later ? 'LOCKED' : again ? 'PENDING' : 'FAILED',
      retries,
      workerId: again && !later ? null : held.workerId,
      lockExpiresAt: later
        ? sql`now() + make_interval(secs => ${input.retryTimeoutMs! / 1000}::float8)`
        : null,
      // The release of the lock counts the next delivery when the request waits out a retry timeout.
      attempt: again && !later ? sql`${workerRequests.attempt} + 1` : held.attempt,
      errorMessage: input.errorMessage,
      errorDetails: input.errorDetails ?? null,
      retryRequestedBy: again ? held.retryRequestedBy : null,
      updatedAt: sql`now()`,
    })
    .where(eq(workerRequests.id, input.id))
    .returning();
  if (again) {
    if (!later) await publishTopic(tx, held.topic);
    return { held, request };
  }
  await tx
    .update(processInstances)
    .set({ status: 'FAILED', currentNodeId: held.nodeId, failedNodeId: held.nodeId, updatedAt: sql`now()` })
    .where(eq(processInstances.id, held.processInstanceId));
  return { held, request };
}

/** The worker that holds a request's unexpired lock holds it `lockDurationMs` from now. In the caller's transaction. */
export async function extendLocked(
  tx: Db,
  input: { id: number; workerId: string; lockDurationMs: number },
): Promise<WorkerRequestRow> {
  await lockedBy(tx, input.id, input.workerId);
  const [request] = await tx
    .update(workerRequests)
    .set({
      lockExpiresAt: sql`now() + make_interval(secs => ${input.lockDurationMs / 1000}::float8)`,
      updatedAt: sql`now()`,
    })
    .where(eq(workerRequests.id, input.id))
    .returning();
  return request;
}

/** A locked request given back: PENDING for any worker, its release counted as the next delivery. */
const BACK_TO_PENDING = {
  status: 'PENDING',
  workerId: null,
  lockExpiresAt: null,
  attempt: sql`${workerRequests.attempt} + 1`,
  updatedAt: sql`now()`,
} as const;

/**
 * A LOCKED request goes back to PENDING before its lock expires (counted as the next delivery) and is
 * announced; a request in any other status is left as it is. In the caller's transaction.
 */
export async function unlockRequest(tx: Db, { id }: { id: number }): Promise<WorkerRequestRow> {
  const [row] = await tx.select().from(workerRequests).where(eq(workerRequests.id, id)).for('update');
  if (!row) throw notFound('Worker request', id);
  if (row.status !== 'LOCKED') return row;
  const [request] = await tx
    .update(workerRequests)
    .set(BACK_TO_PENDING)
    .where(eq(workerRequests.id, id))
    .returning();
  await publishTopic(tx, row.topic);
  return request;
}

/**
 * Locks one request by its id for `workerId`: a PENDING one, one whose lock expired, or one this worker holds
 * (its lock then runs `lockDurationMs` from now). Another worker's unexpired lock, or a COMPLETED or FAILED
 * request, is a conflict. In the caller's transaction.
 */
export async function lockRequest(
  tx: Db,
  input: { id: number; workerId: string; lockDurationMs: number },
): Promise<WorkerRequestRow> {
  const [row] = await tx.select().from(workerRequests).where(eq(workerRequests.id, input.id)).for('update');
  if (!row) throw notFound('Worker request', input.id);
  const expired = row.status === 'LOCKED' && (!row.lockExpiresAt || row.lockExpiresAt <= new Date());
  if (row.status !== 'PENDING' && row.status !== 'LOCKED') {
    throw conflict(`Worker request ${input.id} is ${row.status}: only a PENDING or LOCKED one can be locked`);
  }
  if (row.status === 'LOCKED' && !expired && row.workerId !== input.workerId) {
    throw conflict(`Worker request ${input.id} is locked by another worker`);
  }
  const [request] = await tx
    .update(workerRequests)
    .set({
      status: 'LOCKED',
      workerId: input.workerId,
      lockExpiresAt: sql`now() + make_interval(secs => ${input.lockDurationMs / 1000}::float8)`,
      // An expired lock not yet swept would have counted the next delivery on its release.
      attempt: expired ? sql`${workerRequests.attempt} + 1` : row.attempt,
      updatedAt: sql`now()`,
    })
    .where(eq(workerRequests.id, input.id))
    .returning();
  await tx
    .update(outbox)
    .set({ deliveredAt: sql`now()` })
    .where(and(eq(outbox.workerRequestId, input.id), isNull(outbox.deliveredAt)));
  return request;
}

/** Returns requests whose lock expired to PENDING: their topics, one per request. */
export async function releaseExpiredLocks(tx: Db): Promise<{ topic: string }[]> {
  return tx
    .update(workerRequests)
    .set(BACK_TO_PENDING)
    .where(and(eq(workerRequests.status, 'LOCKED'), lt(workerRequests.lockExpiresAt, sql`now()`)))
    .returning({ topic: workerRequests.topic });
}

/** A correction of a request's payload by a retry: a JSON merge patch, and the version it was written against. */
export interface PayloadCorrection {
  patch: JsonObject;
  /** The payloadVersion the patch's author saw; absent, the patch applies to the payload as it is. */
  version?: number;
}

/**
 * A FAILED request runs again: back to PENDING with its retries restored, its process instance RUNNING at
 * `nodeId`, the service-task request republished through the outbox; `requestedBy` is whose outcome it is.
 * With a correction, the republished payload is the patched one (its version one more) and the answer says
 * what changed. NotRetryable if it is not FAILED; a conflict if the payload is no longer the version the
 * correction was written against. In the caller's transaction.
 */
export async function resetForRetry(
  tx: Db,
  {
    id,
    nodeId,
    requestedBy,
    correction,
  }: { id: number; nodeId: string; requestedBy: string; correction?: PayloadCorrection },
): Promise<{ request: WorkerRequestRow; changes: PayloadChange[] | null }> {
  const [current] = await tx.select().from(workerRequests).where(eq(workerRequests.id, id)).for('update');
  if (!current || current.status !== 'FAILED') {
    throw notRetryable(
      current
        ? `Worker request ${id} is ${current.status}, not FAILED${current.status === 'PENDING' || current.status === 'LOCKED' ? ': a retry is already under way' : ''}`
        : `Worker request ${id} does not exist`,
    );
  }
  const corrected = correction && correctedPayload(current, correction);
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
      ...(corrected && { payload: corrected.payload, payloadVersion: current.payloadVersion + 1 }),
      updatedAt: sql`now()`,
    })
    .where(eq(workerRequests.id, id))
    .returning();
  await tx
    .update(processInstances)
    .set({ status: 'RUNNING', currentNodeId: nodeId, failedNodeId: null, updatedAt: sql`now()` })
    .where(eq(processInstances.id, request.processInstanceId));
  await tx.insert(outbox).values({
    topic: request.topic,
    workerRequestId: request.id,
    processInstanceId: request.processInstanceId,
    nodeId: request.nodeId,
    payload: request.payload ?? {},
    attempt: request.attempt,
  });
  await publishTopic(tx, request.topic);
  return { request, changes: corrected?.changes ?? null };
}

/** The payload a correction makes of the request's, and what it changed; refusals name the request. */
function correctedPayload(current: WorkerRequestRow, { patch, version }: PayloadCorrection) {
  if (version !== undefined && version !== current.payloadVersion) {
    throw conflict(
      `Worker request ${current.id}'s payload changed since version ${version}: it is at version ${current.payloadVersion}; read it again and write the correction against it`,
    );
  }
  const before = current.payload as JsonObject;
  const payload = applyMergePatch(before, patch) as JsonObject;
  const bytes = Buffer.byteLength(JSON.stringify(payload));
  if (bytes > MAX_PAYLOAD_BYTES) {
    throw fieldError(
      'payloadPatch',
      `would make worker request ${current.id}'s payload ${bytes} bytes, more than ${MAX_PAYLOAD_BYTES}`,
    );
  }
  return { payload, changes: payloadChanges(before, payload) };
}
