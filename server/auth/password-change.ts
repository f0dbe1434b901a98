// A user changing their own password, and the rule that makes them do it: after an administrator set the
// password with "require change" (users.must_change_password), that password signs in to nothing but this.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { conflict, fieldError, passwordChangeRequired } from '../errors';
import { recordAudit } from '../services/admin/audit';
import { forgetAuthentications } from './auth-cache';
import { endSessionsOfUser } from './console-sessions';
import { verifyCredentials, type PasswordCredentials, type SignedInUser, type SignInOrigin } from './login';
import { hashPassword } from './passwords';

async function mustChangePassword(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ mustChange: users.mustChangePassword })
    .from(users)
    .where(eq(users.id, userId));
  return Boolean(row?.mustChange);
}

/** The sign-in of POST /api/tokens: the throttled credential check, then no token while a change is due. */
export async function verifyCredentialsForToken(
  db: Db,
  credentials: PasswordCredentials,
  origin?: SignInOrigin,
): Promise<SignedInUser> {
  const user = await verifyCredentials(db, credentials, origin);
  if (await mustChangePassword(db, user.id)) throw passwordChangeRequired();
  return user;
}

export interface ChangePasswordInput {
  username: string;
  currentPassword: string;
  newPassword: string;
  /** The second factor's code, for a person who has one: the password alone changes nothing. */
  code?: string;
  /** Instead of a code: a passkey's assertion for a challenge from POST /tokens/passkey-challenge. */
  passkey?: PasswordCredentials['passkey'];
}

/**
 * Sets a new password for a user who proves the current one (throttled like any sign-in). Every token and
 * console session of theirs ends, as after a reset: the person signs in again with the new password.
 */
export async function changeOwnPassword(
  db: Db,
  input: ChangePasswordInput,
  origin?: SignInOrigin,
): Promise<void> {
  const user = await verifyCredentials(
    db,
    { username: input.username, password: input.currentPassword, code: input.code, passkey: input.passkey },
    origin,
  );
  if (input.newPassword === input.currentPassword)
    throw fieldError('newPassword', 'must differ from the current password');
  if (input.newPassword.toLowerCase() === user.username.toLowerCase())
    throw fieldError('newPassword', 'must not equal the username');
  const passwordHash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({
        passwordHash,
        mustChangePassword: false,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: sql`now()`,
      })
      // Only the password that was verified: a reset or change that committed meanwhile wins.
      .where(and(eq(users.id, user.id), eq(users.tokenVersion, user.tokenVersion)))
      .returning({ id: users.id });
    if (!changed.length) throw conflict('The password was changed meanwhile; sign in with the new one');
    await endSessionsOfUser(tx, { userId: user.id });
    await recordAudit(tx, {
      actor: user.username,
      action: 'user.password_change',
      targetType: 'user',
      targetId: user.id,
      after: { username: user.username },
    });
  });
  forgetAuthentications(db);
}
