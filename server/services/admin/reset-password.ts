// An administrator setting a user's password, or having one generated (docs/contract.md §5).
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users } from '../../../db/schema';
import { endSessionsOfUser } from '../../auth/console-sessions';
import { hashPassword } from '../../auth/passwords';
import type { Principal } from '../../auth/principal';
import { conflict, fieldError, notFound } from '../../errors';
import { auditedChange } from './admin-change';
import { assertPasswordAllowed } from './user-rules';
import { getUserView } from './users';

export interface ResetPasswordInput {
  id: number;
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
  input: ResetPasswordInput,
  actor: Principal,
): Promise<{ password: string } | undefined> {
  const { id } = input;
  const user = await getUserView(db, { id });
  const [identity] = await db.select({ issuer: users.oidcIssuer }).from(users).where(eq(users.id, id));
  if (identity?.issuer)
    throw conflict('This person signs in through the identity provider and has no password here');
  const password = input.generate ? generatePassword() : input.password;
  if (password === undefined) throw fieldError('password', 'is required unless generate is true');
  assertPasswordAllowed(user.username, password);
  const passwordHash = await hashPassword(password);
  await auditedChange(
    db,
    {
      action: 'user.password_reset',
      targetType: 'user',
      targetId: id,
      write: async (tx) => {
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
        await endSessionsOfUser(tx, { userId: id });
      },
      snapshots: () => ({
        after: {
          username: user.username,
          generated: Boolean(input.generate),
          requireChange: input.requireChange,
        },
      }),
    },
    actor,
  );
  return input.generate ? { password } : undefined;
}
