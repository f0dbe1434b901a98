// The two kinds of principal, both rows of `users`: a person (who signs in) and a service account (only
// API tokens). What the changes of either (update-principal.ts, delete-principal.ts) need to tell them apart.
import type { Db, Tx } from '../../../db/client';
import { users } from '../../../db/schema';
import { endSessionsOfUser } from '../../auth/console-sessions';
import type { ServiceAccountView, UserView } from '../../schemas/admin';
import { getServiceAccount } from './service-accounts';
import { getUserView } from './users';

export interface PrincipalKind<V extends { enabled: boolean }> {
  kind: (typeof users.$inferSelect)['kind'];
  /** The audit log's target type, and its actions' prefix ("user.update", "service_account.delete"). */
  targetType: 'user' | 'service_account';
  /** The principal as the API shows it; refuses (404) an id of the other kind. */
  load: (tx: Db, input: { id: number }) => Promise<V>;
  /** What else a disabled principal loses, in the same transaction. */
  onDisable?: (tx: Tx, id: number) => Promise<unknown>;
}

export const PERSON: PrincipalKind<UserView> = {
  kind: 'PERSON',
  targetType: 'user',
  load: getUserView,
  // A disabled person is signed out of the console at once, not at their session's next renewal.
  onDisable: (tx, userId) => endSessionsOfUser(tx, { userId }),
};

export const SERVICE_ACCOUNT: PrincipalKind<ServiceAccountView> = {
  kind: 'SERVICE',
  targetType: 'service_account',
  load: getServiceAccount,
};
