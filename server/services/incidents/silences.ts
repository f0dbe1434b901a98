// Silences (docs/contract.md §6, "Silences"): matchers and a time window. The incidents a silence in effect
// matches are recorded and shown as usual, with silencedBy; what the system writes on their timelines meanwhile
// is held from notifications (the trigger incident_events_held, for every writer), and when the silence ends,
// early by a person or at its time by the clock every instance runs, each subscription gets one summary of what
// it held (server/services/notifications/silence-summary.ts), in the transaction that ends it.
//
// An end is one conditional UPDATE of the silence's row (`ended_at is null`): of two at once, one ends it and
// the other finds it ended. The trigger share-locks the row of the silence it holds an entry under, so the
// UPDATE waits for those transactions and the summary written after it counts their entries.
import { and, desc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Database, type Db } from '../../../db/client';
import { incidentEvents, silences, type SilenceRow } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { fieldError, invalidState, notFound } from '../../errors';
import { toPage } from '../../schemas/common';
import {
  SILENCE_MAX_DAYS,
  SILENCE_STATES,
  type CreateSilenceInput,
  type SilenceMatchersInput,
  type SilenceView,
} from '../../schemas/silences';
import { formatLocalDateTime as at, formatNullable as atOrNull } from '../../time';
import { recordAudit } from '../admin/audit';
import type { NotificationSettings } from '../notifications/settings';
import { summarizeSilence } from '../notifications/silence-summary';
import { startClock, type Clock } from '../clock';
import { silenceMade } from './silence-presence';

type SilenceState = (typeof SILENCE_STATES)[number];

const DAY_MS = 86_400_000;

function stateOf(row: SilenceRow, now: Date): SilenceState {
  if (row.endedAt !== null || row.endsAt <= now) return 'ENDED';
  return row.startsAt > now ? 'SCHEDULED' : 'ACTIVE';
}

function toView(row: SilenceRow, heldEvents: number, now: Date): SilenceView {
  return {
    id: row.id,
    name: row.name,
    comment: row.comment,
    source: row.source,
    nodeId: row.nodeId,
    groupKey: row.groupKey,
    severities: row.severities,
    messageText: row.messageText,
    startsAt: at(row.startsAt),
    endsAt: at(row.endsAt),
    endedAt: atOrNull(row.endedAt),
    endedBy: row.endedBy,
    state: stateOf(row, now),
    createdBy: row.createdBy,
    createdAt: at(row.createdAt),
    heldEvents,
  };
}

/** The entries each of these silences held, by silence id. */
async function heldCounts(db: Db, ids: number[]): Promise<Map<number, number>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({ id: incidentEvents.silenceId, held: sql<string | number>`count(*)` })
    .from(incidentEvents)
    .where(inArray(incidentEvents.silenceId, ids))
    .groupBy(incidentEvents.silenceId);
  return new Map(rows.map((r) => [r.id!, Number(r.held)]));
}

async function viewsOf(db: Db, rows: SilenceRow[]): Promise<SilenceView[]> {
  const held = await heldCounts(
    db,
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((r) => toView(r, held.get(r.id) ?? 0, now));
}

/** What the audit keeps of a silence. */
const audited = (row: SilenceRow) => ({
  name: row.name,
  source: row.source,
  nodeId: row.nodeId,
  groupKey: row.groupKey,
  severities: row.severities,
  messageText: row.messageText,
  startsAt: at(row.startsAt),
  endsAt: at(row.endsAt),
  endedAt: atOrNull(row.endedAt),
});

export async function createSilence(
  db: Db,
  input: CreateSilenceInput,
  actor: Principal,
): Promise<SilenceView> {
  const now = Date.now();
  // A start in the past is now: a silence holds nothing already written.
  const startsAt = new Date(Math.max(now, input.startsAt ? new Date(input.startsAt).getTime() : now));
  const endsAt = new Date(input.endsAt);
  if (startsAt.getTime() > now + SILENCE_MAX_DAYS * DAY_MS)
    throw fieldError('startsAt', `must be at most ${SILENCE_MAX_DAYS} days ahead`);
  if (endsAt.getTime() <= now) throw fieldError('endsAt', 'must be in the future');
  if (endsAt <= startsAt) throw fieldError('endsAt', 'must be after startsAt');
  if (endsAt.getTime() > startsAt.getTime() + SILENCE_MAX_DAYS * DAY_MS)
    throw fieldError('endsAt', `must be at most ${SILENCE_MAX_DAYS} days after startsAt`);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(silences)
      .values({
        name: input.name,
        comment: input.comment ?? '',
        source: input.source ?? null,
        nodeId: input.nodeId ?? null,
        groupKey: input.groupKey ?? null,
        severities: input.severities ?? null,
        messageText: input.messageText ?? null,
        startsAt,
        endsAt,
        createdBy: actor.username,
      })
      .returning();
    await recordAudit(tx, {
      actor: actor.username,
      action: 'silence.create',
      targetType: 'silence',
      targetId: created.id,
      after: audited(created),
    });
    return created;
  });
  silenceMade(db);
  return toView(row, 0, new Date());
}

