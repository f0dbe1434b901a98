// Users: listing, creation, merge-updates, deletion and password resets (contract section 5).
import { asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { hashPassword } from '../../auth/passwords';
import { conflict, fieldError, notFound } from '../../errors';
import type { UserView } from '../../schemas/admin';
import { isForeignKeyViolation, likePattern, sortedSet } from '../db-errors';
import { assertIdsExist, runAdminChange } from './admin-change';
import { recordAudit } from './audit';

async function loadUserViews(db: Db, where?: SQL): Promise<UserView[]> {
  const rows = await db.query.users.findMany({
    columns: { id: true, username: true, enabled: true, permissions: true },
    where,
    orderBy: [asc(users.id)],
    with: { memberships: { columns: {}, with: { group: { columns: { code: true, permissions: true } } } } },
  });
  return rows.map((row) => ({
    id: row.id,
    username: row.username,
    enabled: row.enabled,
    groups: sortedSet(row.memberships.map((m) => m.group.code)),
    permissions: sortedSet(row.permissions),
    effectivePermissions: sortedSet([
      ...row.permissions,
      ...row.memberships.flatMap((m) => m.group.permissions),
    ]),
  }));
}

export async function getUserView(db: Db, id: number): Promise<UserView> {
  const [view] = await loadUserViews(db, eq(users.id, id));
  if (!view) throw notFound('User', id);
  return view;
}

export function listUsers(db: Db, query: { q?: string }): Promise<UserView[]> {
  return loadUserViews(db, query.q ? ilike(users.username, likePattern(query.q)) : undefined);
}

/** Users who belong to a group, by id. */
export function listUsersOfGroup(db: Db, groupId: number): Promise<UserView[]> {
  return loadUserViews(
    db,
    inArray(
      users.id,
      db.select({ id: userGroups.userId }).from(userGroups).where(eq(userGroups.groupId, groupId)),
    ),
  );
}

function assertPasswordAllowed(username: string, password: string) {
  if (password.toLowerCase() === username.toLowerCase())
    throw fieldError('password', 'must not equal the username');
}

const usernameTaken = (username: string) =>
  conflict(`Username "${username}" is already taken`, [{ field: 'username', message: 'already taken' }]);

/** Replaces a user's group memberships with exactly `groupIds`. */
async function setMemberships(tx: Db, userId: number, groupIds: number[]) {
  await tx.delete(userGroups).where(eq(userGroups.userId, userId));
  if (groupIds.length) {
    await tx.insert(userGroups).values(sortedSet(groupIds).map((groupId) => ({ userId, groupId })));
  }
}

/** A group deleted between our existence check and the insert surfaces as a foreign-key violation. */
function rethrowMembershipRace(error: unknown, field: string): never {
  if (isForeignKeyViolation(error))
    throw fieldError(field, 'refers to a group or user that no longer exists');
  throw error;
}

export interface CreateUserInput {
  username: string;
  password: string;
  enabled: boolean;
  groupIds: number[];
  permissionCodes: string[];
}

export async function createUser(db: Db, actor: Principal, input: CreateUserInput): Promise<UserView> {
  assertPasswordAllowed(input.username, input.password);
  const passwordHash = await hashPassword(input.password);
  return runAdminChange(db, async (tx) => {
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
    const id = inserted[0].id;
    await setMemberships(tx, id, input.groupIds).catch((e) => rethrowMembershipRace(e, 'groupIds'));
    const view = await getUserView(tx, id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.create',
      targetType: 'user',
      targetId: id,
      after: view,
    });
    return view;
  });
}

export interface UpdateUserInput {
  enabled?: boolean;
  groupIds?: number[];
  permissionCodes?: string[];
}

export async function updateUser(
  db: Db,
  actor: Principal,
  id: number,
  input: UpdateUserInput,
): Promise<UserView> {
  return runAdminChange(db, async (tx) => {
    const before = await getUserView(tx, id);
    if (input.groupIds) await assertIdsExist(tx, groups, input.groupIds, 'groupIds');
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
    if (input.groupIds)
      await setMemberships(tx, id, input.groupIds).catch((e) => rethrowMembershipRace(e, 'groupIds'));
    const after = await getUserView(tx, id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.update',
      targetType: 'user',
      targetId: id,
      before,
      after,
    });
    return after;
  });
}

export async function deleteUser(db: Db, actor: Principal, id: number): Promise<void> {
  if (actor.userId === id) throw conflict('You cannot delete your own account');
  await runAdminChange(db, async (tx) => {
    const before = await getUserView(tx, id);
    // Memberships and API tokens go with the user (ON DELETE CASCADE).
    await tx.delete(users).where(eq(users.id, id));
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.delete',
      targetType: 'user',
      targetId: id,
      before,
    });
  });
}

export async function resetPassword(db: Db, actor: Principal, id: number, password: string): Promise<void> {
  const user = await getUserView(db, id);
  assertPasswordAllowed(user.username, password);
  const passwordHash = await hashPassword(password);
  await runAdminChange(db, async (tx) => {
    const updated = await tx
      .update(users)
      // Every token issued before the reset carries the old version and stops working.
      .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!updated.length) throw notFound('User', id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: id,
      after: { username: user.username },
    });
  });
}
