// The rotation maths of an on-call schedule: when its hand-offs fall (wall-clock times in an IANA zone, by
// luxon, or an RFC 5545 recurrence expanded by ical.js in wall-clock time and then placed in the zone), and who
// is on call between two instants once overrides are laid over the rotation. Pure: instants are epoch
// milliseconds, nothing is read from a clock or a database.
import ICAL from 'ical.js';
import { DateTime, IANAZone } from 'luxon';

export const HAND_OFFS = ['DAILY', 'WEEKLY', 'RRULE'] as const;
export type HandOffKind = (typeof HAND_OFFS)[number];

export interface Rotation {
  timeZone: string;
  handOff: HandOffKind;
  /** `HH:mm`, local. */
  handOffTime: string;
  /** ISO weekday, 1 (Monday) to 7, of a WEEKLY hand-off. */
  handOffWeekday: number | null;
  /** An RRULE value without its `RRULE:` prefix, for an RRULE hand-off. */
  rrule: string | null;
  /** `yyyy-MM-dd`, local. */
  startsOn: string;
}

/** The k-th hand-off of the rotation (from 0): member k modulo the rotation's length takes over at `at`. */
export interface HandOffAt {
  index: number;
  at: number;
}

/**
 * How far an RRULE is walked from its start to reach a window: about 27 years of daily hand-offs. The walk
 * is the one cost of a recurrence (ical.js has no jump to a date), so it is bounded.
 */
export const MAX_RRULE_STEPS = 10_000;
/** An RRULE's frequencies: a hand-off more often than daily is not a rotation of people. */
const RRULE_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'];
/** RRULE parts a rotation may use: COUNT and UNTIL would end it, BYSECOND is below the schedule's minute. */
const RRULE_PARTS = [
  'FREQ',
  'INTERVAL',
  'BYMINUTE',
  'BYHOUR',
  'BYDAY',
  'BYMONTHDAY',
  'BYYEARDAY',
  'BYWEEKNO',
  'BYMONTH',
  'BYSETPOS',
  'WKST',
];

/** The parts a DAILY or WEEKLY rule may use. */
const SIMPLE_PARTS = ['FREQ', 'INTERVAL', 'BYDAY', 'BYHOUR', 'BYMINUTE', 'WKST'];

export class RotationTooLong extends Error {
  constructor() {
    super(`the recurrence has more than ${MAX_RRULE_STEPS} hand-offs between its start and this window`);
  }
}

/** The zone's canonical IANA name (`europe/berlin` is `Europe/Berlin`), or undefined when it names none. */
export function canonicalZone(zone: string): string | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(zone) || !IANAZone.isValidZone(zone)) return undefined;
  return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
}

/** An RRULE value as stored (no `RRULE:` prefix, upper case), or why a rotation cannot use it. */
export function normalizeRrule(written: string): { rrule: string } | { problem: string } {
  const rrule = written
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  const parts = rrule.split(';').map((p) => p.split('='));
  if (!parts.every((p) => p.length === 2 && /^[A-Z]+$/.test(p[0]) && /^[A-Z0-9,+-]+$/.test(p[1])))
    return { problem: 'must be an RFC 5545 recurrence rule such as FREQ=WEEKLY;BYDAY=MO' };
  const keys = parts.map((p) => p[0]);
  const unknown = keys.find((k) => !RRULE_PARTS.includes(k));
  if (unknown)
    return { problem: `must not use ${unknown}: a rotation neither ends nor hands off by the second` };
  if (new Set(keys).size !== keys.length) return { problem: 'names a part twice' };
  const value = (key: string) => parts.find((p) => p[0] === key)?.[1];
  const freq = value('FREQ');
  if (!freq || !RRULE_FREQUENCIES.includes(freq))
    return { problem: `must have FREQ ${RRULE_FREQUENCIES.join(', ')}` };
  if (value('INTERVAL') !== undefined && !/^[1-9]\d{0,2}$/.test(value('INTERVAL')!))
    return { problem: 'must have an INTERVAL from 1 to 999' };
  // ical.js stops looking after four years of MONTHLY or YEARLY candidates that match nothing, but walks a
  // DAILY or WEEKLY rule forever: those may only name what every week has.
  if (freq === 'DAILY' || freq === 'WEEKLY') {
    const other = keys.find((k) => !SIMPLE_PARTS.includes(k));
    if (other) return { problem: `must not use ${other} with FREQ=${freq}` };
    if (
      value('BYDAY') !== undefined &&
      !/^(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU))*$/.test(value('BYDAY')!)
    )
      return { problem: `must name plain weekdays in BYDAY with FREQ=${freq}` };
  }
  try {
    ICAL.Recur.fromString(rrule);
  } catch (error) {
    return { problem: (error as Error).message };
  }
  return { rrule };
}

