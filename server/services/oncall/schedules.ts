// On-call schedules (docs/contract.md §6, "On-call schedules"): a rotation of people in a time zone. Each change
// is one transaction with its audit record; the people it names are key-share locked in it, so that a user
// deleted meanwhile either goes first (and is refused as unknown) or waits for the schedule to be written
// (and then leaves its rotation by ON DELETE CASCADE).
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { oncallRotationMembers, oncallSchedules, users, type OncallScheduleRow } from '../../../db/schema';
import { canonicalZone, normalizeRrule, paceProblem, type Rotation } from '../../../domain/oncall-rotation';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError, notFound } from '../../errors';
import { toPage } from '../../schemas/common';
import { WEEKDAYS, type ScheduleInput, type ScheduleView } from '../../schemas/oncall';
import { recordAudit } from '../admin/audit';
import { isUniqueViolation } from '../db-errors';
import { formatIn, isRealDate } from './times';

export interface Member {
  userId: number;
  username: string;
}

/** The stored columns of a schedule's definition, or the 400 that says what is wrong with it. */
function definitionOf(input: ScheduleInput) {
  const timeZone = canonicalZone(input.timeZone);
  if (!timeZone) throw fieldError('timeZone', 'must be an IANA time zone name such as Europe/Berlin');
  if (!isRealDate(input.startsOn)) throw fieldError('startsOn', 'is not a real date');
  if ((input.handOff === 'WEEKLY') !== (input.handOffWeekday !== undefined))
    throw fieldError('handOffWeekday', 'is given for a WEEKLY hand-off, and only for one');
  if ((input.handOff === 'RRULE') !== (input.rrule !== undefined))
    throw fieldError('rrule', 'is given for an RRULE hand-off, and only for one');
  let rrule: string | null = null;
  if (input.rrule !== undefined) {
    const normalized = normalizeRrule(input.rrule);
    if ('problem' in normalized) throw fieldError('rrule', normalized.problem);
    rrule = normalized.rrule;
  }
  const definition = {
    name: input.name,
    timeZone,
    handOff: input.handOff,
    handOffTime: input.handOffTime,
    handOffWeekday: input.handOffWeekday ? WEEKDAYS.indexOf(input.handOffWeekday) + 1 : null,
    rrule,
    startsOn: input.startsOn,
  };
  const pace = paceProblem(definition);
  if (pace) throw fieldError(definition.rrule ? 'rrule' : 'handOff', pace);
  return definition;
}

/** The schedule's rotation, for the rotation maths. */
export const rotationOf = (row: OncallScheduleRow): Rotation => ({
  timeZone: row.timeZone,
  handOff: row.handOff,
  handOffTime: row.handOffTime,
  handOffWeekday: row.handOffWeekday,
  rrule: row.rrule,
  startsOn: row.startsOn,
});

/**
 * Locks the people named against deletion until the transaction ends (FOR KEY SHARE), and refuses one that is
 * unknown or is not a person (a service account cannot be on call).
 */
export async function lockPeople(tx: Tx, field: string, ids: number[]): Promise<void> {
  const found = await tx
    .select({ id: users.id, kind: users.kind })
    .from(users)
    .where(inArray(users.id, [...new Set(ids)]))
    .for('key share');
  for (const id of ids) {
    const user = found.find((u) => u.id === id);
    if (!user) throw fieldError(field, `names no user ${id}`);
    if (user.kind !== 'PERSON') throw fieldError(field, `user ${id} is a service account, not a person`);
  }
}

/** Each schedule's rotation, in order, by schedule id. */
export async function membersOf(db: Db, scheduleIds: number[]): Promise<Map<number, Member[]>> {
  const rows = scheduleIds.length
    ? await db
        .select({
          scheduleId: oncallRotationMembers.scheduleId,
          userId: oncallRotationMembers.userId,
          username: users.username,
        })
        .from(oncallRotationMembers)
        .innerJoin(users, eq(users.id, oncallRotationMembers.userId))
        .where(inArray(oncallRotationMembers.scheduleId, scheduleIds))
        .orderBy(asc(oncallRotationMembers.scheduleId), asc(oncallRotationMembers.position))
    : [];
  const members = new Map<number, Member[]>(scheduleIds.map((id) => [id, []]));
  for (const { scheduleId, ...member } of rows) members.get(scheduleId)!.push(member);
  return members;
}

function toView(row: OncallScheduleRow, members: Member[]): ScheduleView {
  return {
    id: row.id,
    name: row.name,
    timeZone: row.timeZone,
    handOff: row.handOff,
    handOffTime: row.handOffTime,
    handOffWeekday: row.handOffWeekday ? WEEKDAYS[row.handOffWeekday - 1] : null,
    rrule: row.rrule,
    startsOn: row.startsOn,
    members,
    createdBy: row.createdBy,
    createdAt: formatIn(row.createdAt, row.timeZone),
    updatedAt: formatIn(row.updatedAt, row.timeZone),
  };
}

