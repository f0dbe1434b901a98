// Who is calling: resolves a bearer token (access JWT or API token) or a console session cookie to a user
// with their current effective permissions. Every request checks the user's current row (enabled, token
// version), so a disabled, deleted or password-reset user's tokens stop working at once; the row comes
// from the authentication cache when this process has one (auth-cache.ts explains when it is forgotten).
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import type { Db } from '../../db/client';
import { apiTokens, users, type UserKind } from '../../db/schema';
import { getEnv } from '../runtime/env';
import { ADMIN_PERMISSION, PERMISSION_CODES, type Permission } from '../permissions';
import { remembered, rememberedNow } from './auth-cache';
import { touchConsoleSession } from './console-sessions';
import { hasSecondFactorOf } from './second-factor';
import { effectivePermissions } from './effective-permissions';
import { getAuthSecret } from './secret';
import type { TokenScope } from './token-scopes';
import type { RateLimitSubject } from '../transport/token-rate-limit';

export interface Principal {
  /** null only for the anonymous principal of SECURITY_DISABLED. */
  userId: number | null;
  username: string;
  permissions: ReadonlySet<Permission>;
  /** What the credentials may do within those permissions: an API token's scope; FULL for everything else. */
  scope: TokenScope;
  /** An administrator set the password: nothing but changing it is allowed until then. */
  mustChangePassword?: boolean;
  /**
   * REQUIRE_SECOND_FACTOR_FOR_ADMINS and an administrator signed in (console or password grant) without one:
   * nothing but enrolling it is allowed until then. API tokens are not held to it (they are not a sign-in).
   */
  mustEnrolSecondFactor?: boolean;
  /** A person who signs in through the identity provider (single sign-on): their second factor is its. */
  viaIdentityProvider?: boolean;
  /**
   * The console session the request came with (the secret id its cookie carries); undefined for bearer
   * tokens. Only compared on the server (which session is the caller's own), never answered or logged.
   */
  sessionId?: string;
  /**
   * Whose request budget a bearer token's request takes from (server/transport/token-rate-limit.ts): an API
   * token's own, or a person's for their access tokens together. Undefined for console sessions.
   */
  rateLimit?: RateLimitSubject;
}

export interface Credentials {
  authorization?: string;
  /**
   * The Cookie header, given only where a session cookie is admissible: the console's server components and
   * its same-origin tRPC calls (server/transport/transport-rules.ts). REST never passes it: a bearer token or nothing.
   */
  cookie?: string;
}

export type Authentication = { principal: Principal } | { principal: null; failure?: string };

export const API_TOKEN_PREFIX = 'bpm_';
const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

export const ANONYMOUS: Principal = {
  userId: null,
  username: 'anonymous',
  permissions: new Set(PERMISSION_CODES),
  scope: 'FULL',
};

/** What authentication reads of a user: the row's state and the effective permissions. */
const userAuthColumns = {
  id: users.id,
  username: users.username,
  enabled: users.enabled,
  tokenVersion: users.tokenVersion,
  mustChangePassword: users.mustChangePassword,
  hasSecondFactor: hasSecondFactorOf(users.id),
  /** Signs in through the identity provider: their second factor is the provider's, never ours. */
  viaIdentityProvider: sql<boolean>`${users.oidcSubject} is not null`,
  kind: users.kind,
  /** A service account's limit for its tokens; null for people. */
  rateLimitPerMinute: users.rateLimitPerMinute,
  permissions: effectivePermissions(),
};

interface UserAuthRow {
  id: number;
  username: string;
  enabled: boolean;
  tokenVersion: number;
  mustChangePassword: boolean;
  hasSecondFactor: boolean;
  viaIdentityProvider: boolean;
  kind: UserKind;
  rateLimitPerMinute: number | null;
  permissions: string[];
}

/** What authentication reads of an API token: its user's row, and the token's own state. */
interface ApiTokenRow extends UserAuthRow {
  tokenId: number;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  scope: string;
  tokenRateLimitPerMinute: number | null;
}