const wallClock = (date: string, time: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return { year, month, day, hour, minute };
};

/**
 * The instant of a wall-clock time in `zone`, as luxon places it: a time that does not exist (in the hour a
 * spring change skips) moves forward by the gap, and one that exists twice (the hour an autumn change repeats)
 * is the first of the two.
 */
function instantOf(
  local: { year: number; month: number; day: number; hour: number; minute: number },
  zone: string,
): number {
  const placed = DateTime.fromObject(local, { zone });
  // RFC 5545 §3.3.5 takes the first of a repeated time; luxon's own choice is the later.
  return Math.min(placed.toMillis(), ...placed.getPossibleOffsets().map((d) => d.toMillis()));
}

/** The rotation's hand-offs from the last at or before `from` (the first, when none is) to the first after `to`. */
export function handOffs(rotation: Rotation, from: number, to: number): HandOffAt[] {
  const all =
    rotation.handOff === 'RRULE' ? recurrenceHandOffs(rotation, to) : periodicHandOffs(rotation, from, to);
  const kept: HandOffAt[] = [];
  for (const h of all) {
    // Two wall-clock times that land on one instant (a gap) make no shift between them.
    if (kept.length && h.at <= kept[kept.length - 1].at) continue;
    if (h.at <= from && kept.length && kept[kept.length - 1].at <= from) kept.pop();
    kept.push(h);
    if (h.at > to) break;
  }
  return kept;
}

/** A date for counting calendar days, in UTC, where every day has 24 hours. */
const calendarDay = (date: string) => DateTime.fromISO(date, { zone: 'utc' });

function* periodicHandOffs(rotation: Rotation, from: number, to: number): Generator<HandOffAt> {
  const days = rotation.handOff === 'WEEKLY' ? 7 : 1;
  let first = DateTime.fromISO(rotation.startsOn, { zone: rotation.timeZone });
  if (rotation.handOff === 'WEEKLY')
    first = first.plus({ days: (rotation.handOffWeekday! - first.weekday + 7) % 7 });
  const firstDate = first.toISODate()!;
  const at = (index: number) => ({
    index,
    at: instantOf(
      wallClock(
        calendarDay(firstDate)
          .plus({ days: index * days })
          .toISODate()!,
        rotation.handOffTime,
      ),
      rotation.timeZone,
    ),
  });
  // The hand-off of `from`'s local date, or the one before it: calendar days between the two dates, in the zone.
  const fromDate = DateTime.fromMillis(from, { zone: rotation.timeZone }).toISODate()!;
  const elapsed = calendarDay(fromDate).diff(calendarDay(firstDate), 'days').days;
  let index = Math.max(0, Math.floor(elapsed / days));
  while (index > 0 && at(index).at > from) index--;
  for (; ; index++) {
    const next = at(index);
    yield next;
    if (next.at > to) return;
  }
}

