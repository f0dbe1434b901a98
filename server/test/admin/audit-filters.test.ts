// The audit log's filters and links over HTTP: the actor filter matches the start of a name in any case with
// LIKE's wildcards taken literally; from/to are inclusive local dates or times in the service's time zone;
// each target names the console page that shows it, or none once it is gone.
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../db/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unique } from '../support/helpers';
import { report } from '../support/incident-helpers';
import { expectFieldError, newCode, useTestApi, type Actor, type AuditEvent } from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;

beforeAll(async () => {
  admin = await t.admin();
});

/** Writes an audit record as a service would, at `createdAt` (now when omitted); its id. */
async function record(
  actor: string,
  opts: { createdAt?: Date; targetType?: string; targetId?: string | number } = {},
): Promise<number> {
  const result = await t.database.db.execute(sql`
    insert into audit_events (actor, action, target_type, target_id, created_at)
    values (${actor}, 'user.update', ${opts.targetType ?? 'user'}, ${opts.targetId === undefined ? null : String(opts.targetId)},
            ${(opts.createdAt ?? new Date()).toISOString()})
    returning id`);
  return Number(rowsOf<{ id: string | number }>(result)[0].id);
}

async function search(query: Record<string, string>): Promise<AuditEvent[]> {
  const res = await t.as(admin.token).get(`/admin/audit-events?size=100&${new URLSearchParams(query)}`);
  expect(res.status, res.text).toBe(200);
  return res.body.content as AuditEvent[];
}

const idsOf = (events: AuditEvent[]) => events.map((e) => e.id).sort((a, b) => a - b);

describe('actor filter', () => {
  const stem = unique('pfx');
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    for (const name of ['_ab', 'xab', '%ab', 'Xy', '\\ab', '_AB']) {
      ids[name] = await record(`${name.endsWith('AB') ? stem.toUpperCase() : stem}${name}`);
    }
  });

  it('matches the start of the name, in any case (ad finds admin)', async () => {
    expect(idsOf(await search({ actor: stem }))).toEqual(Object.values(ids).sort((a, b) => a - b));
    expect(idsOf(await search({ actor: `${stem.toUpperCase()}X` }))).toEqual(
      [ids.xab, ids.Xy].sort((a, b) => a - b),
    );
    expect(await search({ actor: stem.slice(1) })).toEqual([]);
  });

  it('takes _ and % literally, and the escape character too', async () => {
    expect(idsOf(await search({ actor: `${stem}_` }))).toEqual([ids._ab, ids._AB].sort((a, b) => a - b));
    expect(idsOf(await search({ actor: `${stem}%` }))).toEqual([ids['%ab']]);
    expect(idsOf(await search({ actor: `${stem}\\` }))).toEqual([ids['\\ab']]);
    expect(await search({ actor: `${stem}%b` })).toEqual([]);
  });

  it("finds a real admin's changes by the start of the name", async () => {
    const res = await t.as(admin.token).post('/admin/groups', { code: newCode(), name: 'Prefix' });
    expect(res.status, res.text).toBe(200);
    const events = await search({ actor: admin.username.slice(0, -1).toUpperCase() });
    expect(events.map((e) => e.actor)).toContain(admin.username);
  });
});