function toPrincipal(row: UserAuthRow, scope: TokenScope = 'FULL', rateLimit?: RateLimitSubject): Principal {
  return {
    userId: row.id,
    username: row.username,
    permissions: new Set(row.permissions as Permission[]),
    scope,
    mustChangePassword: row.mustChangePassword,
    rateLimit,
  };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function secretKey(): Uint8Array {
  return new TextEncoder().encode(getAuthSecret());
}

/**
 * The person of the row, if they are enabled and `tokenVersion` is still current. Access tokens and console
 * sessions come only from a password sign-in, which a service account never passes; a row of one here
 * (a forged or mistaken claim) counts for nothing all the same.
 */
function activePrincipal(
  row: UserAuthRow | undefined,
  tokenVersion: number,
  rateLimit?: RateLimitSubject,
): Principal | null {
  if (!row || !row.enabled || row.kind !== 'PERSON' || row.tokenVersion !== tokenVersion) return null;
  const mustEnrolSecondFactor =
    getEnv().REQUIRE_SECOND_FACTOR_FOR_ADMINS &&
    !row.hasSecondFactor &&
    !row.viaIdentityProvider &&
    row.permissions.includes(ADMIN_PERMISSION);
  return {
    ...toPrincipal(row, 'FULL', rateLimit),
    mustEnrolSecondFactor,
    viaIdentityProvider: row.viaIdentityProvider,
  };
}

/**
 * A person's access tokens share one budget of the default size (server/transport/token-rate-limit.ts): they
 * are minted by signing in, so a budget per token would be one more sign-in away.
 */
function accessTokenPrincipal(row: UserAuthRow | undefined, tokenVersion: number): Principal | null {
  return row ? activePrincipal(row, tokenVersion, { key: `user:${row.id}`, perMinute: null }) : null;
}

/** Loads a person by id if they are enabled and the token's version is still current. */
export async function loadActivePrincipal(
  db: Db,
  input: { userId: number; tokenVersion: number },
): Promise<Principal | null> {
  return activePrincipal(await loadUserAuthRow(db, input.userId), input.tokenVersion);
}

function loadUserAuthRow(db: Db, userId: number): Promise<UserAuthRow | undefined> {
  return remembered(db, `user:${userId}`, async () => {
    const [found] = await db.select(userAuthColumns).from(users).where(eq(users.id, userId));
    return found;
  });
}

interface VerifiedAccessToken {
  userId: number;
  tokenVersion: number;
  /** Seconds since the epoch. */
  expiresAt: number;
}

// An access token's signature and claims are checked once; a console or script sends the same token on
// every request until it expires, and HMAC verification through WebCrypto was a sixth of a cheap request's
// CPU. Only what verified is remembered (keyed by the whole token, so nothing unsigned can hit), its expiry
// is checked on every use, and the user behind it is still checked on every request.
const verifiedAccessTokens = new Map<string, VerifiedAccessToken>();
const MAX_VERIFIED_ACCESS_TOKENS = 10_000;

/** The token as it verified before, null once it has expired; undefined when it was never verified here. */
function knownAccessToken(token: string): VerifiedAccessToken | null | undefined {
  const known = verifiedAccessTokens.get(token);
  if (!known) return undefined;
  return known.expiresAt * 1000 > Date.now() ? known : null;
}

async function verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
  const known = knownAccessToken(token);
  if (known !== undefined) return known;
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ['HS256'], typ: 'at+jwt' });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') {
      return null;
    }
    const verified = { userId, tokenVersion: payload.ver, expiresAt: payload.exp };
    if (verifiedAccessTokens.size >= MAX_VERIFIED_ACCESS_TOKENS) {
      verifiedAccessTokens.delete(verifiedAccessTokens.keys().next().value!);
    }
    verifiedAccessTokens.set(token, verified);
    return verified;
  } catch {
    return null;
  }
}

async function fromAccessToken(db: Db, token: string): Promise<Principal | null> {
  const verified = await verifyAccessToken(token);
  if (!verified) return null;
  const row = await loadUserAuthRow(db, verified.userId);
  return accessTokenPrincipal(row, verified.tokenVersion);
}

const LAST_USED_PRECISION_MS = 60_000;

/** The principal of an API token's row, null when the token or its user no longer counts. */
function apiTokenPrincipal(row: ApiTokenRow | undefined, now: number): Principal | null {
  if (!row || !row.enabled || (row.expiresAt && row.expiresAt.getTime() <= now)) return null;
  // The token's own limit, else its service account's, else (null) the default.
  const perMinute = row.tokenRateLimitPerMinute ?? row.rateLimitPerMinute;
  return toPrincipal(row, row.scope as TokenScope, { key: `token:${row.tokenId}`, perMinute });
}

/** lastUsedAt is kept to the minute: a write per request would double the cost of every worker call. */
function lastUseIsStale(row: ApiTokenRow, now: number): boolean {
  return !row.lastUsedAt || row.lastUsedAt.getTime() < now - LAST_USED_PRECISION_MS;
}

