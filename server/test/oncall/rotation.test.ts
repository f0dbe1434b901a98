// The rotation maths of on-call schedules (domain/oncall-rotation.ts): hand-offs at a wall-clock time in a
// zone across daylight-saving changes, weekly and RRULE hand-offs, and overrides laid over the rotation.
import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import {
  canonicalZone,
  handOffs,
  layShifts,
  normalizeRrule,
  paceProblem,
  rotationShifts,
  type Rotation,
} from '../../../domain/oncall-rotation';

const HOUR = 3_600_000;
const at = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toMillis();
const local = (ms: number, zone: string) =>
  DateTime.fromMillis(ms, { zone }).toISO({ suppressMilliseconds: true });

const daily = (timeZone: string, startsOn: string, handOffTime = '09:00'): Rotation => ({
  timeZone,
  handOff: 'DAILY',
  handOffTime,
  handOffWeekday: null,
  rrule: null,
  startsOn,
});

describe('daily hand-offs across a daylight-saving change', () => {
  it.each([
    // Europe/Berlin: summer time from the last Sunday of March, winter time from the last Sunday of October.
    ['Europe/Berlin', '2026-03-27', '2026-03-28T12:00', '+01:00', '+02:00', 23],
    ['Europe/Berlin', '2026-10-23', '2026-10-24T12:00', '+02:00', '+01:00', 25],
    // America/New_York: from the second Sunday of March to the first Sunday of November.
    ['America/New_York', '2026-03-06', '2026-03-07T12:00', '-05:00', '-04:00', 23],
    ['America/New_York', '2026-10-30', '2026-10-31T12:00', '-04:00', '-05:00', 25],
  ])(
    '%s from %s, seen from %s: 09:00 local at %s and at %s, the shift over the change lasts %i hours',
    (zone, startsOn, during, before, after, hours) => {
      const rotation = daily(zone, startsOn);
      const shifts = rotationShifts(rotation, at(during, zone), at(during, zone) + 3 * 24 * HOUR);
      const starts = shifts.map((s) => local(s.start, zone));
      expect(starts[0]).toMatch(new RegExp(`T09:00:00\\${before}$`));
      expect(starts[1]).toMatch(new RegExp(`T09:00:00\\${after}$`));
      for (const s of starts) expect(s).toMatch(/T09:00:00[+-]\d\d:00$/);
      expect((shifts[0].end - shifts[0].start) / HOUR).toBe(hours);
      expect((shifts[1].end - shifts[1].start) / HOUR).toBe(24);
      // Each shift is the next member's: the index counts hand-offs from the start, one a day.
      expect(shifts.map((s) => s.index)).toEqual([1, 2, 3, 4]);
    },
  );

  it('places a hand-off in the hour a spring change skips an hour later, and one in the repeated hour at the earlier', () => {
    const spring = daily('Europe/Berlin', '2026-03-28', '02:30');
    const [, change] = handOffs(
      spring,
      at('2026-03-28T12:00', 'Europe/Berlin'),
      at('2026-03-30T00:00', 'Europe/Berlin'),
    );
    expect(local(change.at, 'Europe/Berlin')).toBe('2026-03-29T03:30:00+02:00');
    const autumn = daily('Europe/Berlin', '2026-10-24', '02:30');
    const [, repeated] = handOffs(
      autumn,
      at('2026-10-24T12:00', 'Europe/Berlin'),
      at('2026-10-26T00:00', 'Europe/Berlin'),
    );
    expect(local(repeated.at, 'Europe/Berlin')).toBe('2026-10-25T02:30:00+02:00');
  });

  it('answers the hand-off at or before a window years after the start without walking to it', () => {
    const rotation = daily('Europe/Berlin', '2020-01-01');
    const from = at('2026-07-01T08:59', 'Europe/Berlin');
    const [first, second] = handOffs(rotation, from, from + HOUR);
    expect(local(first.at, 'Europe/Berlin')).toBe('2026-06-30T09:00:00+02:00');
    expect(local(second.at, 'Europe/Berlin')).toBe('2026-07-01T09:00:00+02:00');
    expect(first.index).toBe(
      DateTime.fromISO('2026-06-30').diff(DateTime.fromISO('2020-01-01'), 'days').days,
    );
  });

  it('has no shift before its first hand-off', () => {
    const rotation = daily('UTC', '2026-05-01');
    const shifts = rotationShifts(rotation, at('2026-04-29T00:00', 'UTC'), at('2026-05-02T10:00', 'UTC'));
    expect(shifts.map((s) => [s.index, local(s.start, 'UTC')])).toEqual([
      [0, '2026-05-01T09:00:00Z'],
      [1, '2026-05-02T09:00:00Z'],
    ]);
  });
});

