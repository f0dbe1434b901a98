// Reports written together (docs/contract.md §6, "Reports written together"): a few statements for a whole
// batch instead of a transaction per report. The reports of one incident in a batch are folded: one UPDATE
// counts all their occurrences, and the timeline gets one entry for them. What one report alone does
// (report-incident.ts) is unchanged: the same three cases, the same order, the same outcome per report.
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { rowsOf } from '../../../db/client';
import { occurredAgainMessage } from '../../../domain/incidents';
import { incidents, type IncidentRow } from '../../../db/schema';
import { workerRequestIdOf } from '../../../domain/workers';
import { idempotencyKeyReused } from '../../errors';
import type { ReportIncidentInput } from '../../schemas/incidents';
import { claimKeys, keepAnswers, type IdempotentRequest } from '../idempotency';
import { incidentViews } from './incident-view';
import { endSnoozesAtOccurrence, unsnoozed } from './snooze';
import { decideOwners, holdOwnership, withOwner } from '../teams/owners';
import {
  recordReport,
  type RecordedReport,
  type RepeatedReport,
  type ReportOutcome,
} from './report-incident';

export interface Report {
  input: ReportIncidentInput;
  /** The reporting request's trace context, kept with the timeline entry written for it. */
  traceparent?: string;
  /** Sent with an Idempotency-Key: written once per key (server/services/idempotency.ts). */
  idempotency?: IdempotentRequest;
}

/** What became of a report of a batch: written, a repeat of a key's report, or refused (its key reused). */
export type ReportResult = RecordedReport | RepeatedReport | Error;

/** The reports of one incident (one source and reference) in a batch, in the order they came. */
interface Reports {
  source: string;
  ref: string;
  /** Indexes into the batch. */
  items: number[];
}

const keyOf = (r: { source: string; externalReferenceId: string }) => `${r.source}\n${r.externalReferenceId}`;

/**
 * Writes a batch of reports in the caller's transaction and answers what became of each, in order. A report
 * sent with an Idempotency-Key is written once per key: its key is claimed first (all the batch's in one
 * statement), a repeat is answered with the key's first answer and not written, and the answer of one
 * written is kept for its key last (in one statement too), in the same transaction.
 */
export async function recordReports(tx: Db, reports: Report[]): Promise<ReportResult[]> {
  const results: ReportResult[] = new Array(reports.length);
  // A key sent twice in one batch (a client that gave up waiting and sent it again) is claimed once; the
  // second report is answered as the first is, or refused when it is another report.
  const firstWithKey = new Map<string, number>();
  const sameAs = new Map<number, number>();
  const claiming: number[] = [];
  reports.forEach(({ idempotency: key }, i) => {
    if (!key) return;
    const id = `${key.owner}\n${key.operation}\n${key.key}`;
    const first = firstWithKey.get(id);
    if (first === undefined) {
      firstWithKey.set(id, i);
      claiming.push(i);
    } else if (reports[first].idempotency!.fingerprint !== key.fingerprint)
      results[i] = idempotencyKeyReused(key.key);
    else sameAs.set(i, first);
  });
  const claims = await claimKeys(
    tx,
    claiming.map((i) => reports[i].idempotency!),
  );
  claiming.forEach((index, j) => {
    const claim = claims[j];
    if (claim instanceof Error) results[index] = claim;
    else if (!claim.claimed) results[index] = { repeated: claim.answer as RepeatedReport['repeated'] };
  });

  const toWrite = reports.map((_, i) => i).filter((i) => results[i] === undefined && !sameAs.has(i));
  const written = await writeReports(
    tx,
    toWrite.map((i) => reports[i]),
  );
  toWrite.forEach((index, j) => (results[index] = written[j]));

  // The answers of the keyed reports written: their views, kept for their keys.
  const keyed = toWrite.filter((i) => reports[i].idempotency);
  if (keyed.length) {
    const views = await incidentViews(
      tx,
      keyed.map((i) => (results[i] as RecordedReport).row),
    );
    keyed.forEach((index, j) => ((results[index] as RecordedReport).kept = views[j]));
    await keepAnswers(
      tx,
      keyed.map((index, j) => ({ request: reports[index].idempotency!, answer: views[j] })),
    );
  }
  for (const [index, first] of sameAs) {
    const answer = results[first];
    results[index] =
      answer instanceof Error ? answer : { repeated: 'repeated' in answer ? answer.repeated : answer.kept! };
  }
  return results;
}

/**
 * Writes reports in the caller's transaction and answers what happened to each, in order. Each report is
 * counted once: an incident reported n times in the batch has n more occurrences, or is created with n.
 * Every statement works on the whole batch, its rows in one order (incident id, or source and reference),
 * so that batches written at once on several instances wait for one another and never deadlock.
 */
