// Teams and the ownership rules' operations (docs/contract.md §13) over REST and the console's tRPC: what
// they answer, what they refuse (400, 404, 409) with nothing changed, and who may call them. Real server,
// real database, real tokens.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { unique } from '../support/helpers';
import {
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();
let admin: Client;
let adminActor: Actor;

interface Team {
  id: number;
  code: string;
  name: string;
  description: string;
  leadUserId: number | null;
  memberCount: number;
}

const code = () =>
  unique('T')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');

async function newTeam(body: Record<string, unknown> = {}): Promise<Team> {
  const c = code();
  const res = await admin.post('/admin/teams', { code: c, name: `Team ${c}`, ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as Team;
}

/** The teams, rules and revision as stored: what a refused change must leave as it was. */
async function ownershipState() {
  const rows = async (q: string) => rowsOf<unknown>(await t.database.db.execute(sql.raw(q)));
  return {
    teams: await rows('select * from teams order by group_id'),
    rules: await rows('select * from ownership_rules order by position'),
    revision: await rows('select revision, token from ownership_revision'),
    groups: await rows('select id, code, name from groups order by id'),
  };
}

async function unchanged(request: () => Promise<Awaited<ReturnType<Client['get']>>>) {
  const before = await ownershipState();
  const res = await t.withoutChange(request);
  expect(await ownershipState()).toEqual(before);
  return res;
}

beforeAll(async () => {
  adminActor = await t.admin();
  admin = t.as(adminActor.token);
});

describe('teams', () => {
  it('creates a team with a group of its own, or marks an existing group; answers and lists it', async () => {
    const lead = await t.actor();
    const team = await newTeam({ description: 'Card payments', leadUserId: lead.id });
    expect(team).toMatchObject({ description: 'Card payments', leadUserId: lead.id, memberCount: 0 });
    const group = await t.group([], code());
    const marked = await admin.post('/admin/teams', { groupId: group.id });
    expect(marked.status, marked.text).toBe(200);
    expect(marked.body).toMatchObject({ id: group.id, code: group.code, description: '', leadUserId: null });
    expect((await admin.get(`/admin/teams/${team.id}`)).body).toEqual(team);
    const listed = (await admin.get('/admin/teams')).body as Team[];
    expect(listed.map((x) => x.id)).toEqual(expect.arrayContaining([team.id, group.id]));
    const audit = await t.auditOf(adminActor.token, adminActor.username);
    expect(audit[0]).toMatchObject({ action: 'team.create', targetType: 'team', targetId: String(group.id) });
  });

  it('refuses a taken code, a group already a team, unknown ids and bad bodies, changing nothing', async () => {
    const team = await newTeam();
    expectProblem(
      await unchanged(() => admin.post('/admin/teams', { code: team.code, name: 'again' })),
      409,
      'CONFLICT',
    );
    expectProblem(await unchanged(() => admin.post('/admin/teams', { groupId: team.id })), 409, 'CONFLICT');
    expectFieldError(await unchanged(() => admin.post('/admin/teams', { groupId: 999_999_999 })), 'groupId');
    expectFieldError(await unchanged(() => admin.post('/admin/teams', { name: 'no code' })), 'code');
    expectFieldError(
      await unchanged(() => admin.post('/admin/teams', { groupId: team.id, code: 'X', name: 'x' })),
      'groupId',
    );
    expectFieldError(await unchanged(() => admin.post('/admin/teams', { code: 'lower', name: 'x' })), 'code');
    expectFieldError(
      await unchanged(() => admin.post('/admin/teams', { code: code(), name: 'x', leadUserId: 999_999_999 })),
      'leadUserId',
    );
    expectFieldError(
      await unchanged(() => admin.post('/admin/teams', { code: code(), name: 'x', leadUserId: '5' })),
      'leadUserId',
    );
    expectProblem(await admin.get('/admin/teams/999999999'), 404, 'NOT_FOUND');
  });

  it('updates name, description and lead; sets and lists members; deletes the mark, keeping the group', async () => {
    const team = await newTeam();
    const [alice, bob] = [await t.actor(), await t.actor()];
    const updated = await admin.put(`/admin/teams/${team.id}`, { name: 'Renamed', leadUserId: alice.id });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      name: 'Renamed',
      description: team.description,
      leadUserId: alice.id,
    });
    const members = await admin.put(`/admin/teams/${team.id}/members`, { userIds: [alice.id, bob.id] });
    expect(members.status, members.text).toBe(200);
    expect(
      (await admin.get(`/admin/teams/${team.id}/members`)).body.map((u: { id: number }) => u.id),
    ).toEqual([alice.id, bob.id]);
    expect((await admin.get(`/admin/teams/${team.id}`)).body.memberCount).toBe(2);
    const mine = await t.as(alice.token).get('/teams/mine');
    expect(mine.status, mine.text).toBe(200);
    expect(mine.body.map((x: Team) => x.code)).toEqual([team.code]);

    expect((await admin.del(`/admin/teams/${team.id}`)).status).toBe(204);
    expectProblem(await admin.get(`/admin/teams/${team.id}`), 404, 'NOT_FOUND');
    expect((await admin.get(`/admin/groups?q=${team.code}`)).body).toHaveLength(1);
    expect((await t.as(alice.token).get('/teams/mine')).body).toEqual([]);
  });
});

describe('ownership rules', () => {
  it('replaces the set whole and lists it in order with its revision', async () => {
    const [a, b] = [await newTeam(), await newTeam()];
    const rules = [
      { team: a.code, topic: 'payments/*' },
      { team: b.code, source: 'WORKER', nodeId: 'charge-*', processDefinition: null },
    ];
    const before = (await admin.get('/admin/ownership-rules')).body.revision as number;
    const res = await admin.put('/admin/ownership-rules', { rules });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ revision: before + 1, rules: 2 });
    const listed = await admin.get('/admin/ownership-rules');
    expect(listed.body).toEqual({
      revision: before + 1,
      rules: [
        {
          team: a.code,
          source: null,
          processDefinition: null,
          nodeId: null,
          topic: 'payments/*',
          incidentGroup: null,
        },
        {
          team: b.code,
          source: 'WORKER',
          processDefinition: null,
          nodeId: 'charge-*',
          topic: null,
          incidentGroup: null,
        },
      ],
    });
    const audit = await t.auditOf(adminActor.token, adminActor.username);
    expect(audit[0]).toMatchObject({ action: 'ownership_rules.replace', targetType: 'ownership_rules' });
    expect(audit[0].after).toBe(`topic=payments/* @${a.code}\nsource=WORKER node=charge-* @${b.code}\n`);
  });

  it('exports an OWNERS text and imports it back to the same rules', async () => {
    const [a, b] = [await newTeam(), await newTeam()];
    const text = `# imported\nprocess=order-* @${a.code}\n\nsource=MESSAGE group=MESSAGE:*:* @${b.code}\n`;
    const imported = await admin.put('/admin/ownership-rules/owners', { text });
    expect(imported.status, imported.text).toBe(200);
    expect(imported.body.rules).toBe(2);
    const exported = await admin.get('/admin/ownership-rules/owners');
    expect(exported.body.text).toBe(
      `process=order-* @${a.code}\nsource=MESSAGE group=MESSAGE:*:* @${b.code}\n`,
    );
    const rules = (await admin.get('/admin/ownership-rules')).body.rules;
    expect((await admin.put('/admin/ownership-rules/owners', exported.body)).status).toBe(200);
    expect((await admin.get('/admin/ownership-rules')).body.rules).toEqual(rules);
  });

  it('refuses unknown teams, bad globs, fieldless rules and bad OWNERS lines, changing nothing', async () => {
    const a = await newTeam();
    expectFieldError(
      await unchanged(() =>
        admin.put('/admin/ownership-rules', { rules: [{ team: 'NO_SUCH_TEAM', topic: 'x' }] }),
      ),
      'rules.0.team',
    );
    expectFieldError(
      await unchanged(() => admin.put('/admin/ownership-rules', { rules: [{ team: a.code, topic: 'a b' }] })),
      'rules.0.topic',
    );
    expectFieldError(
      await unchanged(() => admin.put('/admin/ownership-rules', { rules: [{ team: a.code, topic: '' }] })),
      'rules.0.topic',
    );
    expectProblem(
      await unchanged(() => admin.put('/admin/ownership-rules', { rules: [{ team: a.code }] })),
      400,
      'VALIDATION_FAILED',
    );
    expectProblem(await unchanged(() => admin.put('/admin/ownership-rules', { rules: 'all' })), 400);
    const bad = await unchanged(() =>
      admin.put('/admin/ownership-rules/owners', {
        text: `topic=a @${a.code}\ntopic=b\ncolour=red @${a.code}`,
      }),
    );
    expectProblem(bad, 400, 'VALIDATION_FAILED');
    expect(bad.body.errors.map((e: { field: string }) => e.field)).toEqual(['text.line.2', 'text.line.3']);
    expectFieldError(
      await unchanged(() => admin.put('/admin/ownership-rules/owners', { text: 'topic=a @NO_SUCH_TEAM' })),
      'rules.0.team',
    );
  });

  it('refuses to delete a team, or its group, while a rule names it', async () => {
    const a = await newTeam();
    expect(
      (await admin.put('/admin/ownership-rules', { rules: [{ team: a.code, nodeId: 'x' }] })).status,
    ).toBe(200);
    expectProblem(await unchanged(() => admin.del(`/admin/teams/${a.id}`)), 409, 'CONFLICT');
    expectProblem(await unchanged(() => admin.del(`/admin/groups/${a.id}`)), 409, 'CONFLICT');
    expect((await admin.put('/admin/ownership-rules', { rules: [] })).status).toBe(200);
    expect((await admin.del(`/admin/teams/${a.id}`)).status).toBe(204);
  });
});