/** What the audit keeps of a schedule. */
const audited = (view: ScheduleView) => {
  const { createdAt: _created, updatedAt: _updated, createdBy: _by, ...kept } = view;
  return kept;
};

/** The schedule's row, or a 404. */
export async function scheduleRow(
  db: Db,
  id: number,
  lock?: 'update' | 'key share',
): Promise<OncallScheduleRow> {
  const query = db.select().from(oncallSchedules).where(eq(oncallSchedules.id, id));
  const [row] = lock ? await query.for(lock) : await query;
  if (!row) throw notFound('On-call schedule', id);
  return row;
}

async function writeMembers(tx: Tx, scheduleId: number, members: number[]): Promise<void> {
  await tx.delete(oncallRotationMembers).where(eq(oncallRotationMembers.scheduleId, scheduleId));
  await tx
    .insert(oncallRotationMembers)
    .values(members.map((userId, position) => ({ scheduleId, position, userId })));
}

/** A name another schedule has is a 409, told by the unique index rather than by a read that could race. */
async function uniqueName<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(`An on-call schedule named ${JSON.stringify(name)} exists already`, [
        { field: 'name', message: 'is taken' },
      ]);
    throw error;
  }
}

export async function getSchedule(db: Db, { id }: { id: number }): Promise<ScheduleView> {
  const row = await scheduleRow(db, id);
  return toView(row, (await membersOf(db, [id])).get(id)!);
}

/** Schedules by name. */
export async function listSchedules(db: Db, query: { page: number; size: number }) {
  const [rows, [{ total }]] = await Promise.all([
    db
      .select()
      .from(oncallSchedules)
      .orderBy(sql`lower(${oncallSchedules.name})`, asc(oncallSchedules.id))
      .limit(query.size)
      .offset(query.page * query.size),
    db.select({ total: count() }).from(oncallSchedules),
  ]);
  const members = await membersOf(
    db,
    rows.map((r) => r.id),
  );
  return toPage(
    rows.map((r) => toView(r, members.get(r.id)!)),
    query.page,
    query.size,
    Number(total),
  );
}

export async function createSchedule(db: Db, input: ScheduleInput, actor: Principal): Promise<ScheduleView> {
  const definition = definitionOf(input);
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      await lockPeople(tx, 'members', input.members);
      const [row] = await tx
        .insert(oncallSchedules)
        .values({ ...definition, createdBy: actor.username })
        .returning();
      await writeMembers(tx, row.id, input.members);
      const view = toView(row, (await membersOf(tx, [row.id])).get(row.id)!);
      await recordAudit(tx, {
        actor: actor.username,
        action: 'oncall_schedule.create',
        targetType: 'oncall_schedule',
        targetId: row.id,
        after: audited(view),
      });
      return view;
    }),
  );
}

/** Replaces a schedule's definition and rotation: its shifts, past ones too, are computed from the new one. */
export async function updateSchedule(
  db: Db,
  input: ScheduleInput & { id: number },
  actor: Principal,
): Promise<ScheduleView> {
  const definition = definitionOf(input);
  return uniqueName(input.name, () =>
    db.transaction(async (tx) => {
      const before = await scheduleRow(tx, input.id, 'update');
      const beforeView = toView(before, (await membersOf(tx, [input.id])).get(input.id)!);
      await lockPeople(tx, 'members', input.members);
      const [row] = await tx
        .update(oncallSchedules)
        .set({ ...definition, updatedAt: sql`now()` })
        .where(eq(oncallSchedules.id, input.id))
        .returning();
      await writeMembers(tx, row.id, input.members);
      const view = toView(row, (await membersOf(tx, [row.id])).get(row.id)!);
      await recordAudit(tx, {
        actor: actor.username,
        action: 'oncall_schedule.update',
        targetType: 'oncall_schedule',
        targetId: row.id,
        before: audited(beforeView),
        after: audited(view),
      });
      return view;
    }),
  );
}

/** Deletes a schedule with its rotation and overrides. */
export async function deleteSchedule(db: Db, { id }: { id: number }, actor: Principal): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await scheduleRow(tx, id, 'update');
    const view = toView(before, (await membersOf(tx, [id])).get(id)!);
    await tx.delete(oncallSchedules).where(eq(oncallSchedules.id, id));
    await recordAudit(tx, {
      actor: actor.username,
      action: 'oncall_schedule.delete',
      targetType: 'oncall_schedule',
      targetId: id,
      before: audited(view),
    });
  });
}