describe("date range, in the service's time zone (Asia/Kolkata, +05:30)", () => {
  const saved = process.env.TZ;
  const actor = unique('tz');
  const at: Record<string, number> = {};
  beforeAll(async () => {
    process.env.TZ = 'Asia/Kolkata';
    // Kolkata's 10 March 2026 runs from 9 March 18:30 UTC to 10 March 18:30 UTC.
    const instants = {
      beforeDay: '2026-03-09T18:29:59.999Z',
      dayStart: '2026-03-09T18:30:00.000Z',
      morning: '2026-03-10T04:45:30.000Z', // 10:15:30 local
      minuteEnd: '2026-03-10T04:45:59.999Z', // 10:15:59.999 local
      nextMinute: '2026-03-10T04:46:00.000Z', // 10:16 local
      dayEnd: '2026-03-10T18:29:59.999Z',
      nextDay: '2026-03-10T18:30:00.000Z',
    };
    for (const [name, instant] of Object.entries(instants))
      at[name] = await record(actor, { createdAt: new Date(instant) });
  });
  afterAll(() => {
    process.env.TZ = saved;
  });

  const found = async (query: Record<string, string>) => idsOf(await search({ actor, ...query }));
  const ids = (...names: string[]) => names.map((n) => at[n]).sort((a, b) => a - b);

  it('a day, as from and to, is the whole local day', async () => {
    expect(await found({ from: '2026-03-10', to: '2026-03-10' })).toEqual(
      ids('dayStart', 'morning', 'minuteEnd', 'nextMinute', 'dayEnd'),
    );
  });

  it('from alone starts at local midnight; to alone ends with the local day', async () => {
    expect(await found({ from: '2026-03-11' })).toEqual(ids('nextDay'));
    expect(await found({ to: '2026-03-09' })).toEqual(ids('beforeDay'));
  });

  it('a time to the minute includes that whole minute; to the second, that second', async () => {
    expect(await found({ from: '2026-03-10T10:15', to: '2026-03-10T10:15' })).toEqual(
      ids('morning', 'minuteEnd'),
    );
    expect(await found({ from: '2026-03-10T10:15:30', to: '2026-03-10T10:15:30' })).toEqual(ids('morning'));
    expect(await found({ from: '2026-03-10T10:15:31', to: '2026-03-10T10:16' })).toEqual(
      ids('minuteEnd', 'nextMinute'),
    );
  });

  it('createdAt is written in the same zone as the bounds', async () => {
    const [event] = await search({ actor, from: '2026-03-10T10:15:30', to: '2026-03-10T10:15:30' });
    expect(event.createdAt).toBe('2026-03-10T10:15:30');
  });

  it.each([
    ['from', '2026-02-30'],
    ['from', '2026-03-10T25:00'],
    ['to', '10/03/2026'],
    ['to', '2026-03-10T10:15:30Z'],
    ['to', '2026-03-10T10'],
  ])('%s=%s is a 400 naming the field', async (field, value) => {
    expectFieldError(
      await t.as(admin.token).get(`/admin/audit-events?${field}=${encodeURIComponent(value)}`),
      field,
    );
  });

  it('to before from is a 400', async () => {
    expectFieldError(await t.as(admin.token).get('/admin/audit-events?from=2026-03-10&to=2026-03-09'), 'to');
  });
});

describe('target links', () => {
  it('names the console page of each target that exists, and none once it is gone', async () => {
    const as = t.as(admin.token);
    const user = await t.user();
    const gone = await t.user();
    const group = await t.group();
    const token = await t.apiTokenFor(user.id);
    const revoked = await t.apiTokenFor(user.id);
    const incident = await report(as);
    const actor = unique('links');
    const targets = {
      user: await record(actor, { targetType: 'user', targetId: user.id }),
      goneUser: await record(actor, { targetType: 'user', targetId: gone.id }),
      group: await record(actor, { targetType: 'group', targetId: group.id }),
      token: await record(actor, { targetType: 'api_token', targetId: token.id }),
      revokedToken: await record(actor, { targetType: 'api_token', targetId: revoked.id }),
      incident: await record(actor, { targetType: 'incident', targetId: incident.id }),
      missingIncident: await record(actor, { targetType: 'incident', targetId: incident.id + 1_000_000 }),
      noTarget: await record(actor, { targetType: 'user' }),
    };
    expect((await as.del(`/admin/users/${gone.id}`)).status).toBe(204);
    expect((await as.del(`/admin/api-tokens/${revoked.id}`)).status).toBe(204);

    const pathById = new Map((await search({ actor })).map((e) => [e.id, e.targetPath]));
    expect(Object.fromEntries(Object.entries(targets).map(([name, id]) => [name, pathById.get(id)]))).toEqual(
      {
        user: `/admin/users/${user.id}`,
        goneUser: null,
        group: `/admin/groups?q=${encodeURIComponent(group.code)}`,
        token: `/admin/users/${user.id}`,
        revokedToken: null,
        incident: `/incidents/${incident.id}`,
        missingIncident: null,
        noTarget: null,
      },
    );
  });

  it("a real change's record links its target", async () => {
    const res = await t.as(admin.token).post('/admin/groups', { code: newCode(), name: 'Linked' });
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'group.create',
      targetPath: `/admin/groups?q=${encodeURIComponent(res.body.code)}`,
    });
  });
});
