// A person's own second factor: its state, enrolling TOTP (a secret first, confirmed by a first valid code,
// which is when a new set of recovery codes is made and shown once), removing it with a current code, and
// a new set of recovery codes for whichever factors they have.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { secondFactors } from '../../../db/schema';
import { forgetAuthentications } from '../../auth/auth-cache';
import { clearFailures, reservePasswordCheck } from '../../auth/lockout';
import type { Principal } from '../../auth/principal';
import {
  dropRecoveryCodesWithoutFactor,
  hasSecondFactor,
  hasTotp,
  lockSecondFactorsOf,
  newTotpSecret,
  countRecoveryCodes,
  replaceRecoveryCodes,
  spendSecondFactorCode,
  stepOfCode,
  totpUri,
} from '../../auth/second-factor';
import { conflict, fieldError, rateLimited } from '../../errors';
import { formatLocalDateTime } from '../../time';
import { recordAudit } from '../admin/audit';
import { ownUserId } from '../sessions/session-view';
import { localFactorOwner } from './local-factor-owner';
import {
  proofRequired,
  proveExistingSecondFactor,
  proveSecondFactor,
  type SecondFactorProof,
} from './prove-second-factor';

export interface SecondFactorState {
  totp: boolean;
  enrolledAt: string | null;
  recoveryCodesLeft: number;
}

export async function getSecondFactor(db: Db, _input: object, actor: Principal): Promise<SecondFactorState> {
  const userId = ownUserId(actor);
  const [row] = await db
    .select({ confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  // Counted whatever the factor: a person with passkeys only has recovery codes too.
  const left = await countRecoveryCodes(db, { userId });
  if (!row?.confirmedAt) return { totp: false, enrolledAt: null, recoveryCodesLeft: left };
  return { totp: true, enrolledAt: formatLocalDateTime(row.confirmedAt), recoveryCodesLeft: left };
}

const alreadyEnrolled = () =>
  conflict('A second factor is already enrolled: remove it first (with a current code) to enrol another');

/**
 * A new TOTP secret for the caller, pending until confirmTotpEnrolment: starting again replaces a pending
 * one (the app was never set up, or the page was left), never a confirmed factor (409).
 */
export async function startTotpEnrolment(
  db: Db,
  _input: object,
  actor: Principal,
): Promise<{ secret: string; uri: string }> {
  const userId = localFactorOwner(actor);
  const secret = newTotpSecret();
  const started = await db
    .insert(secondFactors)
    .values({ userId, totpSecret: secret })
    .onConflictDoUpdate({
      target: secondFactors.userId,
      set: { totpSecret: secret, lastUsedStep: null, createdAt: sql`now()` },
      setWhere: isNull(secondFactors.confirmedAt),
    })
    .returning({ userId: secondFactors.userId });
  if (!started.length) throw alreadyEnrolled();
  return { secret, uri: totpUri(secret, actor.username) };
}

/**
 * Completes enrolment with a first code from the app, and a proof of the passkeys the person already has
 * (proveExistingSecondFactor): only then is the factor asked at sign-in. Answers ten new recovery codes,
 * the only time they are ever shown (only their hashes are kept); any the person had (made with a passkey)
 * no longer work.
 */
export async function confirmTotpEnrolment(
  db: Db,
  input: { code: string; proof?: SecondFactorProof },
  actor: Principal,
  now = Date.now(),
): Promise<{ recoveryCodes: string[] }> {
  const userId = localFactorOwner(actor);
  const [pending] = await db
    .select({ secret: secondFactors.totpSecret, confirmedAt: secondFactors.confirmedAt })
    .from(secondFactors)
    .where(eq(secondFactors.userId, userId));
  if (!pending) throw conflict('No enrolment was started: start one first (POST /account/second-factor)');
  if (pending.confirmedAt) throw alreadyEnrolled();
  const step = stepOfCode(pending.secret, input.code.trim(), now);
  if (step === null) throw fieldError('code', 'is not the current code of the secret being enrolled');
  // Passkeys already there are proven before an app joins them (the new code proves only the new app).
  const proven = await proveExistingSecondFactor(
    db,
    { userId, proof: input.proof, via: 'confirm_second_factor' },
    actor,
  );
  const recoveryCodes = await db.transaction(async (tx) => {
    await lockSecondFactorsOf(tx, { userId });
    if (!proven && (await hasSecondFactor(tx, { userId }))) throw proofRequired();
    const confirmed = await tx
      .update(secondFactors)
      .set({ confirmedAt: sql`now()`, lastUsedStep: step })
      // The very secret the code was checked against: a restarted enrolment meanwhile wins.
      .where(
        and(
          eq(secondFactors.userId, userId),
          eq(secondFactors.totpSecret, pending.secret),
          isNull(secondFactors.confirmedAt),
        ),
      )
      .returning({ userId: secondFactors.userId });
    if (!confirmed.length) throw conflict('The enrolment was restarted or completed meanwhile; start again');
    // Always a new set, even beside passkeys that already had one: the codes shown now are the ones that work.
    const replaced = await countRecoveryCodes(tx, { userId });
    const recoveryCodes = await replaceRecoveryCodes(tx, { userId });
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.second_factor_enrol',
      targetType: 'user',
      targetId: userId,
      after: {
        totp: true,
        recoveryCodes: recoveryCodes.length,
        ...(replaced ? { recoveryCodesReplaced: replaced } : {}),
      },
    });
    return recoveryCodes;
  });
  forgetAuthentications(db);
  return { recoveryCodes };
}

