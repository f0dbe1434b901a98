// Snoozes (docs/contract.md §6, "Snooze"): an incident kept quiet until a time, until it has occurred N more
// times, or whichever comes first. It stays on the board and in the stream, marked; what the system writes on
// its timeline meanwhile (occurrences, retry outcomes) is held from notifications (the trigger
// incident_events_held), and its end is one entry, SNOOZE_ENDED, which is notified.
//
// A snooze ends at its occurrence in the transaction that counts it (reports call endSnoozesAtOccurrence, after
// the occurrence's own entry, which is held), and at its time by the clock every instance runs
// (startSnoozeClock): each end is one conditional UPDATE of rows locked SKIP LOCKED, so however many
// instances look, a snooze ends once.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../../../db/client';
import { incidentEvents, type IncidentRow } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { fieldError } from '../../errors';
import { SNOOZE_MAX_DAYS, type IncidentView } from '../../schemas/incidents';
import { formatLocalDateTime } from '../../time';
import { startClock, type Clock } from '../clock';
import { incidentView } from './incident-view';
import { applyTransition, NOT_SNOOZED, TRANSITIONS } from './transitions';

export interface SnoozeInput {
  id: number;
  /** Local date-time (docs/contract.md §2), in the future and at most SNOOZE_MAX_DAYS ahead. */
  until?: string;
  occurrences?: number;
}

export async function snoozeIncident(
  db: Db,
  { id, until, occurrences }: SnoozeInput,
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  const end = { until: until === undefined ? undefined : snoozeTime(until), occurrences };
  return incidentView(
    db,
    await applyTransition(db, id, TRANSITIONS.snooze(actor.username, end), traceparent),
  );
}

/** Ends a snooze early: 409 when the incident is not snoozed. */
export async function wakeIncident(
  db: Db,
  { id }: { id: number },
  actor: Principal,
  traceparent?: string,
): Promise<IncidentView> {
  return incidentView(db, await applyTransition(db, id, TRANSITIONS.wake(actor.username), traceparent));
}

function snoozeTime(value: string): Date {
  const until = new Date(value);
  if (until.getTime() <= Date.now()) throw fieldError('until', 'must be in the future');
  if (until.getTime() > Date.now() + SNOOZE_MAX_DAYS * 86_400_000)
    throw fieldError('until', `must be at most ${SNOOZE_MAX_DAYS} days ahead`);
  return until;
}

/** Snoozes ended by one statement at most: the clock's next tick takes the rest. */
const END_BATCH = 500;

interface EndedSnooze {
  id: number;
  snoozedBy: string;
  snoozedUntil: Date | null;
  occurrenceCount: number;
}

/**
 * Ends the snoozes of the incidents `which` selects among the snoozed, skipping rows another transaction
 * holds (its own end, or a report that will end it), each with its SNOOZE_ENDED entry (by the system).
 */
async function endSnoozes(tx: Db, which: SQL, why: (ended: EndedSnooze) => string): Promise<Set<number>> {
  const ended = rowsOf<{
    id: number | string;
    snoozed_by: string;
    snoozed_until: Date | string | null;
    occurrence_count: number;
  }>(
    await tx.execute(sql`
      with due as (
        select id, snoozed_by, snoozed_until from incidents
        where snoozed_at is not null and ${which}
        order by id
        limit ${END_BATCH}
        for update skip locked
      )
      update incidents i
      set snoozed_at = null, snoozed_by = null, snoozed_until = null, snoozed_until_occurrence = null,
          updated_at = now()
      from due
      where i.id = due.id
      returning i.id, due.snoozed_by, due.snoozed_until, i.occurrence_count`),
  ).map((r) => ({
    id: Number(r.id),
    snoozedBy: r.snoozed_by,
    snoozedUntil: r.snoozed_until === null ? null : new Date(r.snoozed_until),
    occurrenceCount: r.occurrence_count,
  }));
  if (!ended.length) return new Set();
  await tx.insert(incidentEvents).values(
    ended.map((e) => ({
      incidentId: e.id,
      eventType: 'SNOOZE_ENDED' as const,
      message: why(e),
      actor: null,
    })),
  );
  return new Set(ended.map((e) => e.id));
}

/** A row as it is once its snooze ended. */
export const unsnoozed = (row: IncidentRow): IncidentRow => ({ ...row, ...NOT_SNOOZED });

/**
 * In a report's transaction, after its occurrences and their (held) entries are written: ends the snoozes of
 * the incidents among `rows` that reached the occurrence they waited for, and answers their ids (their rows
 * are then as `unsnoozed` makes them).
 */
export async function endSnoozesAtOccurrence(tx: Db, rows: IncidentRow[]): Promise<Set<number>> {
  const reached = rows
    .filter((r) => r.snoozedUntilOccurrence !== null && r.occurrenceCount >= r.snoozedUntilOccurrence)
    .map((r) => r.id);
  if (!reached.length) return new Set();
  return endSnoozes(
    tx,
    sql`id in (select (jsonb_array_elements_text(${JSON.stringify(reached)}::jsonb))::bigint)
        and occurrence_count >= snoozed_until_occurrence`,
    (e) =>
      `Snooze ended: it occurred again while snoozed by ${e.snoozedBy} (${e.occurrenceCount} times in all)`,
  );
}

/** Ends the snoozes whose time has come; answers how many it ended. */
export async function endDueSnoozes(db: Db): Promise<number> {
  const ended = await db.transaction((tx) =>
    endSnoozes(
      tx,
      sql`snoozed_until <= now()`,
      (e) => `Snooze ended: ${e.snoozedBy}'s snooze until ${formatLocalDateTime(e.snoozedUntil!)} is over`,
    ),
  );
  return ended.size;
}

/** Ends due snoozes every `intervalMs` (one indexed look when none is due). */
export const startSnoozeClock = (database: Database, { intervalMs = 1_000 } = {}): Clock =>
  startClock('ending due snoozes', intervalMs, () => endDueSnoozes(database.db));