async function writeReports(tx: Db, reports: Report[]): Promise<RecordedReport[]> {
  if (!reports.length) return [];
  // Before any incident is locked: a replacement of the rules holds this lock while it updates incidents.
  const ownership = await holdOwnership(tx);
  const byIncident = new Map<string, Reports>();
  reports.forEach(({ input }, i) => {
    const key = keyOf(input);
    const group = byIncident.get(key);
    if (group) group.items.push(i);
    else byIncident.set(key, { source: input.source, ref: input.externalReferenceId, items: [i] });
  });
  const outcomes: RecordedReport[] = new Array(reports.length);
  const entries: TimelineEntry[] = [];
  // The rows whose occurrences were counted here: a snooze waiting for one of them ends (snooze.ts).
  const counted: IncidentRow[] = [];
  // Each report of a group is answered as if the group's reports had been written one after another, in
  // the order they came: the i-th sees the count as of its own occurrence.
  const folded = (group: Reports, row: IncidentRow, first: ReportOutcome) => {
    const before = row.occurrenceCount - group.items.length;
    group.items.forEach((item, i) => {
      outcomes[item] = {
        row: { ...row, occurrenceCount: before + i + 1 },
        outcome: i === 0 ? first : 'OCCURRED_AGAIN',
      };
    });
  };

  // 1. Unresolved incidents with these references: their occurrences counted, in one UPDATE.
  const pending = [...byIncident.values()];
  for (const row of await countOccurrences(tx, pending)) {
    const group = byIncident.get(keyOf(row))!;
    byIncident.delete(keyOf(row));
    folded(group, row, 'OCCURRED_AGAIN');
    entries.push(occurredAgain(row, group.items.length, reports[group.items[0]].traceparent));
    counted.push(row);
  }

  // 2. Resolved ones: rare in a storm, so each of their reports is written as it would be alone (the first
  //    reopens the incident, the others count occurrences), in the same transaction.
  for (const group of await resolvedOnes(tx, [...byIncident.values()])) {
    byIncident.delete(keyOf({ source: group.source, externalReferenceId: group.ref }));
    for (const item of group.items)
      outcomes[item] = await recordReport(tx, reports[item].input, reports[item].traceparent);
  }

  // 3. None: created, each with as many occurrences as it had reports. A concurrent transaction may have
  //    created one meanwhile: the unique index then counts these occurrences on its row instead.
  const created = [...byIncident.values()];
  for (const row of await createIncidents(tx, created, reports)) {
    const group = byIncident.get(keyOf(row))!;
    const count = group.items.length;
    const traceparent = reports[group.items[0]].traceparent;
    // Created here iff it holds exactly these occurrences: a row met on the index had at least one before.
    if (row.occurrenceCount === count) {
      folded(group, row, 'CREATED');
      entries.push({
        incidentId: row.id,
        eventType: 'CREATED',
        message: `Reported: ${reports[group.items[0]].input.message}`,
        traceparent,
      });
      if (count > 1) entries.push(occurredAgain(row, count - 1, traceparent));
    } else {
      folded(group, row, 'OCCURRED_AGAIN');
      entries.push(occurredAgain(row, count, traceparent));
      counted.push(row);
    }
  }

  await addTimelineEntries(tx, entries);
  // The incidents created or reopened here get the owner the rules in force give them; those counted again
  // already have it (the rules' replacement decided them again).
  const owners = await decideOwners(
    tx,
    ownership,
    outcomes.filter((o) => o.outcome !== 'OCCURRED_AGAIN').map((o) => o.row),
  );
  if (owners.size) outcomes.forEach((o, i) => (outcomes[i] = { ...o, row: withOwner(o.row, owners) }));
  // After the occurrences' entries, which are held: the snooze's end is what is notified.
  const woke = await endSnoozesAtOccurrence(tx, counted);
  if (!woke.size) return outcomes;
  // Each report is answered as of its own occurrence: those before the one that reached the snooze's count
  // still see it snoozed, that one and those after it awake.
  const awake = ({ row }: RecordedReport) =>
    woke.has(row.id) && row.occurrenceCount >= (row.snoozedUntilOccurrence ?? Infinity);
  return outcomes.map((o) => (o && awake(o) ? { ...o, row: unsnoozed(o.row) } : o));
}

interface TimelineEntry {
  incidentId: number;
  eventType: 'CREATED' | 'OCCURRED_AGAIN';
  message: string;
  traceparent?: string;
}

/** One entry for `count` occurrences folded together; one occurrence reads as it always has. */
function occurredAgain(row: IncidentRow, count: number, traceparent?: string): TimelineEntry {
  return {
    incidentId: row.id,
    eventType: 'OCCURRED_AGAIN',
    message: occurredAgainMessage(count, row.occurrenceCount),
    traceparent,
  };
}

