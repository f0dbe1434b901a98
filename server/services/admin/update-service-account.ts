// Merge-updating a service account: description, enabled, groups, direct permissions, rate limit
// (docs/contract.md §5), by the rules every principal's update obeys (update-principal.ts).
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import type { ServiceAccountView } from '../../schemas/admin';
import { SERVICE_ACCOUNT } from './principal-kinds';
import { updatePrincipal, type UpdatePrincipalInput } from './update-principal';

export interface UpdateServiceAccountInput extends UpdatePrincipalInput {
  description?: string | null;
  /** null: back to the default. */
  rateLimitPerMinute?: number | null;
}

export function updateServiceAccount(
  db: Db,
  input: UpdateServiceAccountInput,
  actor: Principal,
): Promise<ServiceAccountView> {
  return updatePrincipal(db, SERVICE_ACCOUNT, input, actor, {
    ...(input.description !== undefined && { description: input.description || null }),
    ...(input.rateLimitPerMinute !== undefined && { rateLimitPerMinute: input.rateLimitPerMinute }),
  });
}
