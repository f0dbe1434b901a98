// Passkeys (WebAuthn) as a second factor, through @simplewebauthn/server: the relying party is the console's
// public URL (its origin, and its host as the RP ID), every challenge is single-use, short-lived and bound
// to one person and one ceremony, and is removed by the statement that accepts it, so an assertion passes
// once however many requests carry it (docs/contract.md §4).
import type {
  AuthenticationResponseJSON,
  AuthenticatorTransport,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, eq, gt, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { passkeys, webauthnChallenges, type WebauthnChallengePurpose } from '../../db/schema';
import { getEnv } from '../runtime/env';
import { publicUrlOf } from '../runtime/public-url';

// Loaded at the first ceremony: the library and the certificate parsers it brings (@peculiar/*, asn1js,
// tsyringe) are some 300 modules, which a process that never sees a passkey would hold for nothing.
const webauthn = () => import('@simplewebauthn/server');
const webauthnHelpers = () => import('@simplewebauthn/server/helpers');

/** How long a challenge may be answered: the browser's own prompt times out sooner (TIMEOUT_MS). */
export const CHALLENGE_SECONDS = 300;
const TIMEOUT_MS = 120_000;
/** Challenges of one ceremony one person may have open at once; issuing another drops the oldest. */
export const OPEN_CHALLENGES = 5;
/** The name the browser's passkey prompt shows for this site. */
const RP_NAME = 'BPM Admin Console';

export interface RelyingParty {
  /** The console's origin (scheme, host, port): the only one a ceremony may come from. */
  origin: string;
  /** Its host name: what a passkey is scoped to. */
  rpID: string;
}

/** Derived from the public URL the console already knows (PUBLIC_URL, else NEXTAUTH_URL, else the port). */
export function relyingParty(): RelyingParty {
  const url = new URL(publicUrlOf(getEnv()));
  return { origin: url.origin, rpID: url.hostname };
}

async function issueChallenge(
  db: Db,
  input: { userId: number; purpose: WebauthnChallengePurpose; challenge: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Expired challenges go with the next one issued: the table holds only what may still be answered.
    await tx.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
    await tx.insert(webauthnChallenges).values({
      challenge: input.challenge,
      userId: input.userId,
      purpose: input.purpose,
      expiresAt: sql`now() + make_interval(secs => ${CHALLENGE_SECONDS})`,
    });
    // A few ceremonies at once (tabs, a retry) are fine; more cannot pile up rows for one person.
    await tx.execute(sql`delete from ${webauthnChallenges}
      where ${webauthnChallenges.userId} = ${input.userId} and ${webauthnChallenges.purpose} = ${input.purpose}
        and ${webauthnChallenges.challenge} not in (
          select ${webauthnChallenges.challenge} from ${webauthnChallenges}
          where ${webauthnChallenges.userId} = ${input.userId} and ${webauthnChallenges.purpose} = ${input.purpose}
          order by ${webauthnChallenges.createdAt} desc, ${webauthnChallenges.challenge} limit ${OPEN_CHALLENGES})`);
  });
}

/**
 * Removes `challenge` if it was issued to this person for this ceremony and has not expired: true for the
 * one statement that removed it, false for a replay, another person's, another ceremony's or a stale one.
 */
async function spendChallenge(
  db: Db,
  input: { userId: number; purpose: WebauthnChallengePurpose; challenge: string },
): Promise<boolean> {
  const spent = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.challenge, input.challenge),
        eq(webauthnChallenges.userId, input.userId),
        eq(webauthnChallenges.purpose, input.purpose),
        gt(webauthnChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning({ challenge: webauthnChallenges.challenge });
  return spent.length === 1;
}

const userHandleOf = (userId: number) => new TextEncoder().encode(`bpm-user-${userId}`);

async function passkeysOf(db: Db, userId: number) {
  return db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, userId));
}

const transportsOf = (transports: string[]) => transports as AuthenticatorTransport[];

/** What the browser needs to make a new passkey for this person (navigator.credentials.create). */
export async function issueRegistrationOptions(
  db: Db,
  input: { userId: number; username: string },
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const { rpID } = relyingParty();
  const existing = await passkeysOf(db, input.userId);
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: input.username,
    userID: userHandleOf(input.userId),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    // The same authenticator twice would be one factor counted as two.
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
  });
  await issueChallenge(db, { userId: input.userId, purpose: 'REGISTRATION', challenge: options.challenge });
  return options;
}

