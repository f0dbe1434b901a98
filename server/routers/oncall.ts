// On-call schedules (docs/contract.md §6, "On-call schedules"): managing them needs ACCESS_BPM_ADMIN for now
// (scoped to a team's own schedules once teams exist); who is on call any signed-in caller may read, with a
// token of incident scope too, as the escalation of incidents will.
import { noContent, streamedFile } from '../schemas/common';
import {
  AddOverrideRequest,
  CreateScheduleRequest,
  OnCallResponse,
  OverrideIdInput,
  OverrideList,
  OverrideListQuery,
  OverrideResponse,
  ScheduleIdInput,
  ScheduleListQuery,
  SchedulePage,
  ScheduleResponse,
  ShiftList,
  ShiftWindowQuery,
  UpdateScheduleRequest,
} from '../schemas/oncall';
import { addOverride, deleteOverride, listOverrides } from '../services/oncall/overrides';
import {
  createSchedule,
  deleteSchedule,
  getSchedule,
  listSchedules,
  updateSchedule,
} from '../services/oncall/schedules';
import { exportCalendar, getOnCall, listShifts } from '../services/oncall/shifts';
import { operations, permissionOperation, signedInOperation } from '../transport/trpc';

const manage = permissionOperation('ACCESS_BPM_ADMIN');
const read = signedInOperation.meta({ tokenScope: 'INCIDENTS' });
const tags = ['On-call'];

export const oncallRouter = operations({
  list: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules',
        operationId: 'listOncallSchedules',
        tags,
        summary: 'On-call schedules, by name',
        description: 'Lists the on-call schedules by name, each with its rotation in order.',
      },
    })
    .input(ScheduleListQuery)
    .output(SchedulePage)
    .query(({ ctx, input }) => listSchedules(ctx.db, input)),

  create: manage
    .meta({
      conflict: 'CONFLICT: another schedule has this name',
      openapi: {
        method: 'POST',
        path: '/oncall/schedules',
        operationId: 'createOncallSchedule',
        tags,
        summary: 'Create an on-call schedule',
        description:
          'Creates a schedule: a rotation of people (user ids, in order) handing off DAILY or WEEKLY at a local time in an IANA time zone from a date, or at the hand-offs of an RFC 5545 RRULE. A name another schedule has is a 409. Audited.',
      },
    })
    .input(CreateScheduleRequest)
    .output(ScheduleResponse)
    .mutation(({ ctx, input }) => createSchedule(ctx.db, input, ctx.principal)),

  get: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules/{id}',
        operationId: 'getOncallSchedule',
        tags,
        summary: 'One on-call schedule',
        description: 'Answers a schedule with its rotation in order.',
      },
    })
    .input(ScheduleIdInput)
    .output(ScheduleResponse)
    .query(({ ctx, input }) => getSchedule(ctx.db, input)),

  update: manage
    .meta({
      conflict: 'CONFLICT: another schedule has this name',
      openapi: {
        method: 'PUT',
        path: '/oncall/schedules/{id}',
        operationId: 'updateOncallSchedule',
        tags,
        summary: 'Replace an on-call schedule',
        description:
          "Replaces a schedule's name, time zone, hand-offs and rotation; its shifts, past ones too, are computed from the new definition. Audited.",
      },
    })
    .input(UpdateScheduleRequest)
    .output(ScheduleResponse)
    .mutation(({ ctx, input }) => updateSchedule(ctx.db, input, ctx.principal)),

  delete: manage
    .meta({
      successStatus: 204,
      openapi: {
        method: 'DELETE',
        path: '/oncall/schedules/{id}',
        operationId: 'deleteOncallSchedule',
        tags,
        summary: 'Delete an on-call schedule',
        description: 'Deletes a schedule with its rotation and overrides. Audited.',
      },
    })
    .input(ScheduleIdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteSchedule(ctx.db, input, ctx.principal)),

  onCall: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules/{id}/on-call',
        operationId: 'getOncallNow',
        tags,
        summary: 'Who is on call now and next',
        description:
          'Answers who is on call now (since when, until when, and the override that makes it, if one does) and the shift after it within 90 days; null where nobody is.',
      },
    })
    .input(ScheduleIdInput)
    .output(OnCallResponse)
    .query(({ ctx, input }) => getOnCall(ctx.db, input)),

  shifts: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules/{id}/shifts',
        operationId: 'listOncallShifts',
        tags,
        summary: 'The shifts of a window',
        description:
          'Lists the shifts that overlap a window of at most 90 days (from now for 7 days when left out), each whole, overrides laid over the rotation, by their start.',
      },
    })
    .input(ShiftWindowQuery)
    .output(ShiftList)
    .query(({ ctx, input }) => listShifts(ctx.db, input)),

  calendar: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules/{id}/calendar',
        operationId: 'exportOncallCalendar',
        tags,
        summary: 'The shifts of a window as an iCalendar file',
        description:
          'Answers the shifts of a window of at most 90 days (from now for 90 days when left out) as an iCalendar file, one VEVENT per shift with a UID that stays the same while the shift does.',
      },
      file: { formats: ['ics'] },
    })
    .input(ShiftWindowQuery)
    .output(streamedFile)
    .query(({ ctx, input }) => exportCalendar(ctx.db, input)),

  overrides: read
    .meta({
      openapi: {
        method: 'GET',
        path: '/oncall/schedules/{id}/overrides',
        operationId: 'listOncallOverrides',
        tags,
        summary: "A schedule's overrides",
        description:
          'Lists the overrides of a schedule that end after `from` (now when left out), by their start.',
      },
    })
    .input(OverrideListQuery)
    .output(OverrideList)
    .query(({ ctx, input }) => listOverrides(ctx.db, input)),

  addOverride: manage
    .meta({
      openapi: {
        method: 'POST',
        path: '/oncall/schedules/{id}/overrides',
        operationId: 'addOncallOverride',
        tags,
        summary: 'Add an override: a person covers a time',
        description:
          'Adds an override: the person covers from startsAt to endsAt (instants, or local times in the schedule time zone), over the rotation and over older overrides. Audited.',
      },
    })
    .input(AddOverrideRequest)
    .output(OverrideResponse)
    .mutation(({ ctx, input }) => addOverride(ctx.db, input, ctx.principal)),

  deleteOverride: manage
    .meta({
      successStatus: 204,
      openapi: {
        method: 'DELETE',
        path: '/oncall/schedules/{id}/overrides/{overrideId}',
        operationId: 'deleteOncallOverride',
        tags,
        summary: 'Delete an override',
        description: 'Deletes an override of the schedule: the rotation covers its time again. Audited.',
      },
    })
    .input(OverrideIdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteOverride(ctx.db, input, ctx.principal)),
});
