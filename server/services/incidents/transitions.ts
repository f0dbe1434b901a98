// The incident lifecycle: every change of an incident's status is a row of TRANSITIONS, applied by
// applyTransition as one conditional UPDATE plus its timeline entry in one transaction, so of N concurrent
// identical requests exactly one applies. Creating an incident (report-incident.ts) is the only other
// writer of `status`, and it writes the column's default, OPEN.
import { and, eq, inArray, SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, type IncidentRow } from '../../../db/schema';
import {
  INCIDENT_STATUSES,
  type IncidentEventType,
  type IncidentStatus,
  type ResolutionAction,
} from '../../../domain/incidents';
import { invalidState, notFound } from '../../errors';
import { formatLocalDateTime } from '../../time';
import { countTransition } from '../../observability/metrics';
import type { Principal } from '../../auth/principal';

type IncidentChanges = Partial<{
  [K in keyof typeof incidents.$inferInsert]: (typeof incidents.$inferInsert)[K] | SQL;
}>;

export interface Transition {
  /** For the 409's words: "acknowledged", "unacknowledged", "resolved", "reopened". */
  verb: string;
  from: IncidentStatus[];
  set: IncidentChanges;
  event: IncidentEventType;
  message: string;
  /** The acting user's name; null for what the system does. */
  actor: string | null;
  /**
   * When the incident is in none of `from`: refuse (404 or 409, nothing changed; the default), record the
   * event and leave the status as it is (what the system observes happens whatever the status), or skip.
   */
  otherwise?: 'refuse' | 'record' | 'skip';
  /** Counted in bpm_incident_transitions_total: what users ask for, not what the system does. */
  counted: boolean;
  /**
   * What the incident must be besides its status, and the 409's words when it is not ("is not snoozed"):
   * part of the one conditional UPDATE, as the status is.
   */
  requires?: { condition: SQL; refusal: string };
}

/** What a transition writes: its own fields, and the time of the change. */
const updateOf = (set: IncidentChanges) => ({ ...set, updatedAt: sql`now()` });

export interface ResolveInput {
  resolvedBy: string;
  resolutionNote?: string;
  resolutionAction?: ResolutionAction;
}

/** Back to OPEN with the acknowledgement and resolution cleared (the demo data's reopen too). */
export const REOPENED_FIELDS: IncidentChanges = {
  status: 'OPEN',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
  resolutionAction: null,
};

/** No snooze: what ending one writes, and what resolving an incident does to one. */
export const NOT_SNOOZED = {
  snoozedAt: null,
  snoozedBy: null,
  snoozedUntil: null,
  snoozedUntilOccurrence: null,
} as const satisfies Partial<IncidentRow>;

/** How a snooze ends by itself: at a time, after more occurrences, or whichever comes first. */
export interface SnoozeEnd {
  until?: Date;
  occurrences?: number;
}

/** "until 2026-11-29T18:00:00", "until it occurs 5 more times", or both with "or". */
export function snoozeEndInWords({ until, occurrences }: SnoozeEnd): string {
  const parts = [
    ...(until ? [`until ${formatLocalDateTime(until)}`] : []),
    ...(occurrences ? [`until it occurs ${occurrences} more time${occurrences === 1 ? '' : 's'}`] : []),
  ];
  return parts.join(' or ') + (parts.length > 1 ? ', whichever comes first' : '');
}

/** One more occurrence of an incident reported again. */
export const OCCURRENCE: IncidentChanges = {
  occurrenceCount: sql`${incidents.occurrenceCount} + 1`,
  lastOccurredAt: sql`now()`,
  updatedAt: sql`now()`,
};

