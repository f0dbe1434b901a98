// Overrides of an on-call schedule: "this person covers from A to B", over the rotation (docs/contract.md §6,
// "On-call schedules"). Each change is one transaction with its audit record on the schedule; the schedule's
// row is key-share locked in it, so that a schedule deleted meanwhile is a 404, never a foreign-key error.
import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { oncallOverrides, users, type OncallOverrideRow } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { fieldError, notFound } from '../../errors';
import { SHIFT_WINDOW_MAX_DAYS, type OverrideView } from '../../schemas/oncall';
import { recordAudit } from '../admin/audit';
import { lockPeople, scheduleRow } from './schedules';
import { formatIn, instantIn } from './times';

const DAY_MS = 86_400_000;
/** The most overrides one list answers: more than a schedule holds ahead in practice. */
const OVERRIDE_LIST_MAX = 500;

function toView(row: OncallOverrideRow, username: string, zone: string): OverrideView {
  return {
    id: row.id,
    scheduleId: row.scheduleId,
    userId: row.userId,
    username,
    startsAt: formatIn(row.startsAt, zone),
    endsAt: formatIn(row.endsAt, zone),
    createdBy: row.createdBy,
    createdAt: formatIn(row.createdAt, zone),
  };
}

async function usernameOf(db: Db, userId: number): Promise<string> {
  const [{ username }] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return username;
}

export async function addOverride(
  db: Db,
  input: { id: number; userId: number; startsAt: string; endsAt: string },
  actor: Principal,
): Promise<OverrideView> {
  return db.transaction(async (tx) => {
    const schedule = await scheduleRow(tx, input.id, 'key share');
    const startsAt = instantIn('startsAt', input.startsAt, schedule.timeZone);
    const endsAt = instantIn('endsAt', input.endsAt, schedule.timeZone);
    if (endsAt <= startsAt) throw fieldError('endsAt', 'must be after startsAt');
    if (endsAt.getTime() <= Date.now()) throw fieldError('endsAt', 'must be in the future');
    if (endsAt.getTime() - startsAt.getTime() > SHIFT_WINDOW_MAX_DAYS * DAY_MS)
      throw fieldError('endsAt', `must be at most ${SHIFT_WINDOW_MAX_DAYS} days after startsAt`);
    await lockPeople(tx, 'userId', [input.userId]);
    const [row] = await tx
      .insert(oncallOverrides)
      .values({ scheduleId: schedule.id, userId: input.userId, startsAt, endsAt, createdBy: actor.username })
      .returning();
    const view = toView(row, await usernameOf(tx, input.userId), schedule.timeZone);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'oncall_schedule.override.add',
      targetType: 'oncall_schedule',
      targetId: schedule.id,
      after: view,
    });
    return view;
  });
}

/** The schedule's overrides that end after `from` (now when left out), by their start. */
export async function listOverrides(db: Db, input: { id: number; from?: string }): Promise<OverrideView[]> {
  const schedule = await scheduleRow(db, input.id);
  const from = input.from ? instantIn('from', input.from, schedule.timeZone) : new Date();
  const rows = await db
    .select({ override: oncallOverrides, username: users.username })
    .from(oncallOverrides)
    .innerJoin(users, eq(users.id, oncallOverrides.userId))
    .where(and(eq(oncallOverrides.scheduleId, schedule.id), gt(oncallOverrides.endsAt, from)))
    .orderBy(asc(oncallOverrides.startsAt), asc(oncallOverrides.id))
    .limit(OVERRIDE_LIST_MAX);
  return rows.map((r) => toView(r.override, r.username, schedule.timeZone));
}

export async function deleteOverride(
  db: Db,
  input: { id: number; overrideId: number },
  actor: Principal,
): Promise<void> {
  await db.transaction(async (tx) => {
    const schedule = await scheduleRow(tx, input.id, 'key share');
    const [row] = await tx
      .delete(oncallOverrides)
      .where(and(eq(oncallOverrides.id, input.overrideId), eq(oncallOverrides.scheduleId, schedule.id)))
      .returning();
    if (!row) throw notFound('On-call override', input.overrideId);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'oncall_schedule.override.delete',
      targetType: 'oncall_schedule',
      targetId: schedule.id,
      before: toView(row, await usernameOf(tx, row.userId), schedule.timeZone),
    });
  });
}
