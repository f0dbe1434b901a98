// On-call schedules refused (docs/contract.md §6, "On-call schedules"; §4): bad input is a 400 problem with
// nothing changed; managing needs ACCESS_BPM_ADMIN over REST, tRPC single and batched; reading needs a
// signed-in caller, a token of incident scope or read-only, never another scope.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/helpers';
import {
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
let person: Actor;
let scheduleId: number;
let names = 0;

const valid = () => ({
  name: `Checkout ${++names}`,
  timeZone: 'Europe/Berlin',
  handOff: 'DAILY',
  handOffTime: '09:00',
  startsOn: '2026-03-01',
  members: [person.id],
});

beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
  person = await t.actor();
  const made = await as.post('/oncall/schedules', valid());
  expect(made.status, made.text).toBe(200);
  scheduleId = made.body.id;
});

describe('bad input', () => {
  it.each([
    ['timeZone', { timeZone: 'Mars/Olympus_Mons' }],
    ['timeZone', { timeZone: '+02:00' }],
    ['members', { members: [] }],
    ['members', { members: [987_654_321] }],
    ['members', { members: ['1'] }],
    ['name', { name: '   ' }],
    ['name', { name: 'On call\u0007' }],
    ['name', { name: 'evil\u202Egnp.exe' }],
    ['name', { name: 'x'.repeat(101) }],
    ['handOffTime', { handOffTime: '24:00' }],
    ['handOffTime', { handOffTime: '9:00' }],
    ['startsOn', { startsOn: '2026-02-30' }],
    ['handOffWeekday', { handOff: 'WEEKLY' }],
    ['handOffWeekday', { handOffWeekday: 'MONDAY' }],
    ['rrule', { handOff: 'RRULE' }],
    ['rrule', { handOff: 'RRULE', rrule: 'FREQ=MINUTELY' }],
    ['rrule', { handOff: 'RRULE', rrule: 'FREQ=DAILY;COUNT=3' }],
    ['rrule', { handOff: 'RRULE', rrule: 'FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30' }],
    ['rrule', { handOff: 'RRULE', rrule: 'FREQ=DAILY\r\nDTSTART:20260101T000000Z' }],
    ['rrule', { handOff: 'RRULE', rrule: 'FREQ=YEARLY;INTERVAL=5' }],
    ['handOff', { handOff: 'HOURLY' }],
  ])('refuses a schedule with a bad %s, and changes nothing', async (field, change) => {
    expectFieldError(
      await t.withoutChange(() => as.post('/oncall/schedules', { ...valid(), ...change })),
      field,
    );
    expectFieldError(
      await t.withoutChange(() => as.put(`/oncall/schedules/${scheduleId}`, { ...valid(), ...change })),
      field,
    );
  });

  it('refuses a service account in a rotation', async () => {
    const service = await t.serviceAccount();
    expectFieldError(
      await t.withoutChange(() => as.post('/oncall/schedules', { ...valid(), members: [service.id] })),
      'members',
    );
  });

  it.each([
    ['endsAt', { startsAt: '2099-01-02T00:00', endsAt: '2099-01-01T00:00' }],
    ['endsAt', { startsAt: '2020-01-01T00:00', endsAt: '2020-01-02T00:00' }],
    ['endsAt', { startsAt: '2099-01-01T00:00', endsAt: '2099-06-01T00:00' }],
    // 02:30 does not exist in Berlin on the last Sunday of March.
    ['startsAt', { startsAt: '2099-03-29T02:30', endsAt: '2099-03-29T05:00' }],
    ['startsAt', { startsAt: '2099-01-01 00:00', endsAt: '2099-01-02T00:00' }],
    ['userId', { userId: 987_654_321 }],
  ])('refuses an override with a bad %s, and changes nothing', async (field, change) => {
    const body = { userId: person.id, startsAt: '2099-01-01T00:00', endsAt: '2099-01-02T00:00', ...change };
    expectFieldError(
      await t.withoutChange(() => as.post(`/oncall/schedules/${scheduleId}/overrides`, body)),
      field,
    );
  });

  it('refuses a window of shifts that ends before it starts or is longer than 90 days', async () => {
    const base = `/oncall/schedules/${scheduleId}`;
    expectFieldError(await as.get(`${base}/shifts?from=2026-05-02T00:00&to=2026-05-01T00:00`), 'to');
    expectFieldError(await as.get(`${base}/shifts?from=2026-01-01T00:00&to=2026-05-01T00:00`), 'to');
    expectFieldError(await as.get(`${base}/calendar?from=2026-01-01T00:00&to=2026-05-01T00:00`), 'to');
    expectFieldError(await as.get(`${base}/shifts?from=yesterday`), 'from');
  });

  it('answers 404 for a schedule that does not exist, on every operation', async () => {
    const missing = '/oncall/schedules/987654321';
    for (const path of ['', '/on-call', '/shifts', '/calendar', '/overrides'])
      expectProblem(await as.get(`${missing}${path}`), 404, 'NOT_FOUND');
    expectProblem(await t.withoutChange(() => as.put(missing, valid())), 404, 'NOT_FOUND');
    expectProblem(await t.withoutChange(() => as.del(missing)), 404, 'NOT_FOUND');
    const override = { userId: person.id, startsAt: '2099-01-01T00:00', endsAt: '2099-01-02T00:00' };
    expectProblem(await t.withoutChange(() => as.post(`${missing}/overrides`, override)), 404, 'NOT_FOUND');
  });
});