async function fromApiToken(db: Db, token: string): Promise<Principal | null> {
  const hash = sha256(token);
  const row: ApiTokenRow | undefined = await remembered(db, `api-token:${hash}`, async () => {
    const [found] = await db
      .select({
        ...userAuthColumns,
        tokenId: apiTokens.id,
        expiresAt: apiTokens.expiresAt,
        lastUsedAt: apiTokens.lastUsedAt,
        scope: apiTokens.scope,
        tokenRateLimitPerMinute: apiTokens.rateLimitPerMinute,
      })
      .from(apiTokens)
      .innerJoin(users, eq(users.id, apiTokens.userId))
      .where(and(eq(apiTokens.tokenHash, hash), eq(apiTokens.userTokenVersion, users.tokenVersion)));
    return found;
  });
  const now = Date.now();
  const principal = apiTokenPrincipal(row, now);
  if (principal && lastUseIsStale(row!, now)) {
    row!.lastUsedAt = new Date(now);
    await db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(apiTokens.id, row!.tokenId));
  }
  return principal;
}

async function fromSessionCookie(db: Db, cookieHeader: string): Promise<Principal | null> {
  // Other cookies are not ours to read: one that is not valid percent-encoding must not fail the request.
  const cookies = new Map(
    cookieHeader.split(';').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim(), part.slice(i + 1).trim()] as const;
    }),
  );
  const encoded = SESSION_COOKIES.map((name) => cookies.get(name)).find(Boolean);
  if (!encoded) return null;
  try {
    const token = decodeURIComponent(encoded);
    const { decode } = await import('next-auth/jwt');
    const payload = await decode({ token, secret: getAuthSecret() });
    const { uid, ver, sid } = payload ?? {};
    if (typeof uid !== 'number' || typeof ver !== 'number' || typeof sid !== 'string') return null;
    // The cookie is signed but cannot be taken back: it counts only while its session row lives.
    if (!(await touchConsoleSession(db, { id: sid, userId: uid }))) return null;
    const principal = await loadActivePrincipal(db, { userId: uid, tokenVersion: ver });
    return principal && { ...principal, sessionId: sid };
  } catch {
    return null;
  }
}

const INVALID_BEARER = 'The bearer token is invalid, expired or revoked';

/** The bearer token of the Authorization header, why the header is not one, or undefined without a header. */
function bearerOf(credentials: Credentials): { token: string } | { failure: string } | undefined {
  const header = credentials.authorization?.trim();
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? { token: match[1] } : { failure: 'The Authorization header must be "Bearer <token>"' };
}

const bearerAuthentication = (principal: Principal | null): Authentication =>
  principal ? { principal } : { principal: null, failure: INVALID_BEARER };

/**
 * The authentication of `credentials` when everything it needs is already known here: an access token
 * verified before and its user's row remembered, or an API token's row remembered (its last use recorded
 * within the minute). Undefined when something must be read or written: authenticate does it. Answered
 * without a promise, as most requests of a script or a console are: a promise per request is a cost on the
 * hottest path; the rules are authenticate's own.
 */
export function rememberedAuthentication(db: Db, credentials: Credentials): Authentication | undefined {
  if (getEnv().SECURITY_DISABLED) return { principal: ANONYMOUS };
  const bearer = bearerOf(credentials);
  if (!bearer) return credentials.cookie ? undefined : { principal: null };
  if ('failure' in bearer) return { principal: null, failure: bearer.failure };
  if (bearer.token.startsWith(API_TOKEN_PREFIX)) {
    const row = rememberedNow<ApiTokenRow>(db, `api-token:${sha256(bearer.token)}`);
    if (!row) return undefined;
    const now = Date.now();
    const principal = apiTokenPrincipal(row, now);
    return principal && lastUseIsStale(row, now) ? undefined : bearerAuthentication(principal);
  }
  const verified = knownAccessToken(bearer.token);
  if (verified === null) return bearerAuthentication(null);
  const row = verified && rememberedNow<UserAuthRow>(db, `user:${verified.userId}`);
  if (!verified || !row) return undefined;
  return bearerAuthentication(accessTokenPrincipal(row, verified.tokenVersion));
}

export async function authenticate(db: Db, credentials: Credentials): Promise<Authentication> {
  return rememberedAuthentication(db, credentials) ?? (await readAuthentication(db, credentials));
}

/**
 * The authentication of credentials that rememberedAuthentication left undefined: what it needs is read (and
 * an API token's last use written). Call it only then; authenticate does both in turn.
 */
export async function readAuthentication(db: Db, credentials: Credentials): Promise<Authentication> {
  const bearer = bearerOf(credentials);
  if (bearer && 'token' in bearer) {
    const principal = bearer.token.startsWith(API_TOKEN_PREFIX)
      ? await fromApiToken(db, bearer.token)
      : await fromAccessToken(db, bearer.token);
    return bearerAuthentication(principal);
  }
  if (credentials.cookie) {
    const principal = await fromSessionCookie(db, credentials.cookie);
    if (principal) return { principal };
  }
  return { principal: null };
}
