// On-call schedules, their overrides and who is on call (docs/contract.md §6, "On-call schedules").
import { z } from 'zod';
import { HAND_OFFS } from '../../domain/oncall-rotation';
import { idParam, jsonId, NOT_BLANK, pageOf, pageQuery } from './common';

/** The widest window of shifts or of a calendar export, in days. */
export const SHIFT_WINDOW_MAX_DAYS = 90;
/** The most people in one rotation. */
export const ROTATION_MAX_MEMBERS = 100;

export const WEEKDAYS = [
  'MONDAY',
  'TUESDAY',
  'WEDNESDAY',
  'THURSDAY',
  'FRIDAY',
  'SATURDAY',
  'SUNDAY',
] as const;

/** Control characters and the bidirectional overrides that make a name read otherwise than it is stored. */
const PLAIN_TEXT = /^[^\p{Cc}\u202A-\u202E\u2066-\u2069]*$/u;

const scheduleName = z
  .string()
  .trim()
  .min(1, 'must not be blank')
  .max(100, 'must be at most 100 characters')
  .regex(PLAIN_TEXT, 'must not contain control characters')
  .meta({ ...NOT_BLANK, description: 'unique, whatever the case', example: 'Payments primary' });

/** An instant, with its offset: `2026-03-29T09:00:00+02:00` or `...Z`. */
export const instant = z.string().meta({
  description: 'An instant in ISO 8601 with its offset, in the schedule time zone',
  example: '2026-03-29T09:00:00+02:00',
});

/**
 * A bound given by a caller: an instant with an offset or Z, or a local date-time without one, which the
 * schedule's time zone places (server/services/oncall/times.ts).
 */
export const scheduleTime = z
  .string()
  .regex(
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/,
    'must be yyyy-MM-ddTHH:mm[:ss[.SSS]] with an offset or Z, or without one for the schedule time zone',
  )
  .meta({
    description:
      'yyyy-MM-ddTHH:mm[:ss[.SSS]]: with an offset or Z an instant, without one a local time in the schedule time zone',
    example: '2026-03-31T18:00',
  });

export const CreateScheduleRequest = z
  .object({
    name: scheduleName,
    timeZone: z
      .string()
      .max(64, 'must be at most 64 characters')
      .meta({ description: 'An IANA time zone name', example: 'Europe/Berlin' }),
    handOff: z.enum(HAND_OFFS).meta({
      description:
        'DAILY or WEEKLY at handOffTime (on handOffWeekday), or RRULE: the hand-offs the recurrence rrule names',
    }),
    handOffTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a local time HH:mm')
      .meta({ description: 'Local time HH:mm of each hand-off (RRULE: of its start)', example: '09:00' }),
    handOffWeekday: z.enum(WEEKDAYS).optional().meta({ description: 'The weekday of a WEEKLY hand-off' }),
    rrule: z.string().max(500, 'must be at most 500 characters').optional().meta({
      description:
        'An RFC 5545 RRULE of an RRULE hand-off, FREQ DAILY, WEEKLY, MONTHLY or YEARLY, without COUNT, UNTIL or BYSECOND',
      example: 'FREQ=WEEKLY;BYDAY=MO,TH',
    }),
    startsOn: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date yyyy-MM-dd')
      .meta({ description: 'The local date of the first hand-off (WEEKLY: the first on or after it)' }),
    members: z
      .array(jsonId)
      .min(1, 'must name at least one person')
      .max(ROTATION_MAX_MEMBERS, `must name at most ${ROTATION_MAX_MEMBERS} people`)
      .meta({ description: 'User ids of people, in the order the rotation hands off to them' }),
  })
  .meta({ id: 'CreateOncallScheduleRequest' });
export type ScheduleInput = z.infer<typeof CreateScheduleRequest>;

export const UpdateScheduleRequest = CreateScheduleRequest.extend({ id: idParam }).meta({
  id: 'UpdateOncallScheduleRequest',
});

export const ScheduleIdInput = z.object({ id: idParam });

const person = z.object({ userId: z.number().int(), username: z.string() });

export const ScheduleResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    timeZone: z.string(),
    handOff: z.enum(HAND_OFFS),
    handOffTime: z.string(),
    handOffWeekday: z.enum(WEEKDAYS).nullable(),
    rrule: z.string().nullable(),
    startsOn: z.string(),
    members: z.array(person),
    createdBy: z.string(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'OncallSchedule' });
export type ScheduleView = z.infer<typeof ScheduleResponse>;

export const SchedulePage = pageOf(ScheduleResponse, 'OncallSchedulePage');
export const ScheduleListQuery = pageQuery;

export const AddOverrideRequest = z
  .object({
    id: idParam,
    userId: jsonId.meta({ description: 'The person who covers' }),
    startsAt: scheduleTime,
    endsAt: scheduleTime,
  })
  .meta({ id: 'AddOncallOverrideRequest' });

export const OverrideIdInput = z.object({ id: idParam, overrideId: idParam });

export const OverrideResponse = z
  .object({
    id: z.number().int(),
    scheduleId: z.number().int(),
    userId: z.number().int(),
    username: z.string(),
    startsAt: instant,
    endsAt: instant,
    createdBy: z.string(),
    createdAt: instant,
  })
  .meta({ id: 'OncallOverride' });
export type OverrideView = z.infer<typeof OverrideResponse>;

export const OverrideListQuery = z.object({
  id: idParam,
  from: scheduleTime.optional(),
});
export const OverrideList = z.array(OverrideResponse).meta({ id: 'OncallOverrideList' });

export const ShiftResponse = z
  .object({
    userId: z.number().int(),
    username: z.string(),
    start: instant,
    end: instant,
    overrideId: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The override that makes this shift; null for the rotation' }),
  })
  .meta({ id: 'OncallShift' });
export type ShiftView = z.infer<typeof ShiftResponse>;

export const OnCallResponse = z
  .object({
    now: ShiftResponse.nullable().meta({
      description: 'Who is on call now, since when, until when; null: nobody',
    }),
    next: ShiftResponse.nullable().meta({
      description: 'The shift after it, within 90 days; null: none',
    }),
  })
  .meta({ id: 'OncallNow' });

export const ShiftWindowQuery = z.object({
  id: idParam,
  from: scheduleTime.optional().meta({ description: 'Start of the window; now when left out' }),
  to: scheduleTime.optional().meta({
    description: `End of the window, at most ${SHIFT_WINDOW_MAX_DAYS} days after from; 7 days after it when left out`,
  }),
});
export type ShiftWindow = z.infer<typeof ShiftWindowQuery>;

export const ShiftList = z.array(ShiftResponse).meta({ id: 'OncallShiftList' });
