// Creating a service account, with groups and direct permissions and no password (docs/contract.md §5);
// audited.
import type { Db } from '../../../db/client';
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import type { ServiceAccountView } from '../../schemas/admin';
import { sortedSet } from '../db-errors';
import { auditedChange } from './admin-change';
import { getServiceAccount } from './service-accounts';
import { insertUserWithGroups } from './user-rules';

export interface CreateServiceAccountInput {
  name: string;
  description?: string;
  enabled: boolean;
  groupIds: number[];
  permissionCodes: string[];
  /** Requests per minute for each of its tokens that sets none; null or absent: the default. */
  rateLimitPerMinute?: number | null;
}

export async function createServiceAccount(
  db: Db,
  input: CreateServiceAccountInput,
  actor: Principal,
): Promise<ServiceAccountView> {
  return auditedChange(
    db,
    {
      action: 'service_account.create',
      targetType: 'service_account',
      targetId: (view) => view.id,
      write: (tx) =>
        insertUserWithGroups(
          tx,
          {
            kind: 'SERVICE',
            // People and service accounts share one name space (the audit log's actors stay unambiguous).
            username: input.name,
            passwordHash: null,
            description: input.description || null,
            enabled: input.enabled,
            permissions: sortedSet(input.permissionCodes),
            rateLimitPerMinute: input.rateLimitPerMinute ?? null,
          },
          input.groupIds,
          () => nameTaken(input.name),
        ),
      after: getServiceAccount,
    },
    actor,
  );
}

const nameTaken = (name: string) =>
  conflict(`The name "${name}" is already taken by a user or service account`, [
    { field: 'name', message: 'already taken' },
  ]);