/**
 * The batch's values travel as one JSON parameter read by jsonb_to_recordset, so that each statement's text
 * is the same whatever the batch's size (postgres.js prepares each text once per connection).
 */
const json = (values: unknown[]) => sql`${JSON.stringify(values)}::jsonb`;

/** The rows of these ids, mapped as every other read of incidents is. */
async function incidentsWithIds(tx: Db, ids: number[]): Promise<IncidentRow[]> {
  if (!ids.length) return [];
  return tx
    .select()
    .from(incidents)
    .where(sql`${incidents.id} in (select (jsonb_array_elements_text(${json(ids)}))::bigint)`);
}

/** Step 1: the occurrences of unresolved incidents counted, their rows locked in id order first. */
async function countOccurrences(tx: Db, groups: Reports[]): Promise<IncidentRow[]> {
  if (!groups.length) return [];
  const values = groups.map((g) => ({ source: g.source, ref: g.ref, n: g.items.length }));
  // eslint-disable-next-line drizzle/enforce-update-with-where -- its where follows the from below
  return tx
    .update(incidents)
    .set({
      occurrenceCount: sql`${incidents.occurrenceCount} + locked.n`,
      lastOccurredAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .from(
      sql`(
        select i.id, f.n
        from jsonb_to_recordset(${json(values)}) as f(source incident_source, ref text, n int)
        join incidents i on i.source = f.source and i.external_reference_id = f.ref and i.status <> 'RESOLVED'
        order by i.id
        for update of i
      ) as locked`,
    )
    .where(sql`${incidents.id} = locked.id`)
    .returning();
}

/** Step 2: of the references left, those that have only resolved incidents. */
async function resolvedOnes(tx: Db, groups: Reports[]): Promise<Reports[]> {
  if (!groups.length) return [];
  const values = groups.map((g) => ({ source: g.source, ref: g.ref }));
  const result = await tx.execute(sql`
    select distinct f.source, f.ref
    from jsonb_to_recordset(${json(values)}) as f(source incident_source, ref text)
    join incidents i on i.source = f.source and i.external_reference_id = f.ref and i.status = 'RESOLVED'`);
  const resolved = new Set(
    rowsOf<{ source: string; ref: string }>(result).map((r) => `${r.source}\n${r.ref}`),
  );
  return groups.filter((g) => resolved.has(`${g.source}\n${g.ref}`));
}

/** Step 3: one INSERT for the new incidents, in (source, reference) order; a twin met on the index counts. */
async function createIncidents(tx: Db, groups: Reports[], reports: Report[]): Promise<IncidentRow[]> {
  if (!groups.length) return [];
  const values = groups.map((g) => {
    const input = reports[g.items[0]].input;
    return {
      pid: input.processInstanceId,
      node: input.nodeId,
      severity: input.severity,
      source: input.source,
      message: input.message,
      details: input.technicalDetails ?? '',
      ref: input.externalReferenceId,
      definition: input.processDefinition ?? null,
      // The worker request a WORKER incident's reference names, if it exists (report-incident.ts).
      request: input.source === 'WORKER' ? workerRequestIdOf(input.externalReferenceId) : null,
      n: g.items.length,
    };
  });
  const result = await tx.execute(sql`
    insert into incidents (process_instance_id, node_id, severity, source, message, technical_details,
                           external_reference_id, worker_request_id, occurrence_count, process_definition)
    select f.pid, f.node, f.severity, f.source, f.message, f.details, f.ref,
           (select w.id from worker_requests w where w.id = f.request), f.n, f.definition
    from jsonb_to_recordset(${json(values)}) as f(pid bigint, node text, severity incident_severity,
      source incident_source, message text, details text, ref text, request bigint, n int, definition text)
    order by f.source, f.ref
    on conflict (source, external_reference_id) where status <> 'RESOLVED'
    do update set occurrence_count = incidents.occurrence_count + excluded.occurrence_count,
                  last_occurred_at = now(), updated_at = now()
    returning incidents.id`);
  return incidentsWithIds(tx, idsOf(result));
}

async function addTimelineEntries(tx: Db, entries: TimelineEntry[]): Promise<void> {
  if (!entries.length) return;
  const values = entries.map((e) => ({
    incident: e.incidentId,
    type: e.eventType,
    message: e.message,
    traceparent: e.traceparent ?? null,
  }));
  await tx.execute(sql`
    insert into incident_events (incident_id, event_type, message, actor, traceparent)
    select f.incident, f.type, f.message, null, f.traceparent
    from jsonb_to_recordset(${json(values)}) as f(incident bigint, type incident_event_type, message text,
      traceparent text)`);
}

function idsOf(result: unknown): number[] {
  return rowsOf<{ id: number | string }>(result).map((r) => Number(r.id));
}
