// Users: listing, creation, merge-updates, deletion and password resets (contract section 5).
import { randomBytes } from 'node:crypto';
import { asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { groups, userGroups, users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { clearFailures, lockedUntilOf } from '../../auth/lockout';
import { endSessionsOfUser } from '../../auth/console-sessions';
import { hashPassword } from '../../auth/passwords';
import { conflict, fieldError, notFound } from '../../errors';
import type { UserDetailView, UserView } from '../../schemas/admin';
import { formatNullable } from '../../time';
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

/** One user as the user page shows it: with the sign-in lock, if any (server/auth/lockout.ts). */
export async function getUserDetail(db: Db, id: number): Promise<UserDetailView> {
  const view = await getUserView(db, id);
  return { ...view, lockedUntil: formatNullable(await lockedUntilOf(db, view.username)) };
}

/** Lifts a user's sign-in lock and forgets their failed attempts. */
export async function unlockUser(db: Db, actor: Principal, id: number): Promise<void> {
  const { username, lockedUntil } = await getUserDetail(db, id);
  await db.transaction(async (tx) => {
    await clearFailures(tx, username);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.unlock',
      targetType: 'user',
      targetId: id,
      before: { username, lockedUntil },
    });
  });
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
    if (disabling) await endSessionsOfUser(tx, id);
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

export interface ResetPasswordInput {
  password?: string;
  /** The service chooses the password and answers it, once. */
  generate?: boolean;
  /** The user must change it before doing anything else (users.must_change_password). */
  requireChange: boolean;
}

/** 144 random bits in 24 url-safe characters: well within the password rules, and easy to paste. */
function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** Sets a user's password; answers it when the service generated it (the only time it is ever shown). */
export async function resetPassword(
  db: Db,
  actor: Principal,
  id: number,
  input: ResetPasswordInput,
): Promise<{ password: string } | undefined> {
  const user = await getUserView(db, id);
  const password = input.generate ? generatePassword() : input.password;
  if (password === undefined) throw fieldError('password', 'is required unless generate is true');
  assertPasswordAllowed(user.username, password);
  const passwordHash = await hashPassword(password);
  await runAdminChange(db, async (tx) => {
    const updated = await tx
      .update(users)
      // Every token issued before the reset carries the old version and stops working.
      .set({
        passwordHash,
        mustChangePassword: input.requireChange,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, id))
      .returning({ id: users.id });
    if (!updated.length) throw notFound('User', id);
    await endSessionsOfUser(tx, id);
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.password_reset',
      targetType: 'user',
      targetId: id,
      after: {
        username: user.username,
        generated: Boolean(input.generate),
        requireChange: input.requireChange,
      },
    });
  });
  return input.generate ? { password } : undefined;
}
