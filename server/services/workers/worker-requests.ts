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

/**
 * Locks up to maxTasks PENDING requests of the topics for this worker; each goes to one worker only.
 * One statement (no transaction of several round trips): every long poll's first look runs it, so a
 * thousand polls arriving together cost a thousand statements, not four thousand.
 */
async function lockPending(
  db: Db,
  input: { workerId: string; topics: string[]; maxTasks: number; lockDurationMs: number },
): Promise<WorkerRequestRow[]> {
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
        lockExpiresAt: sql`now() + make_interval(secs => ${input.lockDurationMs / 1000})`,
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

/**
 * Locks pending requests at once, or long-polls up to waitMs for a publish. While waiting the poll holds no
 * database connection and keeps its place in its topics' queues; when its time is up it answers `[]`
 * without another query, so many polls timing out together cost the database nothing.
 */
export async function fetchAndLock(
  db: Db,
  dispatcher: Dispatcher,
  input: { workerId: string; topics: string[]; maxTasks: number; lockDurationMs: number; waitMs: number },
  { signal, receivedAt = Date.now() }: { signal?: AbortSignal; receivedAt?: number } = {},
): Promise<WorkerRequestView[]> {
  if (input.waitMs <= 0) return (await lockPending(db, input)).map(toWorkerRequestView);
  // Queued before the first look, so that a request published meanwhile is announced to this poll.
  const poll = dispatcher.join({ ...input, deadline: receivedAt + input.waitMs, signal });
  let locked: WorkerRequestRow[] = [];
  try {
    do locked = await lockPending(db, input);
    while (!locked.length && (await poll.next()));
  } finally {
    poll.leave(locked.map((r) => r.topic));
  }
  return locked.map(toWorkerRequestView);
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
