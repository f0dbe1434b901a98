// On-call schedules over HTTP (docs/contract.md §6, "On-call schedules"): schedules made, read, replaced and
// deleted with their audit records; who is on call now and next, by the rotation and by override; the shifts
// of a window across a daylight-saving change; the iCalendar export read back with ical.js; a deleted user
// leaving the rotation.
import ICAL from 'ical.js';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/helpers';
import { expectNoContent, useTestApi, type Actor, type Client } from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
let people: Actor[];
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
  people = [await t.actor(), await t.actor(), await t.actor()];
});

let names = 0;
const newName = () => `Payments primary ${++names}`;
const HOUR = 3_600_000;
const today = (zone: string, plusDays = 0) =>
  DateTime.now().setZone(zone).plus({ days: plusDays }).toISODate()!;

interface Shift {
  userId: number;
  username: string;
  start: string;
  end: string;
  overrideId: number | null;
}

async function schedule(body: Record<string, unknown> = {}) {
  const res = await as.post('/oncall/schedules', {
    name: newName(),
    timeZone: 'Europe/Berlin',
    handOff: 'DAILY',
    handOffTime: '09:00',
    startsOn: today('Europe/Berlin', -10),
    members: people.map((p) => p.id),
    ...body,
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; name: string; members: { userId: number; username: string }[] };
}

async function shifts(id: number, query = ''): Promise<Shift[]> {
  const res = await as.get(`/oncall/schedules/${id}/shifts${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Shift[];
}

describe('schedules', () => {
  it('creates, reads, lists, replaces and deletes a schedule, each change audited', async () => {
    const made = await schedule({ timeZone: 'europe/berlin', handOff: 'WEEKLY', handOffWeekday: 'MONDAY' });
    expect(made).toMatchObject({
      timeZone: 'Europe/Berlin',
      handOff: 'WEEKLY',
      handOffWeekday: 'MONDAY',
      rrule: null,
      members: people.map((p) => ({ userId: p.id, username: p.username })),
      createdBy: admin.username,
    });
    expect((await as.get(`/oncall/schedules/${made.id}`)).body).toEqual(made);
    const listed = await as.get('/oncall/schedules?size=100');
    expect(listed.body.content.map((s: { id: number }) => s.id)).toContain(made.id);

    const replaced = await as.put(`/oncall/schedules/${made.id}`, {
      name: made.name,
      timeZone: 'America/New_York',
      handOff: 'RRULE',
      rrule: 'RRULE:FREQ=WEEKLY;BYDAY=MO,TH',
      handOffTime: '08:00',
      startsOn: '2026-01-05',
      members: [people[2].id, people[0].id],
    });
    expect(replaced.status, replaced.text).toBe(200);
    expect(replaced.body).toMatchObject({
      handOff: 'RRULE',
      rrule: 'FREQ=WEEKLY;BYDAY=MO,TH',
      handOffWeekday: null,
      members: [{ userId: people[2].id }, { userId: people[0].id }],
    });
    expectNoContent(await as.del(`/oncall/schedules/${made.id}`));
    expect((await as.get(`/oncall/schedules/${made.id}`)).status).toBe(404);
    const audit = await t.auditOf(admin.token, admin.username);
    const mine = audit.filter((a) => a.targetType === 'oncall_schedule' && a.targetId === String(made.id));
    expect(mine.map((a) => a.action)).toEqual([
      'oncall_schedule.delete',
      'oncall_schedule.update',
      'oncall_schedule.create',
    ]);
    expect(mine[1].before).toMatchObject({ handOff: 'WEEKLY' });
    expect(mine[1].after).toMatchObject({ handOff: 'RRULE' });
  });

  it('refuses a second schedule of the same name, whatever the case, and of two at once makes one', async () => {
    const name = newName();
    await schedule({ name });
    const again = await t.withoutChange(() =>
      as.post('/oncall/schedules', {
        name: name.toUpperCase(),
        timeZone: 'UTC',
        handOff: 'DAILY',
        handOffTime: '09:00',
        startsOn: '2026-01-01',
        members: [people[0].id],
      }),
    );
    expect(again.status, again.text).toBe(409);
    const body = { timeZone: 'UTC', handOff: 'DAILY', handOffTime: '09:00', startsOn: '2026-01-01' };
    const race = newName();
    const both = await Promise.all(
      [0, 1].map((i) => as.post('/oncall/schedules', { ...body, name: race, members: [people[i].id] })),
    );
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});

describe('who is on call', () => {
  it('hands off daily at 09:00 local through the rotation in order; now and next say since and until', async () => {
    const made = await schedule();
    const res = await as.get(`/oncall/schedules/${made.id}/on-call`);
    expect(res.status, res.text).toBe(200);
    const { now, next } = res.body as { now: Shift; next: Shift };
    expect(now.overrideId).toBeNull();
    expect(now.start).toMatch(/T09:00:00\+0[12]:00$/);
    expect(now.end).toBe(next.start);
    expect(Date.parse(now.start)).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(now.end)).toBeGreaterThan(Date.now());
    const order = people.map((p) => p.id);
    expect(next.userId).toBe(order[(order.indexOf(now.userId) + 1) % 3]);
  });

  it('lays an override given in local time over the rotation; deleting it gives the time back', async () => {
    const made = await schedule();
    const zone = 'Europe/Berlin';
    const local = (ms: number) => DateTime.fromMillis(ms, { zone }).toFormat("yyyy-MM-dd'T'HH:mm");
    const added = await as.post(`/oncall/schedules/${made.id}/overrides`, {
      userId: people[0].id,
      startsAt: local(Date.now() - HOUR),
      endsAt: local(Date.now() + HOUR),
    });
    expect(added.status, added.text).toBe(200);
    const { now } = (await as.get(`/oncall/schedules/${made.id}/on-call`)).body as { now: Shift };
    expect(now).toMatchObject({ userId: people[0].id, overrideId: added.body.id, end: added.body.endsAt });
    const listed = await as.get(`/oncall/schedules/${made.id}/overrides`);
    expect(listed.body).toEqual([added.body]);
    expectNoContent(await as.del(`/oncall/schedules/${made.id}/overrides/${added.body.id}`));
    const after = (await as.get(`/oncall/schedules/${made.id}/on-call`)).body as { now: Shift };
    expect(after.now.overrideId).toBeNull();
    expect((await as.del(`/oncall/schedules/${made.id}/overrides/${added.body.id}`)).status).toBe(404);
    const audit = await t.auditOf(admin.token, admin.username);
    expect(
      audit
        .filter((a) => a.targetId === String(made.id))
        .map((a) => a.action)
        .slice(0, 2),
    ).toEqual(['oncall_schedule.override.delete', 'oncall_schedule.override.add']);
  });

  it('answers the shifts over the Berlin spring change at 09:00 local, the one across it 23 hours long', async () => {
    const made = await schedule({ startsOn: '2026-03-20', members: [people[0].id, people[1].id] });
    const list = await shifts(made.id, '?from=2026-03-28T10:00&to=2026-03-30T10:00');
    expect(list.map((s) => [s.start, s.end, s.userId])).toEqual([
      ['2026-03-28T09:00:00+01:00', '2026-03-29T09:00:00+02:00', people[0].id],
      ['2026-03-29T09:00:00+02:00', '2026-03-30T09:00:00+02:00', people[1].id],
      ['2026-03-30T09:00:00+02:00', '2026-03-31T09:00:00+02:00', people[0].id],
    ]);
    expect((Date.parse(list[0].end) - Date.parse(list[0].start)) / HOUR).toBe(23);
  });

  it('closes the rotation up when a user in it is deleted, and their overrides go with them', async () => {
    const leaving = await t.actor();
    const made = await schedule({
      startsOn: '2026-01-01',
      members: [people[0].id, leaving.id, people[1].id],
    });
    const override = await as.post(`/oncall/schedules/${made.id}/overrides`, {
      userId: leaving.id,
      startsAt: DateTime.now().plus({ days: 1 }).toISO(),
      endsAt: DateTime.now().plus({ days: 2 }).toISO(),
    });
    expect(override.status, override.text).toBe(200);
    expectNoContent(await as.del(`/admin/users/${leaving.id}`));
    const after = (await as.get(`/oncall/schedules/${made.id}`)).body;
    expect(after.members.map((m: { userId: number }) => m.userId)).toEqual([people[0].id, people[1].id]);
    expect((await as.get(`/oncall/schedules/${made.id}/overrides`)).body).toEqual([]);
    const week = await shifts(made.id);
    expect(new Set(week.map((s) => s.userId))).toEqual(new Set([people[0].id, people[1].id]));
  });
});

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  it('a user deleted while a schedule naming them is made: refused as unknown, or made and then left', async () => {
    for (let i = 0; i < 5; i++) {
      const leaving = await t.actor();
      const [made, deleted] = await Promise.all([
        as.post('/oncall/schedules', {
          name: newName(),
          timeZone: 'UTC',
          handOff: 'DAILY',
          handOffTime: '09:00',
          startsOn: '2026-01-01',
          members: [people[0].id, leaving.id],
        }),
        as.del(`/admin/users/${leaving.id}`),
      ]);
      expect(deleted.status, deleted.text).toBe(204);
      if (made.status === 400) continue;
      expect(made.status, made.text).toBe(200);
      const after = await as.get(`/oncall/schedules/${made.body.id}`);
      expect(after.body.members.map((m: { userId: number }) => m.userId)).toEqual([people[0].id]);
    }
  });
});

describe('the iCalendar export', () => {
  it('answers text/calendar, one VEVENT per shift with stable UIDs, read back by ical.js', async () => {
    const made = await schedule({ timeZone: 'America/New_York', startsOn: '2026-10-25' });
    const window = '?from=2026-10-30T00:00&to=2026-11-04T00:00';
    const expected = await shifts(made.id, window);
    await as.post(`/oncall/schedules/${made.id}/overrides`, {
      userId: people[2].id,
      startsAt: '2099-01-01T00:00',
      endsAt: '2099-01-02T00:00',
    });
    const exportOnce = async () => {
      const res = await as.get(`/oncall/schedules/${made.id}/calendar${window}`);
      expect(res.status, res.text).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
      expect(res.headers.get('content-disposition')).toMatch(
        /^attachment; filename="oncall-\d+-\d{8}-\d{6}Z\.ics"$/,
      );
      const calendar = new ICAL.Component(ICAL.parse(res.text as string));
      return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    };
    const events = await exportOnce();
    expect(events).toHaveLength(expected.length);
    expect(events.map((e) => e.startDate.toJSDate().getTime())).toEqual(
      expected.map((s) => Date.parse(s.start)),
    );
    expect(events.map((e) => e.endDate.toJSDate().getTime())).toEqual(expected.map((s) => Date.parse(s.end)));
    expect(events[0].summary).toBe(`On call: ${expected[0].username} (${made.name})`);
    // The shift over the New York autumn change lasts 25 hours.
    const across = events.find((e) => e.startDate.toJSDate().toISOString() === '2026-10-31T13:00:00.000Z')!;
    expect((across.endDate.toJSDate().getTime() - across.startDate.toJSDate().getTime()) / HOUR).toBe(25);
    const uids = events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    expect((await exportOnce()).map((e) => e.uid)).toEqual(uids);
  });
});
