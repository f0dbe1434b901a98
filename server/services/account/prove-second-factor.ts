// Proof of a current second factor for a change to one's own factors (adding or removing one, a new set of
// recovery codes): a session alone is not enough, and a wrong proof counts against the username's sign-in
// lock exactly as a wrong password does.
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import type { Db } from '../../../db/client';
import { clearFailures, reservePasswordCheck } from '../../auth/lockout';
import { spendPasskeyAssertion } from '../../auth/passkeys';
import type { Principal } from '../../auth/principal';
import { hasSecondFactor, spendSecondFactorCode } from '../../auth/second-factor';
import { fieldError, rateLimited } from '../../errors';
import { countAuthFailure } from '../../observability/metrics';
import { recordAudit } from '../admin/audit';

export interface SecondFactorProof {
  /** A current TOTP code or an unused recovery code (spent by this check). */
  code?: string;
  /** An assertion of any of the person's passkeys, for a challenge from startPasskeyProof. */
  passkey?: AuthenticationResponseJSON;
}

/**
 * Spends `proof` as the person's current second factor, or throws (400 on the field that failed, 429 while
 * the username is locked). `via` names the change in the audit record of a failure.
 */
export async function proveSecondFactor(
  db: Db,
  input: { userId: number; proof: SecondFactorProof; via: string; field?: string },
  actor: Principal,
): Promise<void> {
  const { userId, proof } = input;
  const fieldOf = (name: string) => (input.field ? `${input.field}.${name}` : name);
  const reservation = await reservePasswordCheck(db, { username: actor.username });
  if (!reservation.reserved) throw rateLimited(reservation.retryAfterSeconds);
  const proven = proof.passkey
    ? 'passkey' in (await spendPasskeyAssertion(db, { userId, response: proof.passkey }))
    : Boolean(proof.code && (await spendSecondFactorCode(db, { userId, code: proof.code })));
  if (!proven) {
    await recordAudit(db, {
      actor: actor.username,
      action: 'auth.second_factor_failed',
      targetType: 'user',
      targetId: userId,
      after: { via: input.via },
    });
    countAuthFailure('second_factor');
    throw proof.passkey
      ? fieldError(fieldOf('passkey'), 'did not sign a challenge issued to you with one of your passkeys')
      : fieldError(
          fieldOf('code'),
          'is not a current code nor an unused recovery code of your second factor',
        );
  }
  await clearFailures(db, { username: actor.username });
}

/** The refusal of a new factor sent without `proof` by a person who has one. */
export const proofRequired = () =>
  fieldError(
    'proof',
    'is required: you have a second factor already; prove it with a current code, a recovery code or a passkey',
  );

/**
 * Before a second factor is added: a person who has one already proves it (`proof`, spent here), as for
 * any change to their factors, so a session or a cookie taken from them cannot add the taker's own; their
 * first needs none. Answers whether a proof was spent: the change checks again under its lock.
 */
export async function proveExistingSecondFactor(
  db: Db,
  input: { userId: number; proof: SecondFactorProof | undefined; via: string },
  actor: Principal,
): Promise<boolean> {
  if (!(await hasSecondFactor(db, { userId: input.userId }))) return false;
  if (!input.proof) throw proofRequired();
  await proveSecondFactor(db, { ...input, proof: input.proof, field: 'proof' }, actor);
  return true;
}
