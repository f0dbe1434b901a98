// Username + password sign-in, shared by POST /api/tokens, tRPC auth.createToken and the console's next-auth
// sign-in: throttled per username (server/auth/lockout.ts) and per client address, and audited. A person
// with a second factor signs in only with its code in the same request: the right password alone is
// answered SECOND_FACTOR_REQUIRED and yields no token and no session.
import { isIPv6 } from 'node:net';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { getEnv } from '../runtime/env';
import { conflict, fieldError, rateLimited, secondFactorRequired, unauthenticated } from '../errors';
import { recordAudit } from '../services/admin/audit';
import { MAX_FAILURES, clearFailures, releasePasswordCheck, reservePasswordCheck } from './lockout';
import { countAuthFailure, countLockout } from '../observability/metrics';
import { verifyPassword } from './passwords';
import { issueAuthenticationOptions, spendPasskeyAssertion } from './passkeys';
import { hasSecondFactor, spendSecondFactorCode } from './second-factor';
import { giveBackToBudget, takeFromBudget } from './rate-limit';

export { LOCK_SECONDS, MAX_FAILURES } from './lockout';

export interface SignedInUser {
  id: number;
  username: string;
  tokenVersion: number;
}

/** Where a sign-in comes from: the address it was sent from (when known) and the entry point. */
export interface SignInOrigin {
  clientAddress?: string;
  via: 'api' | 'console';
  /** The request's id (X-Request-Id), kept in the audit record: a security event names it (docs/webhooks.md). */
  requestId?: string;
}

const ADDRESS_WINDOW_SECONDS = 60;

/**
 * The budget an address spends: an IPv4 address (also when written IPv4-mapped) on its own, an IPv6 address
 * with its whole /64, since one subscriber usually holds a /64 and could otherwise change address at will.
 */
export function addressBudgetKey(address: string): string {
  const plain = address.replace(/%.*$/, '').toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(plain);
  if (mapped) return `login-address:${mapped[1]}`;
  if (isIPv6(plain)) return `login-address:${ipv6Groups(plain).slice(0, 4).join(':')}::/64`;
  return `login-address:${plain}`;
}

/** The eight groups of an IPv6 address, '::' expanded, leading zeros dropped (enough for its prefix). */
function ipv6Groups(address: string): string[] {
  const [head, tail] = address.split('::');
  const first = head ? head.split(':') : [];
  const last = tail === undefined || tail === '' ? [] : tail.split(':');
  const zeros = Array<string>(Math.max(0, 8 - first.length - last.length)).fill('0');
  return [...first, ...zeros, ...last].map((g) => (/^[0-9a-f]+$/.test(g) ? parseInt(g, 16).toString(16) : g));
}

/**
 * One unit of the client address's budget of password checks, taken before the check. It is given back
 * when no check follows or the check succeeds, so the budget bounds the failed checks (the argon2 work a
 * caller without a password can make us do) and never stands in the way of users who know theirs.
 */
async function takeAddressUnit(db: Db, address: string | undefined): Promise<(() => Promise<void>) | null> {
  if (address === undefined) return null;
  const key = addressBudgetKey(address);
  const answer = await takeFromBudget(db, {
    key,
    limit: getEnv().LOGIN_ADDRESS_LIMIT_PER_MINUTE,
    windowSeconds: ADDRESS_WINDOW_SECONDS,
  });
  if (!answer.taken) {
    throw rateLimited(
      answer.retryAfterSeconds,
      `Too many failed sign-in attempts from this address; try again in ${answer.retryAfterSeconds} seconds`,
    );
  }
  return () => giveBackToBudget(db, { key, windowStartedAt: answer.windowStartedAt });
}

/**
 * The person who may sign in with this username. A service account is never found: it has no password, and
 * its name is answered exactly as an unknown one is (same work, same failure), so sign-in tells nothing
 * about which names are service accounts.
 */