export interface NewPasskey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/**
 * Verifies a new passkey's attestation against a registration challenge issued to this person (spent by
 * this call whatever the outcome) and the console's origin and RP ID. Answers what to keep, or the reason
 * it is refused.
 */
export async function verifyNewPasskey(
  db: Db,
  input: { userId: number; response: RegistrationResponseJSON },
): Promise<NewPasskey | { refused: string }> {
  const { origin, rpID } = relyingParty();
  let spent = false;
  try {
    const [{ verifyRegistrationResponse }, { isoBase64URL }] = await Promise.all([
      webauthn(),
      webauthnHelpers(),
    ]);
    const verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: async (challenge) =>
        (spent = await spendChallenge(db, { userId: input.userId, purpose: 'REGISTRATION', challenge })),
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: false,
    });
    if (!verification.verified) return { refused: 'the attestation could not be verified' };
    const { credential } = verification.registrationInfo;
    return {
      credentialId: credential.id,
      publicKey: isoBase64URL.fromBuffer(credential.publicKey),
      counter: credential.counter,
      transports: credential.transports ?? [],
    };
  } catch (error) {
    if (!spent)
      return { refused: 'it does not answer a registration challenge issued to you (or it expired)' };
    return { refused: reasonOf(error) };
  }
}

/** What the browser needs to sign with one of this person's passkeys (navigator.credentials.get). */
export async function issueAuthenticationOptions(
  db: Db,
  input: { userId: number },
): Promise<PublicKeyCredentialRequestOptionsJSON | null> {
  const { rpID } = relyingParty();
  const own = await passkeysOf(db, input.userId);
  if (!own.length) return null;
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID,
    timeout: TIMEOUT_MS,
    allowCredentials: own.map((p) => ({ id: p.credentialId, transports: transportsOf(p.transports) })),
    userVerification: 'preferred',
  });
  await issueChallenge(db, { userId: input.userId, purpose: 'AUTHENTICATION', challenge: options.challenge });
  return options;
}

export type SpentAssertion =
  | { passkey: { id: number; name: string } }
  | { refused: 'FOREIGN_CREDENTIAL' | 'CHALLENGE' | 'INVALID' | 'COUNTER' };

/**
 * Checks a signed assertion as this person's second factor: it must come from one of their passkeys, answer
 * an authentication challenge issued to them (spent here, once), come from the console's origin and RP ID,
 * carry a valid signature, and raise the signature counter when the authenticator keeps one. The counter
 * is stored by a conditional update, so two assertions racing with the same old counter pass once.
 */
export async function spendPasskeyAssertion(
  db: Db,
  input: { userId: number; response: AuthenticationResponseJSON },
): Promise<SpentAssertion> {
  const [stored] = await db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.userId, input.userId), eq(passkeys.credentialId, input.response.id)));
  if (!stored) return { refused: 'FOREIGN_CREDENTIAL' };
  const { origin, rpID } = relyingParty();
  let spent = false;
  let newCounter: number;
  try {
    const [{ verifyAuthenticationResponse }, { isoBase64URL }] = await Promise.all([
      webauthn(),
      webauthnHelpers(),
    ]);
    const verification = await verifyAuthenticationResponse({
      response: input.response,
      expectedChallenge: async (challenge) =>
        (spent = await spendChallenge(db, { userId: input.userId, purpose: 'AUTHENTICATION', challenge })),
      expectedOrigin: origin,
      expectedRPID: rpID,
      credential: {
        id: stored.credentialId,
        publicKey: isoBase64URL.toBuffer(stored.publicKey),
        counter: stored.counter,
        transports: transportsOf(stored.transports),
      },
      requireUserVerification: false,
    });
    if (!verification.verified) return { refused: 'INVALID' };
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    if (!spent) return { refused: 'CHALLENGE' };
    return { refused: /counter/i.test(reasonOf(error)) ? 'COUNTER' : 'INVALID' };
  }
  const updated = await db
    .update(passkeys)
    .set({ counter: newCounter, lastUsedAt: sql`now()` })
    .where(
      and(
        eq(passkeys.id, stored.id),
        // An authenticator that keeps no counter answers 0 every time; one that does must go up.
        or(lt(passkeys.counter, newCounter), and(eq(passkeys.counter, 0), sql`${newCounter} = 0`)),
      ),
    )
    .returning({ id: passkeys.id });
  if (!updated.length) return { refused: 'COUNTER' };
  return { passkey: { id: stored.id, name: stored.name } };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : 'the response could not be verified';
}
