// Administration rules through the real router and database: merge/replace semantics, membership,
// effective permissions, last-admin protection and the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import {
  callerFor,
  createTestGroup,
  createTestUser,
  openTestDatabase,
  unique,
  type TestUser,
} from '../support/helpers';
import { problemFrom } from '../support/problem';

describe('administration', () => {
  let database: Database;
  let admin: TestUser;
  let caller: Awaited<ReturnType<typeof callerFor>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
    caller = await callerFor(database, admin);
  });
  afterAll(() => database.close());

  it('creates a user with defaults and never answers the password', async () => {
    const username = unique('bob');
    const user = await caller.admin.createUser({ username, password: 'correct horse battery' });
    expect(user).toEqual({
      id: user.id,
      username,
      enabled: true,
      groups: [],
      permissions: [],
      effectivePermissions: [],
    });
    expect(JSON.stringify(user)).not.toMatch(/password|horse/);
  });

  it('merges on update: omitted fields keep their value, given arrays replace the set', async () => {
    const [ops, dev] = [await createTestGroup(database), await createTestGroup(database)];
    const user = await caller.admin.createUser({
      username: unique('carol'),
      password: 'correct horse battery',
      enabled: true,
      groupIds: [ops.id],
      permissionCodes: ['ACCESS_PROCESS_PORTAL', 'ACCESS_BPM_MODELER'],
    });
    expect(user.permissions).toEqual(['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL']);

    const disabled = await caller.admin.updateUser({ id: user.id, enabled: false });
    expect(disabled).toMatchObject({ enabled: false, groups: [ops.code], permissions: user.permissions });

    const moved = await caller.admin.updateUser({
      id: user.id,
      groupIds: [dev.id, dev.id],
      permissionCodes: [],
    });
    expect(moved).toMatchObject({ enabled: false, groups: [dev.code], permissions: [] });
  });

  it('derives effective permissions from direct ones and every group', async () => {
    const g1 = await createTestGroup(database, { permissions: ['ACCESS_BPM_MODELER'] });
    const g2 = await createTestGroup(database, { permissions: ['ACCESS_ENGINE_API', 'ACCESS_BPM_MODELER'] });
    const user = await caller.admin.createUser({
      username: unique('dave'),
      password: 'correct horse battery',
      enabled: true,
      groupIds: [g2.id, g1.id],
      permissionCodes: ['ACCESS_PROCESS_PORTAL'],
    });
    expect(user.groups).toEqual([g1.code, g2.code].sort());
    expect(user.permissions).toEqual(['ACCESS_PROCESS_PORTAL']);
    expect(user.effectivePermissions).toEqual([
      'ACCESS_BPM_MODELER',
      'ACCESS_ENGINE_API',
      'ACCESS_PROCESS_PORTAL',
    ]);
  });

  it('replaces a group membership exactly and reports member counts', async () => {
    const group = await createTestGroup(database);
    const u1 = await createTestUser(database);
    const u2 = await createTestUser(database);
    const u3 = await createTestUser(database);
    await caller.admin.updateGroupUsers({ id: group.id, userIds: [u1.id, u2.id] });
    const members = await caller.admin.updateGroupUsers({ id: group.id, userIds: [u3.id, u2.id, u3.id] });
    const [audit] = (await caller.admin.listAuditEvents({ page: 0, size: 1, action: 'group.members_update' }))
      .content;
    expect(audit).toMatchObject({
      before: { code: group.code, members: [u1.username, u2.username] },
      after: { code: group.code, members: [u2.username, u3.username] },
    });
    expect(await caller.admin.getUser({ id: u2.id })).toMatchObject({ id: u2.id, groups: [group.code] });
    expect((await problemFrom(caller.admin.getUser({ id: 999_999 }))).status).toBe(404);
    expect(members.map((u) => u.id)).toEqual([u2.id, u3.id]);
    expect((await caller.admin.getGroupUsers({ id: group.id })).map((u) => u.id)).toEqual([u2.id, u3.id]);
    const listed = (await caller.admin.listGroups({ q: group.code.toLowerCase() })).find(
      (g) => g.id === group.id,
    );
    expect(listed?.memberCount).toBe(2);
  });

  it('deletes a group with its memberships but keeps the users', async () => {
    const group = await createTestGroup(database, { permissions: ['ACCESS_BPM_MODELER'] });
    const user = await createTestUser(database, { groupIds: [group.id] });
    await caller.admin.deleteGroup({ id: group.id });
    const after = (await caller.admin.listUsers({ q: user.username }))[0];
    expect(after).toMatchObject({ id: user.id, groups: [], effectivePermissions: [] });
    expect((await problemFrom(caller.admin.getGroupUsers({ id: group.id }))).status).toBe(404);
  });

  it('rejects unknown ids in id lists with the ids named, writing nothing', async () => {
    const username = unique('erin');
    const problem = await problemFrom(
      caller.admin.createUser({
        username,
        password: 'correct horse battery',
        enabled: true,
        groupIds: [999_999],
        permissionCodes: [],
      }),
    );
    expect(problem).toMatchObject({
      status: 400,
      code: 'VALIDATION_FAILED',
      errors: [{ field: 'groupIds', message: 'unknown group id 999999' }],
    });
    expect(await caller.admin.listUsers({ q: username })).toEqual([]);
  });

  describe('nobody may be left unable to administer', () => {
    // Each case runs on its own database so that "the last admin" is exactly who the case says.
    async function soleAdmin() {
      const db = await openTestDatabase();
      const root = await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] });
      return { db, root, caller: await callerFor(db, root) };
    }

    it('refuses to disable, strip or un-group the last admin, and changes nothing', async () => {
      const { db, root, caller: rootCaller } = await soleAdmin();
      try {
        for (const change of [{ enabled: false }, { permissionCodes: [] as never[] }]) {
          expect(await problemFrom(rootCaller.admin.updateUser({ id: root.id, ...change }))).toMatchObject({
            status: 409,
            code: 'LAST_ADMIN',
          });
        }
        const [me] = await rootCaller.admin.listUsers({ q: root.username });
        expect(me).toMatchObject({ enabled: true, permissions: ['ACCESS_BPM_ADMIN'] });

        // Admin only through a group: emptying the group or deleting it is refused too.
        const group = await createTestGroup(db, { permissions: ['ACCESS_BPM_ADMIN'] });
        await rootCaller.admin.updateGroupUsers({ id: group.id, userIds: [root.id] });
        await rootCaller.admin.updateUser({ id: root.id, permissionCodes: [] });
        expect(
          (await problemFrom(rootCaller.admin.updateGroupUsers({ id: group.id, userIds: [] }))).code,
        ).toBe('LAST_ADMIN');
        expect((await problemFrom(rootCaller.admin.deleteGroup({ id: group.id }))).code).toBe('LAST_ADMIN');
        expect(
          (await problemFrom(rootCaller.admin.updateGroup({ id: group.id, permissionCodes: [] }))).code,
        ).toBe('LAST_ADMIN');
        expect((await rootCaller.admin.getGroupUsers({ id: group.id })).map((u) => u.id)).toEqual([root.id]);
      } finally {
        await db.close();
      }
    });

    it('allows the change once someone else can administer', async () => {
      const { db, root, caller: rootCaller } = await soleAdmin();
      try {
        const other = await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] });
        await rootCaller.admin.updateUser({ id: root.id, permissionCodes: [] });
        const otherCaller = await callerFor(db, other);
        expect((await problemFrom(otherCaller.admin.deleteUser({ id: other.id }))).detail).toMatch(
          /your own account/,
        );
      } finally {
        await db.close();
      }
    });
  });

  it('audits every change with actor, action, target and snapshots without secrets', async () => {
    const username = unique('frank');
    const user = await caller.admin.createUser({
      username,
      password: 'secret-password-xyz',
      enabled: true,
      groupIds: [],
      permissionCodes: [],
    });
    await caller.admin.updateUser({ id: user.id, enabled: false });
    await caller.admin.resetPassword({ id: user.id, password: 'another-secret-xyz' });
    await caller.admin.deleteUser({ id: user.id });
    const page = await caller.admin.listAuditEvents({ page: 0, size: 100, actor: admin.username });
    const mine = page.content.filter((e) => e.targetType === 'user' && e.targetId === String(user.id));
    expect(mine.map((e) => e.action)).toEqual([
      'user.delete',
      'user.password_reset',
      'user.update',
      'user.create',
    ]);
    expect(mine[2]).toMatchObject({ before: { enabled: true }, after: { enabled: false } });
    expect(JSON.stringify(page)).not.toMatch(/secret-password|another-secret|password_hash|\$argon2/);
    expect(mine[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const filtered = await caller.admin.listAuditEvents({ page: 0, size: 1, action: 'user.password_reset' });
    expect(filtered).toMatchObject({ size: 1, numberOfElements: 1, first: true });
    expect(filtered.content[0].action).toBe('user.password_reset');
  });
});
