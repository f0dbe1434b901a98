// Second factors enrolled here are for local accounts. A person who signs in through the identity provider
// passes the provider's second factor there, and one enrolled here would never be asked.
import type { Principal } from '../../auth/principal';
import { conflict } from '../../errors';
import { ownUserId } from '../sessions/session-view';

/** The caller's id, for enrolling a second factor of their own; 409 for a person of the identity provider. */
export function localFactorOwner(actor: Principal): number {
  if (actor.viaIdentityProvider) {
    throw conflict(
      'You sign in through the identity provider: your second factor is set up there, not in this console',
    );
  }
  return ownUserId(actor);
}
