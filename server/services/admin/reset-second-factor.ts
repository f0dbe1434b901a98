// An administrator removing someone's second factor (a lost phone and lost recovery codes): they sign in
// with their password alone and may enrol again.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { secondFactors } from '../../../db/schema';
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
        return { username, secondFactor: Boolean(factor) };
      },
      write: async (tx) => {
        await tx.delete(secondFactors).where(eq(secondFactors.userId, input.id));
      },
    },
    actor,
  );
}