export async function getSilence(db: Db, { id }: { id: number }): Promise<SilenceView> {
  const [row] = await db.select().from(silences).where(eq(silences.id, id));
  if (!row) throw notFound('Silence', id);
  return (await viewsOf(db, [row]))[0];
}

const STATE_FILTER: Record<SilenceState, SQL> = {
  SCHEDULED: sql`(${silences.endedAt} is null and ${silences.startsAt} > now() and ${silences.endsAt} > now())`,
  ACTIVE: sql`(${silences.endedAt} is null and ${silences.startsAt} <= now() and ${silences.endsAt} > now())`,
  ENDED: sql`(${silences.endedAt} is not null or ${silences.endsAt} <= now())`,
};

/** Silences, newest first; `state` keeps those in any of the states given. */
export async function listSilences(db: Db, query: { page: number; size: number; state?: SilenceState[] }) {
  const where = query.state?.length ? or(...query.state.map((s) => STATE_FILTER[s])) : undefined;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(silences)
      .where(where)
      .orderBy(desc(silences.createdAt), desc(silences.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db
      .select({ total: sql<string | number>`count(*)` })
      .from(silences)
      .where(where),
  ]);
  return toPage(await viewsOf(db, rows), query.page, query.size, Number(total));
}

/** How many unresolved incidents these matchers match now: the database's rule, silence_matches. */
export async function previewSilence(db: Db, m: SilenceMatchersInput): Promise<{ matching: number }> {
  const severities = m.severities ? sql`${`{${m.severities.join(',')}}`}::incident_severity[]` : sql`null`;
  const [row] = rowsOf<{ matching: string | number }>(
    await db.execute(sql`
      select count(*) as matching from incidents i
      where i.status <> 'RESOLVED'
        and silence_matches(${m.source ?? null}::incident_source, ${m.nodeId ?? null}::text,
          ${m.groupKey ?? null}::text, ${severities}, ${m.messageText ?? null}::text, i)`),
  );
  return { matching: Number(row.matching) };
}

/**
 * Ends a silence now: 409 INVALID_STATE when it has ended (early, or its time is over). Its summaries are
 * written in the same transaction.
 */
export async function endSilence(
  db: Db,
  { id }: { id: number },
  actor: Principal,
  settings: Pick<NotificationSettings, 'publicUrl'>,
): Promise<SilenceView> {
  const row = await db.transaction(async (tx) => {
    // The row lock first: it waits for every report that holds an entry under the silence (they share-lock
    // its row, incident_events_held), and keeps out those that come after. The end's instant is then read
    // from the clock, not the transaction's start: every entry held under the silence was written before it.
    await tx.select({ id: silences.id }).from(silences).where(eq(silences.id, id)).for('update');
    const [ended] = await tx
      .update(silences)
      .set({ endedAt: sql`clock_timestamp()`, endedBy: actor.username })
      .where(and(eq(silences.id, id), isNull(silences.endedAt), gt(silences.endsAt, sql`now()`)))
      .returning();
    if (!ended) {
      const [found] = await tx.select({ id: silences.id }).from(silences).where(eq(silences.id, id));
      if (!found) throw notFound('Silence', id);
      throw invalidState('The silence has ended already');
    }
    await summarizeSilence(tx, ended, settings.publicUrl);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'silence.end',
      targetType: 'silence',
      targetId: ended.id,
      after: audited(ended),
    });
    return ended;
  });
  return (await viewsOf(db, [row]))[0];
}

/** Silences the clock ends at one tick at most: the next tick takes the rest. */
const END_BATCH = 50;

/**
 * Ends the silences whose time has come, each at its endsAt, with its summaries: one transaction each, so that
 * the clock holds one silence's row at a time (a report holding entries under two silences and the clock
 * ending both could otherwise wait for each other). Two instances' clocks at once: the second's UPDATE waits
 * for the first's and then finds the silence ended.
 */
export async function endDueSilences(
  db: Db,
  settings: Pick<NotificationSettings, 'publicUrl'>,
): Promise<number> {
  const due = await db
    .select({ id: silences.id })
    .from(silences)
    .where(and(isNull(silences.endedAt), lte(silences.endsAt, sql`now()`)))
    .orderBy(silences.id)
    .limit(END_BATCH);
  let ended = 0;
  for (const { id } of due) {
    ended += await db.transaction(async (tx) => {
      const [row] = await tx
        .update(silences)
        .set({ endedAt: silences.endsAt })
        .where(and(eq(silences.id, id), isNull(silences.endedAt), lte(silences.endsAt, sql`now()`)))
        .returning();
      if (!row) return 0;
      await summarizeSilence(tx, row, settings.publicUrl);
      return 1;
    });
  }
  return ended;
}

/** Ends due silences every `intervalMs`, with their summaries. */
export const startSilenceClock = (
  database: Database,
  settings: Pick<NotificationSettings, 'publicUrl'>,
  { intervalMs = 1_000 } = {},
): Clock => startClock('ending due silences', intervalMs, () => endDueSilences(database.db, settings));
