// Deleting a principal (a person or a service account) with its memberships and API tokens
// (docs/contract.md §5): never the caller itself, the whole change audited in one admin transaction.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { auditedChange } from './admin-change';
import type { PrincipalKind } from './principal-kinds';

export async function deletePrincipal<V extends { enabled: boolean }>(
  db: Db,
  kind: PrincipalKind<V>,
  input: { id: number },
  actor: Principal,
  options: {
    /** The refusal when the caller (a session or a token) would delete the principal it acts as. */
    selfRefusal: string;
    /** What the audit record keeps of the principal; by default its view. */
    record?: (tx: Tx, principal: V) => Promise<object>;
  },
): Promise<void> {
  // The caller would lock itself out.
  if (actor.userId === input.id) throw conflict(options.selfRefusal);
  await auditedChange(
    db,
    {
      action: `${kind.targetType}.delete`,
      targetType: kind.targetType,
      targetId: input.id,
      before: async (tx) => {
        const principal = await kind.load(tx, input);
        return options.record ? options.record(tx, principal) : principal;
      },
      // Memberships and API tokens go with it (ON DELETE CASCADE): its tokens stop working at once.
      write: async (tx) => {
        await tx.delete(users).where(and(eq(users.id, input.id), eq(users.kind, kind.kind)));
      },
    },
    actor,
  );
}