/**
 * Removes the caller's own second factor, proven with a current code or a recovery code. A session alone
 * is not enough, and wrong codes count against the username's sign-in lock like wrong passwords.
 */
export async function removeOwnSecondFactor(
  db: Db,
  input: { code: string },
  actor: Principal,
): Promise<void> {
  const userId = ownUserId(actor);
  if (!(await hasTotp(db, { userId }))) throw conflict('You have no authenticator app to remove');
  const reservation = await reservePasswordCheck(db, { username: actor.username });
  if (!reservation.reserved) throw rateLimited(reservation.retryAfterSeconds);
  if (!(await spendSecondFactorCode(db, { userId, code: input.code }))) {
    await recordAudit(db, {
      actor: actor.username,
      action: 'auth.second_factor_failed',
      targetType: 'user',
      targetId: userId,
      after: { via: 'remove_second_factor' },
    });
    throw fieldError('code', 'is not a current code nor an unused recovery code of your second factor');
  }
  await clearFailures(db, { username: actor.username });
  await db.transaction(async (tx) => {
    await lockSecondFactorsOf(tx, { userId });
    await tx.delete(secondFactors).where(eq(secondFactors.userId, userId));
    // Passkeys left keep the codes; with none, nothing is left for them to stand in for.
    const droppedRecoveryCodes = await dropRecoveryCodesWithoutFactor(tx, { userId });
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.second_factor_remove',
      targetType: 'user',
      targetId: userId,
      before: { totp: true },
      ...(droppedRecoveryCodes ? { after: { recoveryCodesRemoved: droppedRecoveryCodes } } : {}),
    });
  });
  forgetAuthentications(db);
}

/**
 * Ten new recovery codes in place of the caller's (used up, or seen by someone else), proven with a current
 * second factor as removing a passkey is: answered once, the old ones void from then on.
 */
export async function regenerateRecoveryCodes(
  db: Db,
  input: SecondFactorProof,
  actor: Principal,
): Promise<{ recoveryCodes: string[] }> {
  const userId = ownUserId(actor);
  if (!(await hasSecondFactor(db, { userId })))
    throw conflict('You have no second factor: recovery codes come with an authenticator app or a passkey');
  await proveSecondFactor(db, { userId, proof: input, via: 'regenerate_recovery_codes' }, actor);
  const recoveryCodes = await db.transaction(async (tx) => {
    await lockSecondFactorsOf(tx, { userId });
    // The factor may have gone between the proof and now: codes must not outlive it.
    if (!(await hasSecondFactor(tx, { userId }))) throw conflict('Your second factor was removed meanwhile');
    const replaced = await countRecoveryCodes(tx, { userId });
    const recoveryCodes = await replaceRecoveryCodes(tx, { userId });
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.recovery_codes_regenerate',
      targetType: 'user',
      targetId: userId,
      before: { recoveryCodesLeft: replaced },
      after: { recoveryCodes: recoveryCodes.length },
    });
    return recoveryCodes;
  });
  return { recoveryCodes };
}
