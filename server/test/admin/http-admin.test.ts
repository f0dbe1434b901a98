// The administration API over HTTP (seed operations and docs/contract.md §5): status and body of every
// success, merge semantics, ordering, filters, secrets never shown, and the audit record of each change.
import { beforeAll, describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '../../permissions';
import { unique } from '../support/helpers';
import {
  ADMIN,
  API_TOKEN_PATTERN,
  LOCAL_DATE_TIME,
  PAGE_KEYS,
  expectNoContent,
  expectProblem,
  expectSortedAscending,
  expectUnauthenticated,
  idsOf,
  newCode,
  newPassword,
  useTestApi,
  type Actor,
  type AuditEvent,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();

interface GroupBody {
  id: number;
  code: string;
  name: string;
  permissions: string[];
  memberCount: number;
}
interface UserBody {
  id: number;
  username: string;
  enabled: boolean;
  groups: string[];
  permissions: string[];
  effectivePermissions: string[];
}

/** Each test acts as its own admin, so that its audit records are the ones with its name. */
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

async function freshAdmin() {
  admin = await t.admin();
  as = t.as(admin.token);
}

async function createGroup(body: { code?: string; name?: string; permissionCodes?: string[] } = {}) {
  const res = await as.post('/admin/groups', { code: newCode(), name: unique('Group '), ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as GroupBody;
}

async function createUser(body: Record<string, unknown> = {}) {
  const password = newPassword();
  const res = await as.post('/admin/users', { username: unique('user.'), password, ...body });
  expect(res.status, res.text).toBe(200);
  return { ...(res.body as UserBody), password };
}

async function getUser(id: number): Promise<UserBody | undefined> {
  const res = await as.get('/admin/users');
  return (res.body as UserBody[]).find((u) => u.id === id);
}

async function getGroup(id: number): Promise<GroupBody | undefined> {
  const res = await as.get('/admin/groups');
  return (res.body as GroupBody[]).find((g) => g.id === id);
}

/** The audit records this test's admin wrote, oldest first. */
async function myAudit(): Promise<AuditEvent[]> {
  return (await t.auditOf(admin.token, admin.username)).reverse();
}

function expectUserShape(user: UserBody) {
  expect(Object.keys(user).sort()).toEqual(
    ['effectivePermissions', 'enabled', 'groups', 'id', 'permissions', 'username'].sort(),
  );
  expect(user.id).toEqual(expect.any(Number));
  for (const list of [user.groups, user.permissions, user.effectivePermissions]) expectSortedAscending(list);
}

function expectGroupShape(group: GroupBody) {
  expect(group).toEqual({
    id: expect.any(Number),
    code: expect.any(String),
    name: expect.any(String),
    permissions: expect.any(Array),
    memberCount: expect.any(Number),
  });
  expectSortedAscending(group.permissions);
}

describe('GET /admin/permissions', () => {
  it('lists the whole catalogue as {code, description}, sorted by code', async () => {
    const res = await as.get('/admin/permissions');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { code: string }) => p.code)).toEqual([
      'ACCESS_BPM_ADMIN',
      'ACCESS_BPM_MODELER',
      'ACCESS_ENGINE_API',
      'ACCESS_PROCESS_PORTAL',
    ]);
    for (const p of res.body)
      expect(p).toEqual({ code: expect.any(String), description: expect.any(String) });
  });
});

describe('createGroup: POST /admin/groups', () => {
  beforeAll(freshAdmin);

  it('answers 200 with the group, permissions sorted and de-duplicated', async () => {
    const code = newCode();
    const res = await as.post('/admin/groups', {
      code,
      name: 'Operators',
      permissionCodes: ['ACCESS_PROCESS_PORTAL', 'ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'],
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.body).toEqual({
      id: expect.any(Number),
      code,
      name: 'Operators',
      permissions: ['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'],
      memberCount: 0,
    });
    expect(await getGroup(res.body.id)).toEqual(res.body);
  });

  it('defaults permissionCodes to []', async () => {
    const group = await createGroup({ permissionCodes: undefined });
    expect(group.permissions).toEqual([]);
  });

  it('writes a group.create audit record with the new group', async () => {
    const group = await createGroup();
    expect((await myAudit()).at(-1)).toMatchObject({
      actor: admin.username,
      action: 'group.create',
      targetType: 'group',
      targetId: String(group.id),
      after: { code: group.code, name: group.name },
    });
  });
});

describe('listGroups: GET /admin/groups', () => {
  it('answers a plain array of groups ordered by id', async () => {
    await createGroup();
    await createGroup({ permissionCodes: ['ACCESS_PROCESS_PORTAL', 'ACCESS_BPM_ADMIN'] });
    const res = await as.get('/admin/groups');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.length).toBeGreaterThanOrEqual(2);
    expectSortedAscending(idsOf(res.body));
    res.body.forEach(expectGroupShape);
  });

  it('filters with q, a case-insensitive substring of code or name', async () => {
    const tag = unique('zq');
    const byCode = await createGroup({ code: `${tag.toUpperCase()}_A` });
    const byName = await createGroup({ name: `Team ${tag} B` });
    await createGroup();
    for (const q of [tag, tag.toUpperCase(), tag.slice(1, -1)]) {
      const res = await as.get(`/admin/groups?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([byCode.id, byName.id]);
    }
  });

  it('treats LIKE wildcards in q literally', async () => {
    const res = await as.get(`/admin/groups?q=${encodeURIComponent('%')}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });

  it('counts members', async () => {
    const group = await createGroup();
    await createUser({ groupIds: [group.id] });
    await createUser({ groupIds: [group.id] });
    expect((await getGroup(group.id))?.memberCount).toBe(2);
  });
});

describe('updateGroup: PUT /admin/groups/{id}', () => {
  beforeAll(freshAdmin);

  it('merges: a given name changes only the name', async () => {
    const group = await createGroup({ permissionCodes: ['ACCESS_BPM_MODELER'] });
    const res = await as.put(`/admin/groups/${group.id}`, { name: 'Renamed' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...group, name: 'Renamed' });
    expect(await getGroup(group.id)).toEqual(res.body);
  });

  it('merges: given permissionCodes replace the whole set and keep the name', async () => {
    const group = await createGroup({ permissionCodes: ['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'] });
    const res = await as.put(`/admin/groups/${group.id}`, {
      permissionCodes: ['ACCESS_ENGINE_API', 'ACCESS_BPM_MODELER'],
    });
    expect(res.body).toEqual({ ...group, permissions: ['ACCESS_BPM_MODELER', 'ACCESS_ENGINE_API'] });
    const cleared = await as.put(`/admin/groups/${group.id}`, { permissionCodes: [] });
    expect(cleared.body).toEqual({ ...group, permissions: [] });
  });

  it('an empty body keeps everything; the code and unknown fields are ignored', async () => {
    const group = await createGroup({ permissionCodes: ['ACCESS_BPM_MODELER'] });
    expect((await as.put(`/admin/groups/${group.id}`, {})).body).toEqual(group);
    const other = await createGroup();
    const res = await as.put(`/admin/groups/${group.id}`, { code: 'CHANGED', id: other.id, extra: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(group);
    expect(await getGroup(other.id)).toEqual(other);
  });

  it('writes a group.update audit record with before and after', async () => {
    const group = await createGroup();
    await as.put(`/admin/groups/${group.id}`, { name: 'Audited' });
    expect((await myAudit()).at(-1)).toMatchObject({
      action: 'group.update',
      targetType: 'group',
      targetId: String(group.id),
      before: { name: group.name },
      after: { name: 'Audited' },
    });
  });
});

describe('deleteGroup: DELETE /admin/groups/{id}', () => {
  beforeAll(freshAdmin);

  it('answers 204 with an empty body and removes the group and its memberships, not the users', async () => {
    const group = await createGroup({ permissionCodes: ['ACCESS_BPM_MODELER'] });
    const keep = await createGroup();
    const member = await createUser({ groupIds: [group.id, keep.id] });
    expectNoContent(await as.del(`/admin/groups/${group.id}`));
    expect(await getGroup(group.id)).toBeUndefined();
    expect(await getUser(member.id)).toMatchObject({ groups: [keep.code], effectivePermissions: [] });
    expectProblem(await as.get(`/admin/groups/${group.id}/users`), 404, 'NOT_FOUND');
    expectProblem(await as.del(`/admin/groups/${group.id}`), 404, 'NOT_FOUND');
  });

  it('writes a group.delete audit record', async () => {
    const group = await createGroup();
    await as.del(`/admin/groups/${group.id}`);
    expect((await myAudit()).at(-1)).toMatchObject({
      action: 'group.delete',
      targetType: 'group',
      targetId: String(group.id),
      before: { code: group.code },
      after: null,
    });
  });
});

describe('getGroupUsers: GET /admin/groups/{id}/users', () => {
  it('answers the members as UserResponse, ordered by id', async () => {
    const group = await createGroup({ permissionCodes: ['ACCESS_BPM_MODELER'] });
    const a = await createUser({ groupIds: [group.id], permissionCodes: ['ACCESS_PROCESS_PORTAL'] });
    await createUser();
    const b = await createUser({ groupIds: [group.id] });
    const res = await as.get(`/admin/groups/${group.id}/users`);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([a.id, b.id]);
    res.body.forEach(expectUserShape);
    expect(res.body[0]).toEqual({
      id: a.id,
      username: a.username,
      enabled: true,
      groups: [group.code],
      permissions: ['ACCESS_PROCESS_PORTAL'],
      effectivePermissions: ['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'],
    });
  });

  it('answers [] for a group without members', async () => {
    const group = await createGroup();
    const res = await as.get(`/admin/groups/${group.id}/users`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([]);
  });
});

describe('updateGroupUsers: PUT /admin/groups/{id}/users', () => {
  beforeAll(freshAdmin);

  it('replaces the membership with exactly userIds, duplicates collapsed, answering the members by id', async () => {
    const group = await createGroup();
    const [a, b, c] = [await createUser(), await createUser(), await createUser()];
    await as.put(`/admin/groups/${group.id}/users`, { userIds: [a.id, b.id] });
    const res = await as.put(`/admin/groups/${group.id}/users`, { userIds: [c.id, b.id, c.id] });
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([b.id, c.id]);
    res.body.forEach(expectUserShape);
    expect(res.body[0].groups).toEqual([group.code]);
    expect(idsOf((await as.get(`/admin/groups/${group.id}/users`)).body)).toEqual([b.id, c.id]);
    expect((await getUser(a.id))?.groups).toEqual([]);
    expect((await getGroup(group.id))?.memberCount).toBe(2);
  });

  it('[] removes every member', async () => {
    const group = await createGroup();
    await createUser({ groupIds: [group.id] });
    const res = await as.put(`/admin/groups/${group.id}/users`, { userIds: [] });
    expect(res.body).toEqual([]);
    expect((await as.get(`/admin/groups/${group.id}/users`)).body).toEqual([]);
  });

  it("keeps the members' other groups", async () => {
    const group = await createGroup();
    const other = await createGroup({ code: `A${newCode()}` });
    const user = await createUser({ groupIds: [other.id] });
    const res = await as.put(`/admin/groups/${group.id}/users`, { userIds: [user.id] });
    expect(res.body[0].groups).toEqual([group.code, other.code].sort());
  });

  it('writes a group.members_update audit record', async () => {
    const group = await createGroup();
    const user = await createUser();
    await as.put(`/admin/groups/${group.id}/users`, { userIds: [user.id] });
    expect((await myAudit()).at(-1)).toMatchObject({
      action: 'group.members_update',
      targetType: 'group',
      targetId: String(group.id),
      after: { members: [user.username] },
    });
  });
});

describe('createUser: POST /admin/users', () => {
  beforeAll(freshAdmin);

  it('answers 200 with the user; enabled defaults to true, groups and permissions to []', async () => {
    const username = unique('Fresh.User@x-');
    const res = await as.post('/admin/users', { username, password: newPassword() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      username,
      enabled: true,
      groups: [],
      permissions: [],
      effectivePermissions: [],
    });
  });

  it('sets groups (as sorted codes) and permissions (sorted); effectivePermissions is the union', async () => {
    const g1 = await createGroup({ code: `Z${newCode()}`, permissionCodes: ['ACCESS_ENGINE_API'] });
    const g2 = await createGroup({ code: `A${newCode()}`, permissionCodes: ['ACCESS_BPM_MODELER'] });
    const user = await createUser({
      enabled: false,
      groupIds: [g1.id, g2.id, g1.id],
      permissionCodes: ['ACCESS_PROCESS_PORTAL', 'ACCESS_BPM_MODELER'],
    });
    expect(user).toMatchObject({
      enabled: false,
      groups: [g2.code, g1.code],
      permissions: ['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'],
      effectivePermissions: ['ACCESS_BPM_MODELER', 'ACCESS_ENGINE_API', 'ACCESS_PROCESS_PORTAL'],
    });
    expect(await getUser(user.id)).toEqual({ ...user, password: undefined });
  });

  it('stores the password: the user signs in with it, a disabled one cannot', async () => {
    const user = await createUser();
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
    const disabled = await createUser({ enabled: false });
    expectUnauthenticated(await t.signIn(disabled.username, disabled.password));
  });

  it('writes a user.create audit record without the password', async () => {
    const user = await createUser({ permissionCodes: ['ACCESS_PROCESS_PORTAL'] });
    const events = await myAudit();
    expect(events.at(-1)).toMatchObject({
      action: 'user.create',
      targetType: 'user',
      targetId: String(user.id),
      after: { username: user.username, permissions: ['ACCESS_PROCESS_PORTAL'] },
    });
    expect(JSON.stringify(events)).not.toContain(user.password);
    expect(JSON.stringify(events)).not.toMatch(/password|argon/i);
  });
});

describe('listUsers: GET /admin/users', () => {
  it('answers a plain array ordered by id, with no password anywhere', async () => {
    const user = await createUser({ permissionCodes: ['ACCESS_BPM_MODELER'] });
    const res = await as.get('/admin/users');
    expect(res.status).toBe(200);
    expectSortedAscending(idsOf(res.body));
    res.body.forEach(expectUserShape);
    expect(res.text).not.toContain(user.password);
    expect(res.text).not.toMatch(/password|argon/i);
  });

  it('filters with q, a case-insensitive substring of the username', async () => {
    const tag = unique('qq');
    const a = await createUser({ username: `${tag}.one` });
    const b = await createUser({ username: `X.${tag.toUpperCase()}.two` });
    await createUser();
    for (const q of [tag, tag.toUpperCase(), ` ${tag} `]) {
      const res = await as.get(`/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(idsOf(res.body)).toEqual([a.id, b.id]);
    }
    expect((await as.get(`/admin/users?q=${unique('nobody')}`)).body).toEqual([]);
  });

  it('treats LIKE wildcards and backslashes in q literally', async () => {
    for (const q of ['_', '%', '\\']) {
      const res = await as.get(`/admin/users?q=${encodeURIComponent(q)}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
    }
  });
});

describe('updateUser: PUT /admin/users/{id}', () => {
  beforeAll(freshAdmin);

  async function userWithEverything() {
    const group = await createGroup({ permissionCodes: ['ACCESS_ENGINE_API'] });
    return createUser({ groupIds: [group.id], permissionCodes: ['ACCESS_PROCESS_PORTAL'] });
  }

  it('merges: enabled alone keeps groups and permissions', async () => {
    const { password: _, ...user } = await userWithEverything();
    const res = await as.put(`/admin/users/${user.id}`, { enabled: false });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...user, enabled: false });
    expect(await getUser(user.id)).toEqual(res.body);
  });

  it('merges: given permissionCodes replace the direct set and keep the rest', async () => {
    const { password: _, ...user } = await userWithEverything();
    const res = await as.put(`/admin/users/${user.id}`, { permissionCodes: ['ACCESS_BPM_MODELER'] });
    expect(res.body).toEqual({
      ...user,
      permissions: ['ACCESS_BPM_MODELER'],
      effectivePermissions: ['ACCESS_BPM_MODELER', 'ACCESS_ENGINE_API'],
    });
  });

  it('merges: given groupIds replace the memberships and keep the rest', async () => {
    const { password: _, ...user } = await userWithEverything();
    const other = await createGroup();
    const res = await as.put(`/admin/users/${user.id}`, { groupIds: [other.id, other.id] });
    expect(res.body).toEqual({
      ...user,
      groups: [other.code],
      effectivePermissions: ['ACCESS_PROCESS_PORTAL'],
    });
    const cleared = await as.put(`/admin/users/${user.id}`, { groupIds: [], permissionCodes: [] });
    expect(cleared.body).toEqual({ ...user, groups: [], permissions: [], effectivePermissions: [] });
  });

  it('an empty body keeps everything; username, password, id and unknown fields are ignored', async () => {
    const { password, ...user } = await userWithEverything();
    expect((await as.put(`/admin/users/${user.id}`, {})).body).toEqual(user);
    const other = await createUser();
    const res = await as.put(`/admin/users/${user.id}`, {
      username: 'renamed',
      password: newPassword(),
      id: other.id,
      extra: 1,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(user);
    expect((await t.signIn(user.username, password)).status).toBe(200);
    expect((await getUser(other.id))?.enabled).toBe(true);
  });

  it('a disabled user can be enabled again and signs in', async () => {
    const user = await createUser({ enabled: false });
    const res = await as.put(`/admin/users/${user.id}`, { enabled: true });
    expect(res.body.enabled).toBe(true);
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
  });

  it('writes a user.update audit record with before and after', async () => {
    const user = await createUser();
    await as.put(`/admin/users/${user.id}`, { enabled: false });
    expect((await myAudit()).at(-1)).toMatchObject({
      action: 'user.update',
      targetType: 'user',
      targetId: String(user.id),
      before: { enabled: true },
      after: { enabled: false },
    });
  });
});

describe('deleteUser: DELETE /admin/users/{id}', () => {
  beforeAll(freshAdmin);

  it('answers 204 with an empty body and removes the user, their memberships and API tokens', async () => {
    const group = await createGroup();
    const user = await createUser({ groupIds: [group.id] });
    await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'ext' });
    expectNoContent(await as.del(`/admin/users/${user.id}`));
    expect(await getUser(user.id)).toBeUndefined();
    expect((await getGroup(group.id))?.memberCount).toBe(0);
    expect((await as.get(`/admin/groups/${group.id}/users`)).body).toEqual([]);
    expectProblem(await as.get(`/admin/users/${user.id}/api-tokens`), 404, 'NOT_FOUND');
    expectProblem(await as.del(`/admin/users/${user.id}`), 404, 'NOT_FOUND');
    expectUnauthenticated(await t.signIn(user.username, user.password));
  });

  it('frees the username', async () => {
    const user = await createUser();
    await as.del(`/admin/users/${user.id}`);
    const again = await as.post('/admin/users', { username: user.username, password: newPassword() });
    expect(again.status).toBe(200);
  });

  it('writes a user.delete audit record', async () => {
    const user = await createUser();
    await as.del(`/admin/users/${user.id}`);
    expect((await myAudit()).at(-1)).toMatchObject({
      action: 'user.delete',
      targetType: 'user',
      targetId: String(user.id),
      before: { username: user.username },
      after: null,
    });
  });
});

describe('resetPassword: PUT /admin/users/{id}/password', () => {
  beforeAll(freshAdmin);

  it('answers 204 with an empty body; the new password signs in, the old one no longer', async () => {
    const user = await createUser();
    const password = newPassword();
    expectNoContent(await as.put(`/admin/users/${user.id}/password`, { password }));
    expectUnauthenticated(await t.signIn(user.username, user.password));
    expect((await t.signIn(user.username, password)).status).toBe(200);
  });

  it('changes nothing else of the user', async () => {
    const group = await createGroup();
    const { password: _, ...user } = await createUser({ groupIds: [group.id], permissionCodes: [ADMIN] });
    await as.put(`/admin/users/${user.id}/password`, { password: newPassword() });
    expect(await getUser(user.id)).toEqual(user);
  });

  it('writes a user.password_reset audit record without the password', async () => {
    const user = await createUser();
    const password = newPassword();
    await as.put(`/admin/users/${user.id}/password`, { password });
    const events = await myAudit();
    expect(events.at(-1)).toMatchObject({
      action: 'user.password_reset',
      targetType: 'user',
      targetId: String(user.id),
    });
    expect(JSON.stringify(events)).not.toContain(password);
  });
});

describe('API tokens', () => {
  beforeAll(freshAdmin);

  it('POST /admin/users/{id}/api-tokens answers the token with its secret, bpm_ and 43 url-safe characters', async () => {
    const user = await createUser();
    const res = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'ci pipeline' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      active: true,
      name: 'ci pipeline',
      userId: user.id,
      scope: 'FULL',
      createdAt: expect.stringMatching(LOCAL_DATE_TIME),
      expiresAt: expect.stringMatching(LOCAL_DATE_TIME),
      lastUsedAt: null,
      rateLimitPerMinute: null,
      token: expect.stringMatching(API_TOKEN_PATTERN),
    });
  });

  it('keeps a given expiresAt', async () => {
    const user = await createUser();
    const res = await as.post(`/admin/users/${user.id}/api-tokens`, {
      name: 'expiring',
      expiresAt: '2099-12-31T23:59:00',
    });
    expect(res.status).toBe(200);
    expect(res.body.expiresAt).toBe('2099-12-31T23:59:00');
  });

  it('gives every token its own secret', async () => {
    const user = await createUser();
    const a = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'a' });
    const b = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'a' });
    expect(a.body.token).not.toBe(b.body.token);
  });

  it('GET /admin/users/{id}/api-tokens lists them by id without the secret; lastUsedAt follows use', async () => {
    const user = await createUser({ permissionCodes: [ADMIN] });
    const first = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'first' });
    const second = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'second' });
    expect((await t.as(first.body.token).get('/admin/permissions')).status).toBe(200);
    const res = await as.get(`/admin/users/${user.id}/api-tokens`);
    expect(res.status).toBe(200);
    expect(idsOf(res.body)).toEqual([first.body.id, second.body.id]);
    const { token: _1, ...firstListed } = first.body;
    const { token: _2, ...secondListed } = second.body;
    expect(res.body[0]).toEqual({ ...firstListed, lastUsedAt: expect.stringMatching(LOCAL_DATE_TIME) });
    expect(res.body[1]).toEqual(secondListed);
    expect(res.text).not.toContain(first.body.token);
    expect(res.text).not.toContain(second.body.token);
  });

  it('lists [] for a user without tokens', async () => {
    const user = await createUser();
    expect((await as.get(`/admin/users/${user.id}/api-tokens`)).body).toEqual([]);
  });

  it('DELETE /admin/api-tokens/{tokenId} answers 204 with an empty body and removes it', async () => {
    const user = await createUser();
    const created = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'gone' });
    expectNoContent(await as.del(`/admin/api-tokens/${created.body.id}`));
    expect((await as.get(`/admin/users/${user.id}/api-tokens`)).body).toEqual([]);
    expectProblem(await as.del(`/admin/api-tokens/${created.body.id}`), 404, 'NOT_FOUND');
  });

  it('writes api_token.create and api_token.revoke audit records without the secret', async () => {
    const user = await createUser();
    const created = await as.post(`/admin/users/${user.id}/api-tokens`, { name: 'audited' });
    await as.del(`/admin/api-tokens/${created.body.id}`);
    const events = await myAudit();
    expect(events.slice(-2)).toMatchObject([
      { action: 'api_token.create', targetType: 'api_token', targetId: String(created.body.id) },
      { action: 'api_token.revoke', targetType: 'api_token', targetId: String(created.body.id) },
    ]);
    expect(JSON.stringify(events)).not.toContain(created.body.token);
  });
});

