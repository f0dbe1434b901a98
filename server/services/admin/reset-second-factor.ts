// An administrator removing someone's second factors (a lost phone and lost recovery codes, lost passkeys):
// their authenticator app, every passkey and their recovery codes go; they sign in with their password
// alone and may enrol again.
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeys, recoveryCodes, secondFactors } from '../../../db/schema';
import { countRecoveryCodes } from '../../auth/second-factor';
import type { Principal } from '../../auth/principal';
import { auditedChange } from './admin-change';
import { getUserDetail } from './users';

export async function resetSecondFactor(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  await auditedChange(
    db,
    {
      action: 'user.second_factor_reset',
      targetType: 'user',
      targetId: input.id,
      before: async (tx) => {
        const { username } = await getUserDetail(tx, input);
        const [factor] = await tx
          .select({ userId: secondFactors.userId })
          .from(secondFactors)
          .where(eq(secondFactors.userId, input.id));
        const keys = await tx
          .select({ id: passkeys.id, name: passkeys.name })
          .from(passkeys)
          .where(eq(passkeys.userId, input.id))
          .orderBy(asc(passkeys.id));
        const recoveryCodesLeft = await countRecoveryCodes(tx, { userId: input.id });
        return { username, secondFactor: Boolean(factor), passkeys: keys, recoveryCodesLeft };
      },
      write: async (tx) => {
        await tx.delete(secondFactors).where(eq(secondFactors.userId, input.id));
        await tx.delete(passkeys).where(eq(passkeys.userId, input.id));
        await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.id));
      },
    },
    actor,
  );
}
