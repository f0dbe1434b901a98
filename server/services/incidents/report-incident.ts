// Incident reporting with deduplication (docs/contract.md §8): a repeat of an unresolved incident with the
// same source and reference counts an occurrence; a repeat of a resolved one reopens it.
import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, workerRequests, type IncidentRow } from '../../../db/schema';
import { occurredAgainMessage } from '../../../domain/incidents';
import { workerRequestIdOf } from '../../../domain/workers';
import type { IncidentView, ReportIncidentInput } from '../../schemas/incidents';
import { isUniqueViolation } from '../db-errors';
import { incidentView } from './incident-view';
import { reportBatches } from './report-batches';
import type { IdempotentRequest } from '../idempotency';
import { endSnoozesAtOccurrence, unsnoozed } from './snooze';
import { OCCURRENCE, TRANSITIONS, tryTransition } from './transitions';

/**
 * The worker request a WORKER incident's reference names, if it exists: the incident refers to it by
 * foreign key, which is how retry and the worker's outcome find one another (server/services/worker-incidents/).
 */
function workerRequestOf(externalReferenceId: string): SQL | null {
  const id = workerRequestIdOf(externalReferenceId);
  return id === null ? null : sql`(select id from ${workerRequests} where id = ${id})`;
}

/** What a report did: created the incident, counted another occurrence of it, or reopened it. */
export type ReportOutcome = 'CREATED' | 'OCCURRED_AGAIN' | 'REOPENED';

export interface RecordedReport {
  outcome: ReportOutcome;
  /** The incident as the report left it. */
  row: IncidentRow;
  /** A report sent with an Idempotency-Key: the answer kept for the key (server/services/idempotency.ts). */
  kept?: IncidentView;
}

/** A report sent again with the Idempotency-Key of one written before: not written, answered as it was. */
export interface RepeatedReport {
  repeated: IncidentView;
}

/**
 * Reports an incident (its own transaction, written with the reports that arrive meanwhile:
 * report-batches.ts). `traceparent`: the reporting request's trace context, kept with the timeline entry.
 * `idempotency`: its Idempotency-Key, when it was sent with one.
 */
export async function reportIncident(
  db: Db,
  input: ReportIncidentInput,
  traceparent?: string,
  idempotency?: IdempotentRequest,
): Promise<IncidentView> {
  const result = await reportBatches(db).write({ input, traceparent, idempotency });
  if ('repeated' in result) return result.repeated;
  return result.kept ?? incidentView(db, result.row);
}

/**
 * One report in the caller's transaction: a worker's final failure (fail-worker-request.ts), and a report
 * of a resolved incident in a batch (record-reports.ts).
 */
export async function recordReport(
  tx: Db,
  input: ReportIncidentInput,
  traceparent?: string,
): Promise<RecordedReport> {
  const sameReference = and(
    eq(incidents.source, input.source),
    eq(incidents.externalReferenceId, input.externalReferenceId),
  );
  const record = async (row: IncidentRow, outcome: 'CREATED' | 'OCCURRED_AGAIN', message: string) => {
    await tx
      .insert(incidentEvents)
      .values({ incidentId: row.id, eventType: outcome, message, actor: null, traceparent });
    // The occurrence a snooze waited for: its entry above is held, the snooze's end is notified.
    const woke = await endSnoozesAtOccurrence(tx, [row]);
    return { row: woke.has(row.id) ? unsnoozed(row) : row, outcome };
  };
  // 1. An unresolved incident with this reference: one more occurrence.
  const [again] = await tx
    .update(incidents)
    .set(OCCURRENCE)
    .where(and(sameReference, ne(incidents.status, 'RESOLVED')))
    .returning();
  if (again) return record(again, 'OCCURRED_AGAIN', occurredAgainMessage(1, again.occurrenceCount));

  // 2. A resolved one: reopen the latest. A concurrent report that reopened it first makes this match
  //    nothing (the row is no longer RESOLVED when our UPDATE gets its lock), and step 3 counts it. In a
  //    savepoint (the transition's own): should an unresolved twin have appeared meanwhile, the unique
  //    index refuses the reopen and step 3 counts the occurrence on that twin instead. The subquery runs
  //    once, before the row lock is awaited; after the wait PostgreSQL re-checks only the outer condition
  //    on the new row, which the transition's `from` (RESOLVED) is.
  const reopened = await tryTransition(
    tx,
    sql`(select id from ${incidents} where ${sameReference} and status = 'RESOLVED' order by id desc limit 1)`,
    TRANSITIONS.recur(),
    traceparent,
  ).catch((error: unknown) => {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  });
  if (reopened) return { row: reopened, outcome: 'REOPENED' };

  // 3. None: create it. Concurrent identical reports meet on the partial unique index; all but one count
  //    an occurrence on the row that won.
  const [upserted] = await tx
    .insert(incidents)
    .values({
      processInstanceId: input.processInstanceId,
      nodeId: input.nodeId,
      source: input.source,
      severity: input.severity,
      message: input.message,
      technicalDetails: input.technicalDetails ?? '',
      externalReferenceId: input.externalReferenceId,
      processDefinition: input.processDefinition ?? null,
      workerRequestId: input.source === 'WORKER' ? workerRequestOf(input.externalReferenceId) : null,
    })
    .onConflictDoUpdate({
      target: [incidents.source, incidents.externalReferenceId],
      targetWhere: sql`status <> 'RESOLVED'`,
      set: OCCURRENCE,
    })
    .returning();
  // A new row has its first occurrence; one met on the index has had another counted.
  return upserted.occurrenceCount === 1
    ? record(upserted, 'CREATED', `Reported: ${input.message}`)
    : record(upserted, 'OCCURRED_AGAIN', occurredAgainMessage(1, upserted.occurrenceCount));
}
