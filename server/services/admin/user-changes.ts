// Creating, merge-updating and deleting users (docs/contract.md §5); every change is audited.
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import { endSessionsOfUser } from '../../auth/console-sessions';
import { hashPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError } from '../../errors';
import type { UserView } from '../../schemas/admin';
import { isForeignKeyViolation, sortedSet } from '../db-errors';
import { assertIdsExist, auditedChange } from './admin-change';
import { getUserView } from './users';

export function assertPasswordAllowed(username: string, password: string) {
  if (password.toLowerCase() === username.toLowerCase())
    throw fieldError('password', 'must not equal the username');
}

const usernameTaken = (username: string) =>
  conflict(`Username "${username}" is already taken`, [{ field: 'username', message: 'already taken' }]);

/**
 * Replaces a user's group memberships with exactly `groupIds`. A group deleted between the existence check
 * and the insert surfaces as a foreign-key violation: a 400 on groupIds.
 */
async function setMemberships(tx: Db, userId: number, groupIds: number[]) {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  if (!groupIds.length) return;
  await tx
    .insert(userGroups)
    .values(sortedSet(groupIds).map((groupId) => ({ userId, groupId })))
    .catch((error) => {
      if (isForeignKeyViolation(error))
        throw fieldError('groupIds', 'refers to a group or user that no longer exists');
      throw error;
    });
}

export interface CreateUserInput {
  username: string;
  password: string;
  enabled: boolean;
  groupIds: number[];
  permissionCodes: string[];
}

export async function createUser(db: Db, input: CreateUserInput, actor: Principal): Promise<UserView> {
  assertPasswordAllowed(input.username, input.password);
  const passwordHash = await hashPassword(input.password);
  return auditedChange(
    db,
    {
      action: 'user.create',
      targetType: 'user',
      targetId: (view) => view.id,
      write: async (tx) => {
        await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        const inserted = await tx
          .insert(users)
          .values({
            username: input.username,
            passwordHash,
            enabled: input.enabled,
            permissions: sortedSet(input.permissionCodes),
          })
          .onConflictDoNothing()
          .returning({ id: users.id });
        if (!inserted.length) throw usernameTaken(input.username);
        const { id } = inserted[0];
        await setMemberships(tx, id, input.groupIds);
        return { id };
      },
      after: getUserView,
    },
    actor,
  );
}

export interface UpdateUserInput {
  id: number;
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
}

export async function updateUser(db: Db, input: UpdateUserInput, actor: Principal): Promise<UserView> {
  const { id } = input;
  return auditedChange(
    db,
    {
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before: async (tx) => {
        const before = await getUserView(tx, { id });
        if (input.groupIds) await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
        return before;
      },
      write: async (tx, before) => {
        const disabling = input.enabled === false && before.enabled;
        await tx
          .update(users)
          .set({
            ...(input.enabled !== undefined && { enabled: input.enabled }),
            ...(input.permissionCodes && { permissions: sortedSet(input.permissionCodes) }),
            // A disabled user's tokens must die now and stay dead if the user is enabled again later.
            ...(disabling && { tokenVersion: sql`${users.tokenVersion} + 1` }),
            updatedAt: sql`now()`,
          })
          .where(eq(users.id, id));
        if (disabling) await endSessionsOfUser(tx, { userId: id });
        if (input.groupIds) await setMemberships(tx, id, input.groupIds);
      },
      after: (tx) => getUserView(tx, { id }),
    },
    actor,
  );
}

export async function deleteUser(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  if (actor.userId === input.id) throw conflict('You cannot delete your own account');
  await auditedChange(
    db,
    {
      action: 'user.delete',
      targetType: 'user',
      targetId: input.id,
      before: (tx) => getUserView(tx, input),
      // Memberships and API tokens go with the user (ON DELETE CASCADE).
      write: async (tx) => {
        await tx.delete(users).where(eq(users.id, input.id));
      },
    },
    actor,
  );
}
