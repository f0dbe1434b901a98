// On-call schedules: a rotation of people handing off at a local time in a time zone (or by an RFC 5545
// recurrence), and overrides that win over it. Shifts are computed from these rows, never stored
// (server/services/oncall/timeline.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './admin';

export type HandOff = 'DAILY' | 'WEEKLY' | 'RRULE';

export const oncallSchedules = pgTable(
  'oncall_schedules',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    name: text('name').notNull(),
    /** An IANA zone name: hand-off times and local override times are wall-clock times there. */
    timeZone: text('time_zone').notNull(),
    handOff: text('hand_off').$type<HandOff>().notNull(),
    /** `HH:mm`, local: the hand-off time (DAILY, WEEKLY) or the time of the recurrence's start (RRULE). */
    handOffTime: text('hand_off_time').notNull(),
    /** ISO weekday 1 (Monday) to 7 of a WEEKLY hand-off; null otherwise. */
    handOffWeekday: integer('hand_off_weekday'),
    /** The RRULE value (no `RRULE:` prefix) of an RRULE hand-off; null otherwise. */
    rrule: text('rrule'),
    /** The local date of the first hand-off (or on or after which it falls, for WEEKLY). */
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oncall_schedules_name_key').on(sql`lower(${t.name})`),
    check('oncall_schedules_hand_off_check', sql`${t.handOff} in ('DAILY', 'WEEKLY', 'RRULE')`),
    check(
      'oncall_schedules_hand_off_shape_check',
      sql`(${t.handOff} = 'WEEKLY') = (${t.handOffWeekday} is not null) and (${t.handOff} = 'RRULE') = (${t.rrule} is not null)`,
    ),
  ],
);

/**
 * The rotation, in order. A member's row goes with the user (ON DELETE CASCADE): the rotation closes up over
 * the gap its position leaves (docs/decisions/0016-on-call-schedules.md).
 */
export const oncallRotationMembers = pgTable(
  'oncall_rotation_members',
  {
    scheduleId: bigint('schedule_id', { mode: 'number' })
      .notNull()
      .references(() => oncallSchedules.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.position] }),
    index('oncall_rotation_members_user_idx').on(t.userId),
  ],
);

/** "This person covers from startsAt to endsAt": wins over the rotation; of overlapping ones, the newest wins. */
export const oncallOverrides = pgTable(
  'oncall_overrides',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    scheduleId: bigint('schedule_id', { mode: 'number' })
      .notNull()
      .references(() => oncallSchedules.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('oncall_overrides_window_check', sql`${t.endsAt} > ${t.startsAt}`),
    index('oncall_overrides_schedule_idx').on(t.scheduleId, t.endsAt),
    index('oncall_overrides_user_idx').on(t.userId),
  ],
);

export type OncallScheduleRow = typeof oncallSchedules.$inferSelect;
export type OncallOverrideRow = typeof oncallOverrides.$inferSelect;