export const TRANSITIONS = {
  acknowledge: (actor: string): Transition => ({
    verb: 'acknowledged',
    from: ['OPEN'],
    set: { status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: actor },
    event: 'ACKNOWLEDGED',
    message: `Acknowledged by ${actor}`,
    actor,
    counted: true,
  }),

  /** The responder takes the acknowledgement back (it was the wrong incident, or they cannot work on it). */
  unacknowledge: (actor: string): Transition => ({
    verb: 'unacknowledged',
    from: ['ACKNOWLEDGED'],
    set: { status: 'OPEN', acknowledgedAt: null, acknowledgedBy: null },
    event: 'UNACKNOWLEDGED',
    message: `Unacknowledged by ${actor}`,
    actor,
    counted: true,
  }),

  resolve: (input: ResolveInput): Transition => ({
    verb: 'resolved',
    from: ['OPEN', 'ACKNOWLEDGED'],
    set: {
      status: 'RESOLVED',
      resolvedAt: sql`now()`,
      resolvedBy: input.resolvedBy,
      resolutionNote: input.resolutionNote ?? null,
      resolutionAction: input.resolutionAction ?? null,
      // Resolved, it has nothing left to wake for: its RESOLVED entry says the rest.
      ...NOT_SNOOZED,
    },
    event: 'RESOLVED',
    message:
      `Resolved by ${input.resolvedBy}` +
      (input.resolutionAction ? ` (${input.resolutionAction})` : '') +
      (input.resolutionNote ? `: ${input.resolutionNote}` : ''),
    actor: input.resolvedBy,
    counted: true,
  }),

  reopen: (actor: string): Transition => ({
    verb: 'reopened',
    from: ['RESOLVED'],
    set: REOPENED_FIELDS,
    event: 'REOPENED',
    message: `Reopened by ${actor}`,
    actor,
    counted: true,
  }),

  /**
   * Quiet until a time or more occurrences (snooze.ts): what the system writes meanwhile is not notified
   * (incident_events.held). A snooze set again replaces the one before.
   */
  snooze: (actor: string, end: SnoozeEnd): Transition => ({
    verb: 'snoozed',
    from: ['OPEN', 'ACKNOWLEDGED'],
    set: {
      snoozedAt: sql`now()`,
      snoozedBy: actor,
      snoozedUntil: end.until ?? null,
      snoozedUntilOccurrence: end.occurrences ? sql`${incidents.occurrenceCount} + ${end.occurrences}` : null,
    },
    event: 'SNOOZED',
    message: `Snoozed by ${actor} ${snoozeEndInWords(end)}`,
    actor,
    counted: true,
  }),

  /** A snooze ended early by a person. */
  wake: (actor: string): Transition => ({
    verb: 'woken',
    from: ['OPEN', 'ACKNOWLEDGED'],
    set: NOT_SNOOZED,
    event: 'SNOOZE_ENDED',
    message: `Snooze ended by ${actor}`,
    actor,
    counted: true,
    requires: { condition: sql`${incidents.snoozedAt} is not null`, refusal: 'is not snoozed' },
  }),

  /** A note on the timeline: allowed whatever the status, which it leaves as it is. */
  note: (actor: string, text: string): Transition => ({
    verb: 'noted',
    from: [...INCIDENT_STATUSES],
    set: {},
    event: 'NOTE_ADDED',
    message: text,
    actor,
    counted: true,
  }),

  /** A resolved incident reported again (report-incident.ts): reopened, its occurrence counted. */
  recur: (): Transition => ({
    verb: 'reopened',
    from: ['RESOLVED'],
    set: { ...REOPENED_FIELDS, ...OCCURRENCE },
    event: 'REOPENED',
    message: 'Reopened: it occurred again after it was resolved',
    actor: null,
    otherwise: 'skip',
    counted: false,
  }),

  /** The retried service task completed: resolved as RETRIED_SUCCESSFULLY by whoever asked for the retry. */
  retrySucceeded: (requestedBy: string): Transition =>
    TRANSITIONS.resolve({ resolvedBy: requestedBy, resolutionAction: 'RETRIED_SUCCESSFULLY' }),

  /**
   * The retried service task failed for good: back to OPEN if it was acknowledged (someone must look at it
   * again), recorded whatever the status. The worker's failure is then reported, counting an occurrence.
   */
  retryFailed: (): Transition => ({
    verb: 'reopened',
    from: ['ACKNOWLEDGED'],
    set: { status: 'OPEN', acknowledgedAt: null, acknowledgedBy: null },
    event: 'RETRY_FAILED',
    message: 'The retried service task failed again',
    actor: null,
    otherwise: 'record',
    counted: false,
  }),
} satisfies Record<string, (...args: never[]) => Transition>;

/**
 * Applies a transition to one incident: the updated row, or NotFound / InvalidState with nothing changed.
 * `traceparent`, the trace context of the request that asks (lib/request-context.ts), is kept with its
 * timeline entry, and the notifications it causes carry it.
 */
export async function applyTransition(
  db: Db,
  id: number,
  t: Transition,
  traceparent?: string,
): Promise<IncidentRow> {
  if (t.otherwise) throw new Error(`Transition ${t.event} does not refuse: apply it with tryTransition`);
  return (await transition(db, id, t, traceparent))!;
}

/**
 * Applies a transition that does not refuse (its `otherwise` says what happens instead) to the incident
 * `target` names, its id or a query for it: the updated row, or none.
 */
export async function tryTransition(
  db: Db,
  target: number | SQL,
  t: Transition,
  traceparent?: string,
): Promise<IncidentRow | undefined> {
  return transition(db, target, t, traceparent);
}

async function transition(
  db: Db,
  target: number | SQL,
  t: Transition,
  traceparent: string | undefined,
): Promise<IncidentRow | undefined> {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(incidents)
      .set(updateOf(t.set))
      .where(and(eq(incidents.id, target), inArray(incidents.status, t.from), t.requires?.condition))
      .returning();
    if (row) {
      await recordEvent(tx, row.id, t, traceparent);
      return row;
    }
    if (t.otherwise === 'skip') return undefined;
    if (typeof target !== 'number') throw new Error(`Transition ${t.event} needs an incident id`);
    if (t.otherwise === 'record') {
      await recordEvent(tx, target, t, traceparent);
      return undefined;
    }
    const [current] = await tx
      .select({ status: incidents.status })
      .from(incidents)
      .where(eq(incidents.id, target));
    if (!current) throw notFound('Incident', target);
    if (t.requires && t.from.includes(current.status))
      throw invalidState(`Incident ${target} ${t.requires.refusal}`);
    throw invalidState(
      `Incident ${target} is ${current.status}; only ${t.from.join(' or ')} incidents can be ${t.verb}`,
    );
  });
  if (row && t.counted) countTransition(t.event);
  return row;
}

/** Writes a timeline entry; `traceparent`: the trace context of the request that caused it. */
export async function recordEvent(
  tx: Db,
  incidentId: number,
  t: Pick<Transition, 'event' | 'message' | 'actor'>,
  traceparent?: string,
) {
  await tx.insert(incidentEvents).values({
    incidentId,
    eventType: t.event,
    message: t.message,
    actor: t.actor,
    traceparent: traceparent ?? null,
  });
}

/** Who acts: the name a request gives (acknowledgedBy, resolvedBy, requestedBy), else the actor's own. */
export const actingAs = (actor: Principal, named: string | undefined) => named ?? actor.username;
