// What a signed-in caller must do before anything else, at every entry point alike (procedures, file
// downloads and the change stream through them, the metrics, the Camunda paths): change a password an
// administrator set, then enrol the second factor REQUIRE_SECOND_FACTOR_FOR_ADMINS asks of an administrator.
import { passwordChangeRequired, secondFactorEnrolmentRequired, type DomainError } from '../errors';
import type { Principal } from './principal';

/**
 * Why `principal` may not go on yet, or undefined when it may. `enrolling`: the request is one of the few
 * that enrol the second factor (or tell the console who is signed in), admitted while it is still due.
 */
export function unfinishedSignIn(
  principal: Principal,
  { enrolling = false }: { enrolling?: boolean } = {},
): DomainError | undefined {
  if (principal.mustChangePassword) return passwordChangeRequired();
  if (principal.mustEnrolSecondFactor && !enrolling) return secondFactorEnrolmentRequired();
  return undefined;
}
