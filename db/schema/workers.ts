// Process instances, worker requests (the external-task queue) and the outbox of published service-task
// requests (docs/contract.md §7 and §8).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { PROCESS_INSTANCE_STATUSES, WORKER_REQUEST_STATUSES } from '../../domain/workers';

export const processInstanceStatus = pgEnum('process_instance_status', PROCESS_INSTANCE_STATUSES);
export const workerRequestStatus = pgEnum('worker_request_status', WORKER_REQUEST_STATUSES);

export const processInstances = pgTable('process_instances', {
  /** The engine's id: instances are registered by the first worker request that names them. */
  id: bigint('id', { mode: 'number' }).primaryKey(),
  status: processInstanceStatus('status').notNull().default('RUNNING'),
  currentNodeId: text('current_node_id').notNull(),
  failedNodeId: text('failed_node_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const workerRequests = pgTable(
  'worker_requests',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    processInstanceId: bigint('process_instance_id', { mode: 'number' })
      .notNull()
      .references(() => processInstances.id),
    nodeId: text('node_id').notNull(),
    topic: text('topic').notNull(),
    /** The process definition (its key) the request belongs to, if the engine named it. */
    processDefinition: text('process_definition'),
    payload: jsonb('payload')
      .notNull()
      .default(sql`'{}'::jsonb`),
    /** 1 at creation, one more for each correction of the payload by a retry (its optimistic check). */
    payloadVersion: integer('payload_version').notNull().default(1),
    status: workerRequestStatus('status').notNull().default('PENDING'),
    /** Failures left before the request fails for good. */
    retries: integer('retries').notNull(),
    /** What `retries` was at creation: a retry of the incident restores it. */
    initialRetries: integer('initial_retries').notNull(),
    /** Deliveries so far, counting the one under way; 1 for a new request. */
    attempt: integer('attempt').notNull().default(1),
    workerId: text('worker_id'),
    lockExpiresAt: timestamp('lock_expires_at', { withTimezone: true }),
    errorMessage: text('error_message'),
    errorDetails: text('error_details'),
    result: jsonb('result'),
    /** Who asked for the retry now under way; the incident's outcome is theirs. Null when none is. */
    retryRequestedBy: text('retry_requested_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // fetch-and-lock reads the oldest PENDING requests of some topics.
    index('worker_requests_pending_idx')
      .on(t.topic, t.id)
      .where(sql`status = 'PENDING'`),
    // the sweeper finds expired locks.
    index('worker_requests_locked_idx')
      .on(t.lockExpiresAt)
      .where(sql`status = 'LOCKED'`),
    index('worker_requests_process_instance_idx').on(t.processInstanceId),
  ],
);

/** Service-task requests republished by a retry, written in the retry's transaction. */
export const outbox = pgTable(
  'outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    workerRequestId: bigint('worker_request_id', { mode: 'number' })
      .notNull()
      .references(() => workerRequests.id, { onDelete: 'cascade' }),
    processInstanceId: bigint('process_instance_id', { mode: 'number' }).notNull(),
    nodeId: text('node_id').notNull(),
    payload: jsonb('payload').notNull(),
    attempt: integer('attempt').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When a worker locked the republished request. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
  },
  (t) => [
    index('outbox_undelivered_idx')
      .on(t.id)
      .where(sql`delivered_at is null`),
    index('outbox_worker_request_idx').on(t.workerRequestId),
  ],
);

export type WorkerRequestRow = typeof workerRequests.$inferSelect;
export type ProcessInstanceRow = typeof processInstances.$inferSelect;
