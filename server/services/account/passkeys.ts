// A person's own passkeys: listing them, registering one (options with a single-use challenge, then the
// browser's attestation verified against it), proving a current second factor with one, and removing one
// (which needs a current second factor, as removing the authenticator app does).
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { passkeys } from '../../../db/schema';
import { forgetAuthentications } from '../../auth/auth-cache';
import { issueAuthenticationOptions, issueRegistrationOptions, verifyNewPasskey } from '../../auth/passkeys';
import type { Principal } from '../../auth/principal';
import {
  dropRecoveryCodesWithoutFactor,
  hasSecondFactor,
  lockSecondFactorsOf,
  replaceRecoveryCodes,
} from '../../auth/second-factor';
import { conflict, fieldError, notFound } from '../../errors';
import { formatLocalDateTime } from '../../time';
import { recordAudit } from '../admin/audit';
import { ownUserId } from '../sessions/session-view';
import { localFactorOwner } from './local-factor-owner';
import { proofRequired, proveSecondFactor, type SecondFactorProof } from './prove-second-factor';

export interface PasskeyView {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

const viewColumns = {
  id: passkeys.id,
  name: passkeys.name,
  createdAt: passkeys.createdAt,
  lastUsedAt: passkeys.lastUsedAt,
};

function toView(row: { id: number; name: string; createdAt: Date; lastUsedAt: Date | null }): PasskeyView {
  return {
    id: row.id,
    name: row.name,
    createdAt: formatLocalDateTime(row.createdAt),
    lastUsedAt: row.lastUsedAt ? formatLocalDateTime(row.lastUsedAt) : null,
  };
}

export async function listPasskeys(db: Db, _input: object, actor: Principal): Promise<PasskeyView[]> {
  const rows = await db
    .select(viewColumns)
    .from(passkeys)
    .where(eq(passkeys.userId, ownUserId(actor)))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id));
  return rows.map(toView);
}

/** Options for navigator.credentials.create(), with a new registration challenge for the caller. */
export async function startPasskeyRegistration(
  db: Db,
  _input: object,
  actor: Principal,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  return issueRegistrationOptions(db, { userId: localFactorOwner(actor), username: actor.username });
}

/**
 * Keeps a new passkey once its attestation answers a registration challenge issued to the caller (spent
 * here, whatever the outcome) from the console's origin and RP ID, proven with a current second factor when
 * the person has one. From now on sign-in asks for a second factor, which this passkey (or any other of
 * theirs) satisfies. When it is their first second factor, it answers ten recovery codes too, the only
 * time they are shown.
 */
export async function registerPasskey(
  db: Db,
  input: { name: string; response: RegistrationResponseJSON; proof?: SecondFactorProof },
  actor: Principal,
): Promise<PasskeyView & { recoveryCodes: string[] }> {
  const userId = localFactorOwner(actor);
  const hasFactor = await hasSecondFactor(db, { userId });
  // Refused before the attestation is checked, which spends its challenge: a refusal changes nothing.
  if (hasFactor && !input.proof) throw proofRequired();
  const verified = await verifyNewPasskey(db, { userId, response: input.response });
  if ('refused' in verified) throw fieldError('response', `is not accepted: ${verified.refused}`);
  // After the attestation: a new passkey refused must not have cost a recovery code.
  if (hasFactor)
    await proveSecondFactor(
      db,
      { userId, proof: input.proof!, via: 'register_passkey', field: 'proof' },
      actor,
    );
  const { added, recoveryCodes } = await db.transaction(async (tx) => {
    await lockSecondFactorsOf(tx, { userId });
    // Asked before the insert: this passkey is the person's first second factor.
    const first = !(await hasSecondFactor(tx, { userId }));
    // A factor added since the check above must be proven all the same.
    if (!first && !hasFactor) throw proofRequired();
    const [added] = await tx
      .insert(passkeys)
      .values({ userId, name: input.name, ...verified })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning(viewColumns);
    if (!added) throw conflict('This passkey is already registered');
    // A passkey lost with no app behind it would leave only an administrator to let the person in.
    const recoveryCodes = first ? await replaceRecoveryCodes(tx, { userId }) : [];
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.passkey_add',
      targetType: 'user',
      targetId: userId,
      after: {
        passkeyId: added.id,
        name: added.name,
        ...(recoveryCodes.length ? { recoveryCodes: recoveryCodes.length } : {}),
      },
    });
    return { added, recoveryCodes };
  });
  forgetAuthentications(db);
  return { ...toView(added), recoveryCodes };
}

/** Options for navigator.credentials.get() over the caller's passkeys: the proof removing one asks for. */
export async function startPasskeyProof(
  db: Db,
  _input: object,
  actor: Principal,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await issueAuthenticationOptions(db, { userId: ownUserId(actor) });
  if (!options) throw conflict('You have no passkey');
  return options;
}

/**
 * Removes one of the caller's passkeys, proven with a current second factor: a code (TOTP or recovery) or
 * an assertion of any of their passkeys for a challenge from startPasskeyProof. A session alone is not
 * enough, and a wrong proof counts against the username's sign-in lock like a wrong password. The last
 * second factor takes the recovery codes with it.
 */
export async function removePasskey(
  db: Db,
  input: { id: number; code?: string; passkey?: AuthenticationResponseJSON },
  actor: Principal,
): Promise<void> {
  const userId = ownUserId(actor);
  const [target] = await db
    .select({ id: passkeys.id, name: passkeys.name })
    .from(passkeys)
    .where(and(eq(passkeys.id, input.id), eq(passkeys.userId, userId)));
  if (!target) throw notFound('Passkey', input.id);
  await proveSecondFactor(db, { userId, proof: input, via: 'remove_passkey' }, actor);
  await db.transaction(async (tx) => {
    await lockSecondFactorsOf(tx, { userId });
    const removed = await tx
      .delete(passkeys)
      .where(and(eq(passkeys.id, target.id), eq(passkeys.userId, userId)))
      .returning({ id: passkeys.id });
    if (!removed.length) throw notFound('Passkey', input.id);
    // The last passkey of a person with no authenticator app: nothing is left for the codes to stand in for.
    const droppedRecoveryCodes = await dropRecoveryCodesWithoutFactor(tx, { userId });
    await recordAudit(tx, {
      actor: actor.username,
      action: 'user.passkey_remove',
      targetType: 'user',
      targetId: userId,
      before: { passkeyId: target.id, name: target.name },
      ...(droppedRecoveryCodes ? { after: { recoveryCodesRemoved: droppedRecoveryCodes } } : {}),
    });
  });
  forgetAuthentications(db);
}