describe('audit events: GET /admin/audit-events', () => {
  beforeAll(freshAdmin);

  it('answers a page of records, newest first', async () => {
    const group = await createGroup();
    await as.put(`/admin/groups/${group.id}`, { name: 'second' });
    await as.del(`/admin/groups/${group.id}`);
    const res = await as.get('/admin/audit-events');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual([...PAGE_KEYS].sort());
    expect(res.body).toMatchObject({ number: 0, size: 20, first: true, empty: false });
    expect(res.body.numberOfElements).toBe(res.body.content.length);
    expect(res.body.totalPages).toBe(Math.ceil(res.body.totalElements / 20));
    const ids = idsOf(res.body.content);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body.content.slice(0, 3).map((e: AuditEvent) => e.action)).toEqual([
      'group.delete',
      'group.update',
      'group.create',
    ]);
    for (const e of res.body.content) {
      expect(Object.keys(e).sort()).toEqual(
        [
          'action',
          'actor',
          'after',
          'before',
          'createdAt',
          'id',
          'targetId',
          'targetPath',
          'targetType',
        ].sort(),
      );
      expect(e).toMatchObject({ actor: expect.any(String), action: expect.any(String) });
      expect(e.createdAt).toMatch(LOCAL_DATE_TIME);
    }
  });

  it('pages with page and size; pages do not overlap; past the end is empty', async () => {
    for (let i = 0; i < 3; i++) await createGroup();
    const query = `actor=${admin.username}&size=2`;
    const first = await as.get(`/admin/audit-events?${query}&page=0`);
    const total = first.body.totalElements;
    expect(total).toBeGreaterThanOrEqual(3);
    expect(first.body).toMatchObject({ number: 0, size: 2, numberOfElements: 2, first: true, last: false });
    expect(first.body.totalPages).toBe(Math.ceil(total / 2));
    const second = await as.get(`/admin/audit-events?${query}&page=1`);
    expect(second.body).toMatchObject({ number: 1, first: false });
    expect(idsOf(second.body.content).every((id) => !idsOf(first.body.content).includes(id))).toBe(true);
    const past = await as.get(`/admin/audit-events?${query}&page=${first.body.totalPages}`);
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ content: [], numberOfElements: 0, empty: true, last: true });
  });

  it('serves a size above 100 as 100', async () => {
    const res = await as.get('/admin/audit-events?size=500');
    expect(res.status).toBe(200);
    expect(res.body.size).toBe(100);
  });

  it('records each change of the seed operations with its actor', async () => {
    const group = await createGroup();
    const user = await createUser();
    await as.put(`/admin/groups/${group.id}`, { name: 'x' });
    await as.put(`/admin/groups/${group.id}/users`, { userIds: [user.id] });
    await as.put(`/admin/users/${user.id}`, { enabled: false });
    await as.put(`/admin/users/${user.id}/password`, { password: newPassword() });
    await as.del(`/admin/users/${user.id}`);
    await as.del(`/admin/groups/${group.id}`);
    const actions = (await myAudit()).slice(-8).map((e) => [e.actor, e.action]);
    expect(actions).toEqual(
      [
        'group.create',
        'user.create',
        'group.update',
        'group.members_update',
        'user.update',
        'user.password_reset',
        'user.delete',
        'group.delete',
      ].map((action) => [admin.username, action]),
    );
  });

  it('reads write nothing', async () => {
    await t.withoutChange(async () => {
      await as.get('/admin/users');
      await as.get('/admin/groups');
      await as.get('/admin/permissions');
      return as.get('/admin/audit-events');
    });
  });
});

describe('POST /api/tokens', () => {
  it('answers {accessToken, tokenType: "Bearer", expiresIn} for any enabled user', async () => {
    const user = await createUser();
    const res = await t.signIn(user.username, user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    expect(res.body.accessToken.split('.')).toHaveLength(3);
  });

  it('holds no permission check: a user without permissions signs in but gets 403 on the admin API', async () => {
    const user = await createUser({ permissionCodes: PERMISSION_CODES.filter((p) => p !== ADMIN) });
    const res = await t.signIn(user.username, user.password);
    expectProblem(await t.as(res.body.accessToken).get('/admin/users'), 403, 'FORBIDDEN');
  });
});