describe('weekly and RRULE hand-offs', () => {
  it('hands off weekly on the weekday on or after the start date, at the local time, across a change', () => {
    const rotation: Rotation = {
      timeZone: 'Europe/Berlin',
      handOff: 'WEEKLY',
      handOffTime: '10:00',
      handOffWeekday: 1,
      rrule: null,
      startsOn: '2026-03-18',
    };
    const shifts = rotationShifts(
      rotation,
      at('2026-03-01T00:00', 'Europe/Berlin'),
      at('2026-04-07T00:00', 'Europe/Berlin'),
    );
    expect(shifts.map((s) => local(s.start, 'Europe/Berlin'))).toEqual([
      '2026-03-23T10:00:00+01:00',
      '2026-03-30T10:00:00+02:00',
      '2026-04-06T10:00:00+02:00',
    ]);
    expect((shifts[0].end - shifts[0].start) / HOUR).toBe(7 * 24 - 1);
  });

  it('expands an RRULE in wall-clock time: Monday and Thursday 08:00 in New York across the November change', () => {
    const rotation: Rotation = {
      timeZone: 'America/New_York',
      handOff: 'RRULE',
      handOffTime: '08:00',
      handOffWeekday: null,
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      startsOn: '2026-10-26',
    };
    const shifts = rotationShifts(
      rotation,
      at('2026-10-26T00:00', 'America/New_York'),
      at('2026-11-06T00:00', 'America/New_York'),
    );
    expect(shifts.map((s) => local(s.start, 'America/New_York'))).toEqual([
      '2026-10-26T08:00:00-04:00',
      '2026-10-29T08:00:00-04:00',
      '2026-11-02T08:00:00-05:00',
      '2026-11-05T08:00:00-05:00',
    ]);
    expect((shifts[1].end - shifts[1].start) / HOUR).toBe(4 * 24 + 1);
    expect(paceProblem(rotation)).toBeUndefined();
  });

  it('refuses recurrences a rotation cannot use, and a pace wrong for people', () => {
    expect(normalizeRrule('rrule:freq=weekly;byday=mo')).toEqual({ rrule: 'FREQ=WEEKLY;BYDAY=MO' });
    for (const bad of [
      '',
      'FREQ=HOURLY',
      'FREQ=DAILY;COUNT=3',
      'FREQ=DAILY;UNTIL=20270101T000000Z',
      'FREQ=DAILY;FREQ=DAILY',
      // ical.js would look for these forever.
      'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30',
      'FREQ=WEEKLY;BYDAY=1MO',
      'FREQ=DAILY;INTERVAL=0',
      'FREQ=DAILY;BYHOUR=99',
      'X',
      'FREQ=DAILY;BYDAY=MO\nDTSTART:1',
    ]) {
      expect(normalizeRrule(bad), bad).toHaveProperty('problem');
    }
    const never: Rotation = {
      timeZone: 'UTC',
      handOff: 'RRULE',
      handOffTime: '00:00',
      handOffWeekday: null,
      rrule: 'FREQ=YEARLY;INTERVAL=3',
      startsOn: '2026-01-01',
    };
    expect(paceProblem(never)).toBe('must hand off more than once in two years');
    expect(paceProblem({ ...never, rrule: 'FREQ=DAILY;BYHOUR=0,6,12,18;BYMINUTE=0,30' })).toBe(
      'must hand off at most 4 times a day',
    );
    expect(paceProblem({ ...never, rrule: 'FREQ=DAILY;BYHOUR=0,6,12,18' })).toBeUndefined();
  });

  it('knows the IANA zones, by their canonical names', () => {
    expect(canonicalZone('europe/berlin')).toBe('Europe/Berlin');
    expect(canonicalZone('America/New_York')).toBe('America/New_York');
    for (const bad of ['Mars/Olympus', '', '+02:00', 'Europe/Berlin\u0000', '../etc/passwd'])
      expect(canonicalZone(bad), bad).toBeUndefined();
  });
});

describe('overrides laid over the rotation', () => {
  const rotation = [
    { index: 0, userId: 1, start: 0, end: 24 },
    { index: 1, userId: 2, start: 24, end: 48 },
  ];

  it('cuts the rotation where an override covers it, the newest override winning where they overlap', () => {
    const overrides = [
      { id: 10, userId: 3, start: 18, end: 30 },
      { id: 11, userId: 4, start: 20, end: 22 },
    ];
    expect(
      layShifts(rotation, overrides, 0, 48).map((s) => [s.userId, s.start, s.end, s.index, s.overrideId]),
    ).toEqual([
      [1, 0, 18, 0, null],
      [3, 18, 20, null, 10],
      [4, 20, 22, null, 11],
      [3, 22, 30, null, 10],
      [2, 30, 48, 1, null],
    ]);
  });

  it('keeps a shift whole when it started before the window, and covers a gap in the rotation by override only', () => {
    const shifts = layShifts(rotation, [{ id: 12, userId: 5, start: 50, end: 60 }], 30, 55);
    expect(shifts.map((s) => [s.userId, s.start, s.end])).toEqual([
      [2, 24, 48],
      [5, 50, 60],
    ]);
  });
});