function* recurrenceHandOffs(rotation: Rotation, to: number): Generator<HandOffAt> {
  const start = wallClock(rotation.startsOn, rotation.handOffTime);
  const dtstart = ICAL.Time.fromData({ ...start, second: 0, isDate: false });
  const iterator = ICAL.Recur.fromString(rotation.rrule!).iterator(dtstart);
  for (let index = 0; ; index++) {
    if (index > MAX_RRULE_STEPS) throw new RotationTooLong();
    const next = iterator.next();
    if (!next) return;
    const { year, month, day, hour, minute } = next;
    const h = { index, at: instantOf({ year, month, day, hour, minute }, rotation.timeZone) };
    yield h;
    if (h.at > to) return;
  }
}

/** The most hand-offs a rotation makes in a day, on average over its first 90 days. */
export const MAX_HAND_OFFS_A_DAY = 4;

/**
 * Why the rotation's pace is wrong for people, or undefined: it must hand off more than once in its first two
 * years, and at most MAX_HAND_OFFS_A_DAY times a day (a recurrence can name every minute).
 */
export function paceProblem(rotation: Rotation): string | undefined {
  const first = DateTime.fromISO(rotation.startsOn, { zone: rotation.timeZone });
  const twoYears = first.plus({ years: 2 }).toMillis();
  const quarter = first.plus({ days: 90 }).toMillis();
  let all: HandOffAt[];
  try {
    all = handOffs(rotation, first.toMillis() - 1, twoYears);
  } catch (error) {
    if (error instanceof RotationTooLong) return `must hand off at most ${MAX_HAND_OFFS_A_DAY} times a day`;
    throw error;
  }
  if (all.filter((h) => h.at <= twoYears).length < 2) return 'must hand off more than once in two years';
  if (all.filter((h) => h.at < quarter).length > 90 * MAX_HAND_OFFS_A_DAY)
    return `must hand off at most ${MAX_HAND_OFFS_A_DAY} times a day`;
  return undefined;
}

export interface RotationShift {
  index: number;
  start: number;
  end: number;
}

/** The rotation's shifts (hand-off to hand-off) that overlap [from, to). */
export function rotationShifts(rotation: Rotation, from: number, to: number): RotationShift[] {
  const h = handOffs(rotation, from, to);
  const shifts: RotationShift[] = [];
  for (let i = 0; i + 1 < h.length; i++) {
    if (h[i + 1].at > from && h[i].at < to)
      shifts.push({ index: h[i].index, start: h[i].at, end: h[i + 1].at });
  }
  return shifts;
}

export interface Cover {
  userId: number;
  start: number;
  end: number;
}

/** Who covers a stretch of time, and by what: the rotation's shift `index`, or override `overrideId`. */
export interface Shift extends Cover {
  index: number | null;
  overrideId: number | null;
}

/**
 * Who is on call from `from` to `to`: the overrides (oldest first; a newer one wins where they overlap) over
 * the rotation's shifts (each with its member), cut where one takes over from another. A stretch nobody covers
 * (before the rotation starts, or a rotation left empty) is no shift. Shifts keep their whole extent: one that
 * started before `from` starts when it started, as far as the covers given reach.
 */
export function layShifts(
  rotation: (Cover & { index: number })[],
  overrides: (Cover & { id: number })[],
  from: number,
  to: number,
): Shift[] {
  const bounds = [...new Set([...rotation, ...overrides].flatMap((c) => [c.start, c.end]))].sort(
    (a, b) => a - b,
  );
  const shifts: Shift[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const [start, end] = [bounds[i], bounds[i + 1]];
    const covers = (c: Cover) => c.start <= start && c.end >= end;
    const override = overrides.findLast(covers);
    const shift = rotation.find(covers);
    const piece: Shift | undefined = override
      ? { userId: override.userId, start, end, index: null, overrideId: override.id }
      : shift && { userId: shift.userId, start, end, index: shift.index, overrideId: null };
    if (!piece) continue;
    const last = shifts[shifts.length - 1];
    if (last && last.end === start && last.index === piece.index && last.overrideId === piece.overrideId)
      last.end = end;
    else shifts.push(piece);
  }
  return shifts.filter((s) => s.end > from && s.start < to);
}
