// The one mapping from incident rows to what the API answers.
import { inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { groups, workerRequests, type IncidentEventRow, type IncidentRow } from '../../../db/schema';
import { isRetryable, occurrencesOf } from '../../../domain/incidents';
import type { IncidentView } from '../../schemas/incidents';
import { formatLocalDateTime as at, formatNullable as atOrNull } from '../../time';
import { anyUnendedSilence } from './silence-presence';

/**
 * The view of one incident. `workerRequestStatus` is the status of its worker request (null: it has none),
 * which decides `retryable`; incidentViews reads it.
 */
export function toIncidentView(
  row: IncidentRow,
  workerRequestStatus: string | null,
  silencedBy: SilencedBy | null,
  ownerCode: string | null,
): IncidentView {
  return {
    id: row.id,
    processInstanceId: row.processInstanceId,
    nodeId: row.nodeId,
    status: row.status,
    severity: row.severity,
    source: row.source,
    message: row.message,
    technicalDetails: row.technicalDetails,
    externalReferenceId: row.externalReferenceId,
    occurrenceCount: row.occurrenceCount,
    lastOccurredAt: at(row.lastOccurredAt),
    createdAt: at(row.createdAt),
    updatedAt: at(row.updatedAt),
    acknowledgedAt: atOrNull(row.acknowledgedAt),
    acknowledgedBy: row.acknowledgedBy,
    resolvedAt: atOrNull(row.resolvedAt),
    resolvedBy: row.resolvedBy,
    resolutionNote: row.resolutionNote,
    resolutionAction: row.resolutionAction,
    assignee: row.assignee,
    snoozedAt: atOrNull(row.snoozedAt),
    snoozedBy: row.snoozedBy,
    snoozedUntil: atOrNull(row.snoozedUntil),
    snoozedUntilOccurrence: row.snoozedUntilOccurrence,
    retryable: isRetryable({ source: row.source, status: row.status, workerRequestStatus }),
    silencedBy,
    processDefinition: row.processDefinition,
    owner: row.ownerTeamId === null ? null : { id: row.ownerTeamId, code: ownerCode ?? '' },
  };
}

type SilencedBy = NonNullable<IncidentView['silencedBy']>;

/**
 * The silences in effect now over these incidents, by incident id (the database's rule, silence_of). One
 * statement, and none while no silence is unended (silence-presence.ts).
 */
async function silencesOver(db: Db, ids: number[]): Promise<Map<number, SilencedBy>> {
  if (!ids.length || !(await anyUnendedSilence(db))) return new Map();
  const rows = rowsOf<{
    incident_id: number | string;
    id: number | string;
    name: string;
    created_by: string;
    ends_at: Date | string;
  }>(
    await db.execute(sql`
      select m.incident_id, s.id, s.name, s.created_by, s.ends_at
      from (
        select i.id as incident_id, silence_of(i) as silence_id from incidents i
        where exists (select 1 from silences where ended_at is null)
          and i.id in (select (jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))::bigint)
        offset 0 -- once per incident, not per pair with a silence
      ) m
      join silences s on s.id = m.silence_id`),
  );
  return new Map(
    rows.map((r) => [
      Number(r.incident_id),
      { id: Number(r.id), name: r.name, createdBy: r.created_by, endsAt: at(new Date(r.ends_at)) },
    ]),
  );
}

/** The codes of the teams that own these incidents, by team id: one statement, none when nobody owns any. */
async function teamCodes(db: Db, rows: IncidentRow[]): Promise<Map<number, string>> {
  const ids = [...new Set(rows.flatMap((r) => (r.ownerTeamId === null ? [] : [r.ownerTeamId])))];
  if (!ids.length) return new Map();
  const found = await db
    .select({ id: groups.id, code: groups.code })
    .from(groups)
    .where(inArray(groups.id, ids));
  return new Map(found.map((g) => [g.id, g.code]));
}

/** Whether the status of the incident's worker request decides its view (an unresolved WORKER incident's). */
const hasLiveWorkerRequest = (row: IncidentRow): row is IncidentRow & { workerRequestId: number } =>
  row.source === 'WORKER' && row.status !== 'RESOLVED' && row.workerRequestId !== null;

/**
 * The views of these incidents, with the statuses of their worker requests read in one query (none when no
 * unresolved WORKER incident among them has a request): what every incident answer goes through, so that
 * `retryable` is what a retry would find now (docs/contract.md §7).
 */
export async function incidentViews(db: Db, rows: IncidentRow[]): Promise<IncidentView[]> {
  const requestIds = [...new Set(rows.filter(hasLiveWorkerRequest).map((r) => r.workerRequestId))];
  const statuses = new Map<number, string>();
  const silenced = await silencesOver(
    db,
    rows.map((r) => r.id),
  );
  if (requestIds.length) {
    const requests = await db
      .select({ id: workerRequests.id, status: workerRequests.status })
      .from(workerRequests)
      .where(inArray(workerRequests.id, requestIds));
    for (const request of requests) statuses.set(request.id, request.status);
  }
  const owners = await teamCodes(db, rows);
  return rows.map((r) =>
    toIncidentView(
      r,
      r.workerRequestId === null ? null : (statuses.get(r.workerRequestId) ?? null),
      silenced.get(r.id) ?? null,
      r.ownerTeamId === null ? null : (owners.get(r.ownerTeamId) ?? null),
    ),
  );
}

export async function incidentView(db: Db, row: IncidentRow): Promise<IncidentView> {
  // Most incidents have no worker request to read, and nearly always no silence is unended: their view is
  // made at once (the hottest read of the API).
  if (!hasLiveWorkerRequest(row) && row.ownerTeamId === null && !(await anyUnendedSilence(db)))
    return toIncidentView(row, null, null, null);
  return (await incidentViews(db, [row]))[0];
}

export function toIncidentEventView(row: IncidentEventRow) {
  return {
    id: row.id,
    incidentId: row.incidentId,
    eventType: row.eventType,
    message: row.message,
    actor: row.actor,
    createdAt: at(row.createdAt),
    ...(row.payloadChanges && { payloadChanges: row.payloadChanges }),
    ...(row.eventType === 'OCCURRED_AGAIN' && { occurrences: occurrencesOf(row.message) }),
    silenceId: row.silenceId,
  };
}
