// Creating, updating and deleting groups, and replacing their members (docs/contract.md §5); every change
// is audited.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError } from '../../errors';
import type { GroupView, UserView } from '../../schemas/admin';
import { isForeignKeyViolation, sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getGroupView } from './groups';
import { listUsersOfGroup } from './users';

const codeTaken = (code: string) =>
  conflict(`Group code "${code}" is already taken`, [{ field: 'code', message: 'already taken' }]);

const usernamesOf = (members: UserView[]) => members.map((u) => u.username);

export async function createGroup(
  db: Db,
  input: { code: string; name: string; permissionCodes: string[] },
  actor: Principal,
): Promise<GroupView> {
  return auditedChange(
    db,
    {
      action: 'group.create',
      targetType: 'group',
      targetId: (view) => view.id,
      write: async (tx) => {
        const inserted = await tx
          .insert(groups)
          .values({ code: input.code, name: input.name, permissions: sortedSet(input.permissionCodes) })
          .onConflictDoNothing()
          .returning({ id: groups.id });
        if (!inserted.length) throw codeTaken(input.code);
        return inserted[0];
      },
      after: getGroupView,
    },
    actor,
  );
}

export async function updateGroup(
  db: Db,
  input: { id: number; name?: string; permissionCodes?: string[] },
  actor: Principal,
): Promise<GroupView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'group.update',
      targetType: 'group',
      targetId: id,
      before: (tx) => getGroupView(tx, { id }),
      write: async (tx) => {
        await tx
          .update(groups)
          .set({
            ...(input.name !== undefined && { name: input.name }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            updatedAt: sql`now()`,
          })
          .where(eq(groups.id, id));
      },
      after: (tx) => getGroupView(tx, { id }),
    },
    actor,
  );
}

export async function deleteGroup(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  const { id } = input;
  await auditedChange(
    db,
    {
      action: 'group.delete',
      targetType: 'group',
      targetId: id,
      before: async (tx) => {
        const view = await getGroupView(tx, { id });
        return { ...view, members: usernamesOf(await listUsersOfGroup(tx, { groupId: id })) };
      },
      write: async (tx) => {
        await tx.delete(groups).where(eq(groups.id, id));
      },
    },
    actor,
  );
}

/** Replaces the group's membership with exactly `userIds` (duplicates collapsed). */
export async function updateGroupUsers(
  db: Db,
  input: { id: number; userIds: number[] },
  actor: Principal,
): Promise<UserView[]> {
  const { id, userIds } = input;
  return auditedChange(
    db,
    {
      action: 'group.members_update',
      targetType: 'group',
      targetId: id,
      before: async (tx) => {
        const { code } = await getGroupView(tx, { id });
        await assertIdsExist(tx, users, userIds, 'userIds');
        return { code, members: usernamesOf(await listUsersOfGroup(tx, { groupId: id })) };
      },
      write: async (tx) => {
        await tx.delete(userGroups).where(eq(userGroups.groupId, id));
        if (!userIds.length) return;
        await tx
          .insert(userGroups)
          .values(sortedSet(userIds).map((userId) => ({ userId, groupId: id })))
          .catch((e) => {
            if (isForeignKeyViolation(e))
              throw fieldError('userIds', 'refers to a user that no longer exists');
            throw e;
          });
      },
      after: (tx) => listUsersOfGroup(tx, { groupId: id }),
      snapshots: (before, members) => ({
        before,
        after: { code: before.code, members: usernamesOf(members) },
      }),
    },
    actor,
  );
}
