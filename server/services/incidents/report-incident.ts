// Incident reporting with deduplication (contract section 8): a repeat of an unresolved incident with the
// same source and reference counts an occurrence; a repeat of a resolved one reopens it.
import { and, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, type IncidentRow } from '../../../db/schema';
import type { IncidentView, ReportIncidentInput } from '../../schemas/incidents';
import { countIncidentReport } from '../../metrics';
import { isUniqueViolation } from '../db-errors';
import { toIncidentView } from './incident-view';
import { REOPENED_FIELDS } from './transitions';

const occurrence = {
  occurrenceCount: sql`${incidents.occurrenceCount} + 1`,
  lastOccurredAt: sql`now()`,
  updatedAt: sql`now()`,
};

export async function reportIncident(db: Db, input: ReportIncidentInput): Promise<IncidentView> {
  const sameReference = and(
    eq(incidents.source, input.source),
    eq(incidents.externalReferenceId, input.externalReferenceId),
  );
  const row = await db.transaction(async (tx) => {
    const record = async (
      row: IncidentRow,
      eventType: 'CREATED' | 'OCCURRED_AGAIN' | 'REOPENED',
      message: string,
    ) => {
      await tx.insert(incidentEvents).values({ incidentId: row.id, eventType, message, actor: null });
      return row;
    };

    // 1. An unresolved incident with this reference: one more occurrence.
    const [again] = await tx
      .update(incidents)
      .set(occurrence)
      .where(and(sameReference, ne(incidents.status, 'RESOLVED')))
      .returning();
    if (again)
      return record(again, 'OCCURRED_AGAIN', `Occurred again (${again.occurrenceCount} times in all)`);

    // 2. A resolved one: reopen the latest. A concurrent report that reopened it first makes this match
    //    nothing (the row is no longer RESOLVED when our UPDATE gets its lock), and step 3 counts it. In a
    //    savepoint: should an unresolved twin have appeared meanwhile, the unique index refuses the reopen
    //    and step 3 counts the occurrence on that twin instead.
    const reopened = await tx
      .transaction(async (savepoint) => {
        const [row] = await savepoint
          .update(incidents)
          .set({ ...REOPENED_FIELDS, ...occurrence })
          .where(
            and(
              eq(
                incidents.id,
                sql`(select id from ${incidents} where ${sameReference} and status = 'RESOLVED' order by id desc limit 1)`,
              ),
              // The subquery runs once, before the row lock is awaited; after the wait PostgreSQL re-checks
              // only this outer condition on the new row, so it must say RESOLVED itself.
              eq(incidents.status, 'RESOLVED'),
            ),
          )
          .returning();
        return row;
      })
      .catch((error: unknown) => {
        if (isUniqueViolation(error)) return undefined;
        throw error;
      });
    if (reopened) return record(reopened, 'REOPENED', 'Reopened: it occurred again after it was resolved');

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
      })
      .onConflictDoUpdate({
        target: [incidents.source, incidents.externalReferenceId],
        targetWhere: sql`status <> 'RESOLVED'`,
        set: occurrence,
      })
      .returning();
    // A new row has its first occurrence; one met on the index has had another counted.
    return upserted.occurrenceCount === 1
      ? record(upserted, 'CREATED', `Reported: ${input.message}`)
      : record(upserted, 'OCCURRED_AGAIN', `Occurred again (${upserted.occurrenceCount} times in all)`);
  });
  countIncidentReport(input.source, input.severity);
  return toIncidentView(row);
}
