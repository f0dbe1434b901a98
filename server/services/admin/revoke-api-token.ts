// Revoking an API token: it stops authenticating at once, on every instance. Audited.
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { apiTokens } from '../../../db/schema';
import type { Principal } from '../../auth/principal';
import { notFound } from '../../errors';
import { auditedChange } from './admin-change';
import { toApiTokenView } from './api-token-view';

export async function revokeApiToken(db: Db, input: { id: number }, actor: Principal): Promise<void> {
  await auditedChange(
    db,
    {
      action: 'api_token.revoke',
      targetType: 'api_token',
      targetId: input.id,
      write: async (tx) => {
        const [row] = await tx.delete(apiTokens).where(eq(apiTokens.id, input.id)).returning();
        if (!row) throw notFound('API token', input.id);
        return row;
      },
      snapshots: (_, row) => ({ before: toApiTokenView(row, false) }),
    },
    actor,
  );
}
