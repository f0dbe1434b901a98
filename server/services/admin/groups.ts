// Groups and their membership (contract section 5).
import { asc, count, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError, notFound } from '../../errors';
import type { GroupView, UserView } from '../../schemas/admin';
import { isForeignKeyViolation, likePattern, sortedSet } from '../db-errors';

import { assertIdsExist, runAdminChange } from './admin-change';
import { recordAudit } from './audit';
import { listUsersOfGroup } from './users';

async function loadGroupViews(db: Db, where?: SQL): Promise<GroupView[]> {
  const rows = await db
    .select({
      id: groups.id,
      code: groups.code,
      name: groups.name,
      permissions: groups.permissions,
      memberCount: sql<number>`(select count(*) from ${userGroups} where ${userGroups.groupId} = ${groups.id})::int`,
    })
    .from(groups)
    .where(where)
    .orderBy(asc(groups.id));
  return rows.map((r) => ({
    ...r,
    permissions: sortedSet(r.permissions),
    memberCount: Number(r.memberCount),
  }));
}

async function getGroupView(db: Db, id: number): Promise<GroupView> {
  const [view] = await loadGroupViews(db, eq(groups.id, id));
  if (!view) throw notFound('Group', id);
  return view;
}

export function listGroups(db: Db, query: { q?: string }): Promise<GroupView[]> {
  const where = query.q
    ? or(ilike(groups.code, likePattern(query.q)), ilike(groups.name, likePattern(query.q)))
    : undefined;
  return loadGroupViews(db, where);
}

const codeTaken = (code: string) =>
  conflict(`Group code "${code}" is already taken`, [{ field: 'code', message: 'already taken' }]);

export async function createGroup(
  db: Db,
  actor: Principal,
  input: { code: string; name: string; permissionCodes: string[] },
): Promise<GroupView> {
  return runAdminChange(db, async (tx) => {
    const inserted = await tx
      .insert(groups)
      .values({ code: input.code, name: input.name, permissions: sortedSet(input.permissionCodes) })
      .onConflictDoNothing()
      .returning({ id: groups.id });
    if (!inserted.length) throw codeTaken(input.code);
    const view = await getGroupView(tx, inserted[0].id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'group.create',
      targetType: 'group',
      targetId: view.id,
      after: view,
    });
    return view;
  });
}

export async function updateGroup(
  db: Db,
  actor: Principal,
  id: number,
  input: { name?: string; permissionCodes?: string[] },
): Promise<GroupView> {
  return runAdminChange(db, async (tx) => {
    const before = await getGroupView(tx, id);
    await tx
      .update(groups)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
        updatedAt: sql`now()`,
      })
      .where(eq(groups.id, id));
    const after = await getGroupView(tx, id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'group.update',
      targetType: 'group',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

export async function deleteGroup(db: Db, actor: Principal, id: number): Promise<void> {
  await runAdminChange(db, async (tx) => {
    const before = await getGroupView(tx, id);
    const members = (await listUsersOfGroup(tx, id)).map((u) => u.username);
    await tx.delete(groups).where(eq(groups.id, id));
    await recordAudit(tx, {
      actor: actor.username,
      action: 'group.delete',
      targetType: 'group',
      targetId: id,
      before: { ...before, members },
    });
  });
}

export async function getGroupUsers(db: Db, id: number): Promise<UserView[]> {
  const [{ n }] = await db.select({ n: count() }).from(groups).where(eq(groups.id, id));
  if (!n) throw notFound('Group', id);
  return listUsersOfGroup(db, id);
}

/** Replaces the group's membership with exactly `userIds` (duplicates collapsed). */
export async function updateGroupUsers(
  db: Db,
  actor: Principal,
  id: number,
  userIds: number[],
): Promise<UserView[]> {
  return runAdminChange(db, async (tx) => {
    const { code } = await getGroupView(tx, id);
    await assertIdsExist(tx, users, userIds, 'userIds');
    const before = (await listUsersOfGroup(tx, id)).map((u) => u.username);
    await tx.delete(userGroups).where(eq(userGroups.groupId, id));
    if (userIds.length) {
      await tx
        .insert(userGroups)
        .values(sortedSet(userIds).map((userId) => ({ userId, groupId: id })))
        .catch((e) => {
          if (isForeignKeyViolation(e)) throw fieldError('userIds', 'refers to a user that no longer exists');
          throw e;
        });
    }
    const members = await listUsersOfGroup(tx, id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'group.members_update',
      targetType: 'group',
      targetId: id,
      before: { code, members: before },
      after: { code, members: members.map((u) => u.username) },
    });
    return members;
  });
}
