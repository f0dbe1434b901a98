// The incident lifecycle (contract section 6): each transition is one conditional UPDATE plus its timeline
// entry in one transaction, so of N concurrent identical requests exactly one applies.
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidentEvents, incidents, type IncidentRow } from '../../../db/schema';
import { DomainError, invalidState, notFound } from '../../errors';
import { countTransition } from '../../metrics';
import type { Principal } from '../../auth/principal';
import type { IncidentView } from '../../schemas/incidents';
import { toIncidentView } from './incident-view';

type Status = IncidentRow['status'];
type EventType = (typeof incidentEvents.$inferInsert)['eventType'];
type ResolutionAction = NonNullable<IncidentRow['resolutionAction']>;
type IncidentChanges = Partial<{
  [K in keyof typeof incidents.$inferInsert]: (typeof incidents.$inferInsert)[K] | SQL;
}>;

interface Transition {
  /** For the 409's words: "acknowledged", "resolved", "reopened". */
  verb: string;
  from: Status[];
  set: IncidentChanges;
  event: EventType;
  message: string;
  actor: string | null;
}

/** Applies a transition to one incident: the updated row, or NotFound / InvalidState with nothing changed. */
async function applyTransition(db: Db, id: number, t: Transition): Promise<IncidentRow> {
  const row = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(incidents)
      .set({ ...t.set, updatedAt: sql`now()` })
      .where(and(eq(incidents.id, id), inArray(incidents.status, t.from)))
      .returning();
    if (!row) {
      const [current] = await tx
        .select({ status: incidents.status })
        .from(incidents)
        .where(eq(incidents.id, id));
      if (!current) throw notFound('Incident', id);
      throw invalidState(
        `Incident ${id} is ${current.status}; only ${t.from.join(' or ')} incidents can be ${t.verb}`,
      );
    }
    await tx
      .insert(incidentEvents)
      .values({ incidentId: id, eventType: t.event, message: t.message, actor: t.actor });
    return row;
  });
  countTransition(t.event);
  return row;
}

const acknowledgeTransition = (actor: string): Transition => ({
  verb: 'acknowledged',
  from: ['OPEN'],
  set: { status: 'ACKNOWLEDGED', acknowledgedAt: sql`now()`, acknowledgedBy: actor },
  event: 'ACKNOWLEDGED',
  message: `Acknowledged by ${actor}`,
  actor,
});

export interface ResolveInput {
  resolvedBy: string;
  resolutionNote?: string;
  resolutionAction?: ResolutionAction;
}

const resolveTransition = (input: ResolveInput): Transition => ({
  verb: 'resolved',
  from: ['OPEN', 'ACKNOWLEDGED'],
  set: {
    status: 'RESOLVED',
    resolvedAt: sql`now()`,
    resolvedBy: input.resolvedBy,
    resolutionNote: input.resolutionNote ?? null,
    resolutionAction: input.resolutionAction ?? null,
  },
  event: 'RESOLVED',
  message:
    `Resolved by ${input.resolvedBy}` +
    (input.resolutionAction ? ` (${input.resolutionAction})` : '') +
    (input.resolutionNote ? `: ${input.resolutionNote}` : ''),
  actor: input.resolvedBy,
});

/** Back to OPEN with the acknowledgement and resolution cleared. */
export const REOPENED_FIELDS: IncidentChanges = {
  status: 'OPEN',
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  resolutionNote: null,
  resolutionAction: null,
};

const reopenTransition = (actor: string): Transition => ({
  verb: 'reopened',
  from: ['RESOLVED'],
  set: REOPENED_FIELDS,
  event: 'REOPENED',
  message: `Reopened by ${actor}`,
  actor,
});

/** Who acts: the name a request gives (acknowledgedBy, resolvedBy, requestedBy), else the caller (contract 6). */
export const actingAs = (caller: Principal, named: string | undefined) => named ?? caller.username;

type ResolveRequest = Omit<ResolveInput, 'resolvedBy'> & { resolvedBy?: string };
const resolveAs = (caller: Principal, { resolvedBy, ...rest }: ResolveRequest): ResolveInput => ({
  ...rest,
  resolvedBy: actingAs(caller, resolvedBy),
});

export async function acknowledgeIncident(
  db: Db,
  id: number,
  caller: Principal,
  acknowledgedBy?: string,
): Promise<IncidentView> {
  return toIncidentView(
    await applyTransition(db, id, acknowledgeTransition(actingAs(caller, acknowledgedBy))),
  );
}

export async function resolveIncident(
  db: Db,
  id: number,
  caller: Principal,
  input: ResolveRequest,
): Promise<IncidentView> {
  return toIncidentView(await applyTransition(db, id, resolveTransition(resolveAs(caller, input))));
}

export async function reopenIncident(db: Db, id: number, caller: Principal): Promise<IncidentView> {
  return toIncidentView(await applyTransition(db, id, reopenTransition(caller.username)));
}

/** The retried service task completed: the incident resolves itself as RETRIED_SUCCESSFULLY. */
export async function resolveAfterRetry(db: Db, id: number, requestedBy: string): Promise<void> {
  await db.insert(incidentEvents).values({
    incidentId: id,
    eventType: 'RETRY_SUCCEEDED',
    message: 'The retried service task completed',
    actor: null,
  });
  await applyTransition(
    db,
    id,
    resolveTransition({ resolvedBy: requestedBy, resolutionAction: 'RETRIED_SUCCESSFULLY' }),
  );
}

export type BulkOutcome = {
  id: number;
  outcome: 'APPLIED' | 'SKIPPED' | 'NOT_FOUND';
  /** Why it was skipped: the error code (INVALID_STATE, NOT_RETRYABLE) and its words. */
  reason?: string;
  detail?: string;
};

/** Applies `action` to each id on its own (each atomic); answers every id in the order given. */
export async function forEachIncident(
  ids: number[],
  action: (id: number) => Promise<unknown>,
): Promise<{ results: BulkOutcome[] }> {
  const results: BulkOutcome[] = [];
  for (const id of ids) {
    try {
      await action(id);
      results.push({ id, outcome: 'APPLIED' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push(
        error.kind === 'NOT_FOUND'
          ? { id, outcome: 'NOT_FOUND' }
          : { id, outcome: 'SKIPPED', reason: error.kind, detail: error.message },
      );
    }
  }
  return { results };
}

export const bulkAcknowledge = (db: Db, ids: number[], caller: Principal, acknowledgedBy?: string) =>
  forEachIncident(ids, (id) =>
    applyTransition(db, id, acknowledgeTransition(actingAs(caller, acknowledgedBy))),
  );
export const bulkResolve = (db: Db, ids: number[], caller: Principal, input: ResolveRequest) =>
  forEachIncident(ids, (id) => applyTransition(db, id, resolveTransition(resolveAs(caller, input))));