describe('who may manage teams and rules', () => {
  const operations: [method: 'get' | 'post' | 'put' | 'del', path: string, body?: unknown][] = [
    ['get', '/admin/teams'],
    ['post', '/admin/teams', { code: 'NEVER_MADE', name: 'x' }],
    ['get', '/admin/teams/{id}'],
    ['put', '/admin/teams/{id}', { name: 'x' }],
    ['del', '/admin/teams/{id}'],
    ['get', '/admin/teams/{id}/members'],
    ['put', '/admin/teams/{id}/members', { userIds: [] }],
    ['get', '/admin/ownership-rules'],
    ['put', '/admin/ownership-rules', { rules: [] }],
    ['get', '/admin/ownership-rules/owners'],
    ['put', '/admin/ownership-rules/owners', { text: '' }],
  ];

  it('refuses everyone but administrators (401 without credentials, 403 without the permission), over REST and tRPC', async () => {
    const team = await newTeam();
    const engine = await t.actor(['ACCESS_ENGINE_API', 'ACCESS_PROCESS_PORTAL']);
    const member = await t.actor([], { groupIds: [team.id] });
    const consoleOfEngine = await t.console(engine);
    for (const [method, template, body] of operations) {
      const path = template.replace('{id}', String(team.id));
      expectUnauthenticated(await unchanged(() => t.as()[method](path, body)));
      for (const client of [t.as(engine.token), t.as(member.token), consoleOfEngine])
        expectProblem(await unchanged(() => client[method](path, body)), 403, 'FORBIDDEN');
    }
  });

  it('lets anyone signed in see their own teams, and no one else', async () => {
    expectUnauthenticated(await t.as().get('/teams/mine'));
    const loner = await t.actor();
    expect((await t.as(loner.token).get('/teams/mine')).body).toEqual([]);
  });
});
