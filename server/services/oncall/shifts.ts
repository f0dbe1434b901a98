// Who is on call (docs/contract.md §6, "On-call schedules"): the shifts of a window, now and next, and the
// shifts as an iCalendar file. Shifts are computed from the schedule's definition, its rotation and its
// overrides as they are now (domain/oncall-rotation.ts), never stored.
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm';
import ical from 'ical-generator';
import type { Db } from '../../../db/client';
import { oncallOverrides, users, type OncallScheduleRow } from '../../../db/schema';
import { layShifts, rotationShifts, RotationTooLong, type Shift } from '../../../domain/oncall-rotation';
import { StreamedFile, exportFileName } from '../../../lib/streamed-file';
import { fieldError, validationError } from '../../errors';
import { SHIFT_WINDOW_MAX_DAYS, type ShiftView, type ShiftWindow } from '../../schemas/oncall';
import { membersOf, rotationOf, scheduleRow } from './schedules';
import { formatIn, instantIn } from './times';

const DAY_MS = 86_400_000;

/** The overrides that overlap [from, to), oldest first: a newer one wins where they overlap. */
async function overridesOverlapping(db: Db, scheduleId: number, from: number, to: number) {
  const rows = await db
    .select()
    .from(oncallOverrides)
    .where(
      and(
        eq(oncallOverrides.scheduleId, scheduleId),
        lt(oncallOverrides.startsAt, new Date(to)),
        gt(oncallOverrides.endsAt, new Date(from)),
      ),
    )
    .orderBy(asc(oncallOverrides.id));
  return rows.map((o) => ({
    id: o.id,
    userId: o.userId,
    start: o.startsAt.getTime(),
    end: o.endsAt.getTime(),
  }));
}

/**
 * The shifts that overlap [from, to), each whole. Read twice: the covers of the window first, then those of
 * the whole span they reach, so that a shift that began before the window begins where it did.
 */
async function shiftsOf(db: Db, schedule: OncallScheduleRow, from: number, to: number): Promise<ShiftView[]> {
  const members = (await membersOf(db, [schedule.id])).get(schedule.id)!;
  const rotation = rotationOf(schedule);
  const covers = async (lo: number, hi: number) => {
    const shifts = members.length ? rotationShifts(rotation, lo, hi) : [];
    return {
      rotation: shifts.map((s) => ({ ...s, userId: members[s.index % members.length].userId })),
      overrides: await overridesOverlapping(db, schedule.id, lo, hi),
    };
  };
  let shifts: Shift[];
  try {
    const first = await covers(from, to);
    const reach = [...first.rotation, ...first.overrides];
    const all = await covers(
      Math.min(from, ...reach.map((c) => c.start)),
      Math.max(to, ...reach.map((c) => c.end)),
    );
    shifts = layShifts(all.rotation, all.overrides, from, to);
  } catch (error) {
    if (error instanceof RotationTooLong) throw validationError(`The schedule's rotation: ${error.message}`);
    throw error;
  }
  const names = await usernames(db, [...new Set(shifts.map((s) => s.userId))]);
  return shifts.map((s) => ({
    userId: s.userId,
    username: names.get(s.userId)!,
    start: formatIn(s.start, schedule.timeZone),
    end: formatIn(s.end, schedule.timeZone),
    overrideId: s.overrideId,
  }));
}

async function usernames(db: Db, ids: number[]): Promise<Map<number, string>> {
  const rows = ids.length
    ? await db.select({ id: users.id, username: users.username }).from(users).where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((r) => [r.id, r.username]));
}

/** The window a caller gives, in the schedule's zone: `days` from `from` (now) when `to` is left out. */
function windowOf(
  schedule: OncallScheduleRow,
  input: ShiftWindow,
  days: number,
): { from: number; to: number } {
  const from = input.from ? instantIn('from', input.from, schedule.timeZone).getTime() : Date.now();
  const to = input.to ? instantIn('to', input.to, schedule.timeZone).getTime() : from + days * DAY_MS;
  if (to <= from) throw fieldError('to', 'must be after from');
  if (to - from > SHIFT_WINDOW_MAX_DAYS * DAY_MS)
    throw fieldError('to', `must be at most ${SHIFT_WINDOW_MAX_DAYS} days after from`);
  return { from, to };
}

/** The shifts of a window (a week from now when left out), each whole, by their start. */
export async function listShifts(db: Db, input: ShiftWindow): Promise<ShiftView[]> {
  const schedule = await scheduleRow(db, input.id);
  const { from, to } = windowOf(schedule, input, 7);
  return shiftsOf(db, schedule, from, to);
}

/** Who is on call now, and the shift after theirs (within the widest window). */
export async function getOnCall(
  db: Db,
  { id }: { id: number },
): Promise<{ now: ShiftView | null; next: ShiftView | null }> {
  const schedule = await scheduleRow(db, id);
  const now = Date.now();
  const shifts = await shiftsOf(db, schedule, now, now + SHIFT_WINDOW_MAX_DAYS * DAY_MS);
  const startsAfterNow = (s: ShiftView) => Date.parse(s.start) > now;
  return {
    now: shifts.find((s) => !startsAfterNow(s)) ?? null,
    next: shifts.find(startsAfterNow) ?? null,
  };
}

/**
 * The shifts of a window (90 days from now when left out) as an iCalendar file, one event per shift, in UTC.
 * A shift's UID is the schedule, what makes the shift (the rotation's hand-off or the override) and its start:
 * a calendar that imports the file again updates the events it has rather than adding copies.
 */
export async function exportCalendar(db: Db, input: ShiftWindow): Promise<StreamedFile> {
  const schedule = await scheduleRow(db, input.id);
  const { from, to } = windowOf(schedule, input, SHIFT_WINDOW_MAX_DAYS);
  const shifts = await shiftsOf(db, schedule, from, to);
  const calendar = ical({
    name: `On call: ${schedule.name}`,
    prodId: { company: 'BPM Admin Console', product: 'On-call', language: 'EN' },
  });
  const stamp = new Date();
  for (const shift of shifts) {
    const start = new Date(shift.start);
    const madeBy = shift.overrideId === null ? 'rotation' : `override-${shift.overrideId}`;
    calendar.createEvent({
      id: `oncall-${schedule.id}-${madeBy}-${start.getTime()}@bpm-admin-console`,
      start,
      end: new Date(shift.end),
      stamp,
      summary: `On call: ${shift.username} (${schedule.name})${shift.overrideId === null ? '' : ', override'}`,
      description: `${shift.username} is on call for ${schedule.name} from ${shift.start} to ${shift.end}.`,
    });
  }
  const text = calendar.toString();
  return new StreamedFile(
    exportFileName(`oncall-${schedule.id}`, 'ics'),
    'ics',
    (async function* () {
      yield text;
    })(),
  );
}
