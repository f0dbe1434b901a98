// The external-task protocol (contract section 8): create, fetch-and-lock with long polling, complete, fail.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { outbox, processInstances, workerRequests, type WorkerRequestRow } from '../../../db/schema';
import { conflict, notFound } from '../../errors';
import type { WorkerRequestView } from '../../schemas/workers';
import { recordRetryFailed, recordRetrySucceeded } from '../incidents/retry-incident';
import { reportIncident } from '../incidents/report-incident';
import { publishTopic, type Dispatcher } from './dispatcher';
import { toProcessInstanceView, toWorkerRequestView } from './views';

export async function createWorkerRequest(
  db: Db,
  input: {
    processInstanceId: number;
    nodeId: string;
    topic: string;
    payload?: Record<string, unknown>;
    retries: number;
  },
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    // The engine is at this node now: a new instance starts RUNNING here, a known one moves here.
    await tx
      .insert(processInstances)
      .values({ id: input.processInstanceId, currentNodeId: input.nodeId })
      .onConflictDoUpdate({
        target: processInstances.id,
        set: { status: 'RUNNING', currentNodeId: input.nodeId, failedNodeId: null, updatedAt: sql`now()` },
      });
    const [created] = await tx
      .insert(workerRequests)
      .values({
        processInstanceId: input.processInstanceId,
        nodeId: input.nodeId,
        topic: input.topic,
        payload: input.payload ?? {},
        retries: input.retries,
        initialRetries: input.retries,
      })
      .returning();
    await publishTopic(tx, input.topic);
    return created;
  });
  return toWorkerRequestView(row);
}

export async function getWorkerRequest(db: Db, id: number): Promise<WorkerRequestView> {
  const [row] = await db.select().from(workerRequests).where(eq(workerRequests.id, id));
  if (!row) throw notFound('Worker request', id);
  return toWorkerRequestView(row);
}

export async function getProcessInstance(db: Db, id: number) {
  const [row] = await db.select().from(processInstances).where(eq(processInstances.id, id));
  if (!row) throw notFound('Process instance', id);
  return toProcessInstanceView(row);
}

/** Locks up to maxTasks PENDING requests of the topics for this worker; each goes to one worker only. */
async function lockPending(
  db: Db,
  input: { workerId: string; topics: string[]; maxTasks: number; lockDurationMs: number },
): Promise<WorkerRequestRow[]> {
  return db.transaction(async (tx) => {
    const candidates = tx
      .select({ id: workerRequests.id })
      .from(workerRequests)
      .where(and(eq(workerRequests.status, 'PENDING'), inArray(workerRequests.topic, input.topics)))
      .orderBy(asc(workerRequests.id))
      .limit(input.maxTasks)
      .for('update', { skipLocked: true });
    const locked = await tx
      .update(workerRequests)
      .set({
        status: 'LOCKED',
        workerId: input.workerId,
        lockExpiresAt: sql`now() + make_interval(secs => ${input.lockDurationMs / 1000})`,
        updatedAt: sql`now()`,
      })
      .where(inArray(workerRequests.id, candidates))
      .returning();
    if (locked.length) {
      // A republished request counts as delivered once a worker holds it.
      await tx
        .update(outbox)
        .set({ deliveredAt: sql`now()` })
        .where(
          and(
            inArray(
              outbox.workerRequestId,
              locked.map((r) => r.id),
            ),
            isNull(outbox.deliveredAt),
          ),
        );
    }
    return locked.sort((a, b) => a.id - b.id);
  });
}

export async function fetchAndLock(
  db: Db,
  dispatcher: Dispatcher,
  input: { workerId: string; topics: string[]; maxTasks: number; lockDurationMs: number; waitMs: number },
  signal?: AbortSignal,
): Promise<WorkerRequestView[]> {
  const deadline = Date.now() + input.waitMs;
  for (;;) {
    // Listen before looking, so that a request published in between still wakes us.
    const wake = dispatcher.waitForTopics(input.topics, Math.max(0, deadline - Date.now()), signal);
    const locked = await lockPending(db, input);
    if (locked.length || Date.now() >= deadline || signal?.aborted) {
      wake.cancel();
      return locked.map(toWorkerRequestView);
    }
    await wake.promise;
  }
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

export async function completeWorkerRequest(
  db: Db,
  id: number,
  input: { workerId: string; result?: Record<string, unknown> },
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    const held = await lockedBy(tx, id, input.workerId);
    const [done] = await tx
      .update(workerRequests)
      .set({
        status: 'COMPLETED',
        result: input.result ?? {},
        lockExpiresAt: null,
        retryRequestedBy: null,
        updatedAt: sql`now()`,
      })
      .where(eq(workerRequests.id, id))
      .returning();
    await tx
      .update(processInstances)
      .set({ status: 'RUNNING', failedNodeId: null, updatedAt: sql`now()` })
      .where(and(eq(processInstances.id, held.processInstanceId), eq(processInstances.status, 'FAILED')));
    if (held.retryRequestedBy) await recordRetrySucceeded(tx, id, held.retryRequestedBy);
    return done;
  });
  return toWorkerRequestView(row);
}

export async function failWorkerRequest(
  db: Db,
  id: number,
  input: { workerId: string; errorMessage: string; errorDetails?: string; retries?: number },
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    const held = await lockedBy(tx, id, input.workerId);
    const retries = input.retries ?? Math.max(0, held.retries - 1);
    const again = retries > 0;
    const [failed] = await tx
      .update(workerRequests)
      .set({
        status: again ? 'PENDING' : 'FAILED',
        retries,
        workerId: again ? null : held.workerId,
        lockExpiresAt: null,
        attempt: again ? sql`${workerRequests.attempt} + 1` : held.attempt,
        errorMessage: input.errorMessage,
        errorDetails: input.errorDetails ?? null,
        retryRequestedBy: again ? held.retryRequestedBy : null,
        updatedAt: sql`now()`,
      })
      .where(eq(workerRequests.id, id))
      .returning();
    if (again) {
      await publishTopic(tx, held.topic);
      return failed;
    }
    await tx
      .update(processInstances)
      .set({ status: 'FAILED', currentNodeId: held.nodeId, failedNodeId: held.nodeId, updatedAt: sql`now()` })
      .where(eq(processInstances.id, held.processInstanceId));
    if (held.retryRequestedBy) await recordRetryFailed(tx, id);
    await reportIncident(tx, {
      processInstanceId: held.processInstanceId,
      nodeId: held.nodeId,
      source: 'WORKER',
      severity: 'HIGH',
      message: input.errorMessage,
      technicalDetails: input.errorDetails,
      externalReferenceId: `worker-request:${id}`,
    });
    return failed;
  });
  return toWorkerRequestView(row);
}