async function findUser(db: Db, username: string) {
  const [user] = await db
    .select({
      id: users.id,
      username: users.username,
      passwordHash: users.passwordHash,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(and(eq(sql`lower(${users.username})`, username.toLowerCase()), eq(users.kind, 'PERSON')));
  return user;
}

export interface PasswordCredentials {
  username: string;
  password: string;
  /** A TOTP code or a recovery code, for a person with a second factor. */
  code?: string;
  /** Instead of a code: one of the person's passkeys signing a challenge issued after this password. */
  passkey?: AuthenticationResponseJSON;
}

interface CheckedPassword {
  user: NonNullable<Awaited<ReturnType<typeof findUser>>>;
  /** A wrong second factor: counted as a failure, and the lock audited when this attempt was the last. */
  countFailure: (reason: 'second_factor') => Promise<void>;
  audit: (action: string, actor: string, details?: Record<string, unknown>) => Promise<void>;
}

/**
 * The password part of every sign-in (and of a passkey challenge for one): throttled per address and per
 * username, one argon2 verify whatever the username, audited. The username's attempt stays counted until
 * the whole sign-in succeeds, so wrong second factors lock exactly as wrong passwords do.
 */
async function checkPassword(
  db: Db,
  credentials: { username: string; password: string },
  origin: SignInOrigin,
): Promise<CheckedPassword> {
  const { username, password } = credentials;
  const giveBackAddressUnit = await takeAddressUnit(db, origin.clientAddress);
  const reservation = await reservePasswordCheck(db, { username });
  if (!reservation.reserved) {
    await giveBackAddressUnit?.();
    throw rateLimited(reservation.retryAfterSeconds);
  }
  const user = await findUser(db, username);
  // Always one argon2 verify, so that the time taken does not tell whether the user exists.
  const ok = await verifyPassword(user?.passwordHash ?? undefined, password);
  const audit = (action: string, actor: string, details: Record<string, unknown> = {}) =>
    recordAudit(db, {
      actor,
      action,
      targetType: 'user',
      targetId: user ? user.id : null,
      after: {
        address: origin.clientAddress ?? null,
        via: origin.via,
        ...(origin.requestId !== undefined && { requestId: origin.requestId }),
        ...details,
      },
    });
  const lockIfLast = async () => {
    if (reservation.attempt >= MAX_FAILURES) {
      countLockout();
      await audit('auth.locked', username);
    }
  };
  if (!user || !ok || !user.enabled) {
    await audit('auth.sign_in_failed', username);
    countAuthFailure('password');
    await lockIfLast();
    throw unauthenticated('Invalid username or password');
  }
  // The password was right: the address's unit goes back (it bounds failed password checks), but the
  // username's check stays counted until the code passes, so wrong codes lock as wrong passwords do.
  await giveBackAddressUnit?.();
  return {
    user,
    audit,
    countFailure: async (kind) => {
      countAuthFailure(kind);
      await lockIfLast();
    },
  };
}

export async function verifyCredentials(
  db: Db,
  credentials: PasswordCredentials,
  origin: SignInOrigin = { via: 'api' },
): Promise<SignedInUser> {
  const { username, code, passkey } = credentials;
  if (code !== undefined && code.trim() !== '' && passkey !== undefined)
    throw fieldError('passkey', 'send either a code or a passkey, not both');
  const { user, audit, countFailure } = await checkPassword(db, credentials, origin);
  if (await hasSecondFactor(db, { userId: user.id })) {
    if (passkey !== undefined) {
      const spent = await spendPasskeyAssertion(db, { userId: user.id, response: passkey });
      if ('refused' in spent) {
        await audit('auth.second_factor_failed', username, { passkey: spent.refused });
        await countFailure('second_factor');
        throw unauthenticated('The passkey did not sign a challenge of this sign-in');
      }
      await audit('auth.passkey_used', user.username, {
        passkeyId: spent.passkey.id,
        name: spent.passkey.name,
      });
    } else {
      if (code === undefined || code.trim() === '') throw secondFactorRequired();
      const spent = await spendSecondFactorCode(db, { userId: user.id, code });
      if (!spent) {
        await audit('auth.second_factor_failed', username);
        await countFailure('second_factor');
        throw unauthenticated('Invalid or already used code');
      }
      if (spent === 'RECOVERY_CODE') await audit('auth.recovery_code_used', user.username);
    }
  }
  await clearFailures(db, { username });
  await audit('auth.sign_in', user.username);
  return { id: user.id, username: user.username, tokenVersion: user.tokenVersion };
}

/**
 * The challenge a passkey signs for one sign-in: asked with the password (checked and counted as a sign-in
 * attempt is, since it tells whether the password is right), answered only to a person who has a passkey.
 * Asking one counts nothing once the password was right (the sign-in that carries the assertion counts).
 */
export async function startPasskeySignIn(
  db: Db,
  credentials: { username: string; password: string },
  origin: SignInOrigin = { via: 'api' },
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const { user } = await checkPassword(db, credentials, origin);
  const options = await issueAuthenticationOptions(db, { userId: user.id });
  if (!options)
    throw conflict('This account has no passkey: sign in with a code, or with the password alone');
  // The right password: its check goes back, since the sign-in that carries the assertion is counted
  // itself. A wrong assertion then counts once, as a wrong code does.
  await releasePasswordCheck(db, { username: credentials.username });
  return options;
}