describe('permissions', () => {
  const reads = () => [
    '/oncall/schedules',
    `/oncall/schedules/${scheduleId}`,
    `/oncall/schedules/${scheduleId}/on-call`,
    `/oncall/schedules/${scheduleId}/shifts`,
    `/oncall/schedules/${scheduleId}/overrides`,
    `/oncall/schedules/${scheduleId}/calendar`,
  ];
  const override = () => ({ userId: person.id, startsAt: '2099-01-01T00:00', endsAt: '2099-01-02T00:00' });
  const changes = (client: Client) => [
    () => client.post('/oncall/schedules', valid()),
    () => client.put(`/oncall/schedules/${scheduleId}`, valid()),
    () => client.del(`/oncall/schedules/${scheduleId}`),
    () => client.post(`/oncall/schedules/${scheduleId}/overrides`, override()),
    () => client.del(`/oncall/schedules/${scheduleId}/overrides/1`),
  ];

  it('asks for a token on every operation', async () => {
    const nobody = t.as();
    for (const path of reads()) expectUnauthenticated(await nobody.get(path));
    for (const change of changes(nobody)) expectUnauthenticated(await t.withoutChange(change));
  });

  it('lets a signed-in person without permissions read, over REST and the console, and change nothing', async () => {
    const reader = t.as(person.token);
    for (const path of reads()) expect((await reader.get(path)).status, path).toBe(200);
    for (const change of changes(reader)) expectProblem(await t.withoutChange(change), 403, 'FORBIDDEN');
    const console = await t.console(person);
    expect((await console.get(`/oncall/schedules/${scheduleId}/on-call`)).status).toBe(200);
    for (const change of changes(console)) expectProblem(await t.withoutChange(change), 403, 'FORBIDDEN');
  });

  it('refuses a batch over tRPC that holds a change the caller may not make, and makes nothing of it', async () => {
    const batch = await t.withoutChange(() =>
      api(t.url, 'POST', '/trpc/oncall.create,oncall.addOverride?batch=1', {
        token: person.token,
        body: { 0: valid(), 1: { id: scheduleId, ...override() } },
      }),
    );
    expect(batch.status).toBe(403);
    expect(JSON.stringify(batch.body)).toMatch(/ACCESS_BPM_ADMIN/);
  });

  it('lets an API token of incident or read-only scope read who is on call, and no other scope', async () => {
    const tokenOf = async (scope: string) => {
      const res = await as.post(`/admin/users/${admin.id}/api-tokens`, { name: `oncall ${scope}`, scope });
      expect(res.status, res.text).toBe(200);
      return t.as(res.body.token as string);
    };
    for (const scope of ['INCIDENTS', 'READ_ONLY'])
      expect((await (await tokenOf(scope)).get(`/oncall/schedules/${scheduleId}/on-call`)).status).toBe(200);
    const incidents = await tokenOf('INCIDENTS');
    expectProblem(
      await t.withoutChange(() => incidents.post('/oncall/schedules', valid())),
      403,
      'FORBIDDEN',
    );
    for (const scope of ['WORKER', 'METRICS'])
      expectProblem(
        await (await tokenOf(scope)).get(`/oncall/schedules/${scheduleId}/on-call`),
        403,
        'FORBIDDEN',
      );
  });
});
