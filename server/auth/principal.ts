// Who is calling: resolves a bearer token (access JWT or API token) or a console session cookie to a user
// with their current effective permissions. Every request checks the user's current row (enabled, token
// version), so a disabled, deleted or password-reset user's tokens stop working at once; the row comes
// from the authentication cache when this process has one (auth-cache.ts explains when it is forgotten).
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { rowsOf, type Db } from '../../db/client';
import { getEnv } from '../env';
import { PERMISSION_CODES, type Permission } from '../permissions';
import { remembered } from './auth-cache';
import { touchConsoleSession } from './console-sessions';
import { getAuthSecret } from './secret';
import type { TokenScope } from './token-scopes';

export interface Principal {
  /** null only for the anonymous principal of SECURITY_DISABLED. */
  userId: number | null;
  username: string;
  permissions: ReadonlySet<Permission>;
  /** What the credentials may do within those permissions: an API token's scope; FULL for everything else. */
  scope: TokenScope;
  /** An administrator set the password: nothing but changing it is allowed until then. */
  mustChangePassword?: boolean;
}

export interface Credentials {
  authorization?: string;
  /**
   * The Cookie header, given only where a session cookie is admissible: the console's server components and
   * its same-origin tRPC calls (server/transport-rules.ts). REST never passes it: a bearer token or nothing.
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

interface UserAuthRow {
  id: number | string;
  username: string;
  enabled: boolean;
  token_version: number;
  must_change_password: boolean;
  permissions: string[];
  group_permissions: string[];
}

const userColumns = sql`u.id, u.username, u.enabled, u.token_version, u.must_change_password, u.permissions,
  array(select distinct p from user_groups ug join groups g on g.id = ug.group_id,
        unnest(g.permissions) p where ug.user_id = u.id) as group_permissions`;

function toPrincipal(row: UserAuthRow, scope: TokenScope = 'FULL'): Principal {
  return {
    userId: Number(row.id),
    username: row.username,
    permissions: new Set([...row.permissions, ...row.group_permissions] as Permission[]),
    scope,
    mustChangePassword: row.must_change_password,
  };
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

function secretKey(): Uint8Array {
  return new TextEncoder().encode(getAuthSecret());
}

/** Loads a user by id if they are enabled and the token's version is still current. */
export async function loadActivePrincipal(
  db: Db,
  userId: number,
  tokenVersion: number,
): Promise<Principal | null> {
  const row = await remembered(
    db,
    `user:${userId}`,
    async () =>
      rowsOf<UserAuthRow>(
        await db.execute(sql`select ${userColumns} from users u where u.id = ${userId}`),
      )[0],
  );
  if (!row || !row.enabled || row.token_version !== tokenVersion) return null;
  return toPrincipal(row);
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

async function verifyAccessToken(token: string): Promise<VerifiedAccessToken | null> {
  const known = verifiedAccessTokens.get(token);
  if (known) return known.expiresAt * 1000 > Date.now() ? known : null;
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
  return verified ? loadActivePrincipal(db, verified.userId, verified.tokenVersion) : null;
}

interface ApiTokenAuthRow extends UserAuthRow {
  token_id: number | string;
  expires_at: Date | string | null;
  last_used_at: Date | string | null;
  scope: TokenScope;
}

const LAST_USED_PRECISION_MS = 60_000;

async function fromApiToken(db: Db, token: string): Promise<Principal | null> {
  const hash = sha256(token);
  const row = await remembered(
    db,
    `api-token:${hash}`,
    async () =>
      rowsOf<ApiTokenAuthRow>(
        await db.execute(sql`
        select ${userColumns}, t.id as token_id, t.expires_at, t.last_used_at, t.scope
        from api_tokens t join users u on u.id = t.user_id
        where t.token_hash = ${hash} and t.user_token_version = u.token_version`),
      )[0],
  );
  const now = Date.now();
  if (!row || !row.enabled || (row.expires_at && new Date(row.expires_at).getTime() <= now)) return null;
  // lastUsedAt is kept to the minute: a write per request would double the cost of every worker call.
  if (!row.last_used_at || new Date(row.last_used_at).getTime() < now - LAST_USED_PRECISION_MS) {
    row.last_used_at = new Date(now);
    await db.execute(sql`update api_tokens set last_used_at = now() where id = ${Number(row.token_id)}`);
  }
  return toPrincipal(row, row.scope);
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
    if (!(await touchConsoleSession(db, sid, uid))) return null;
    return await loadActivePrincipal(db, uid, ver);
  } catch {
    return null;
  }
}

export async function authenticate(db: Db, credentials: Credentials): Promise<Authentication> {
  if (getEnv().SECURITY_DISABLED) return { principal: ANONYMOUS };
  const header = credentials.authorization?.trim();
  if (header) {
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    if (!match) return { principal: null, failure: 'The Authorization header must be "Bearer <token>"' };
    const token = match[1];
    const principal = token.startsWith(API_TOKEN_PREFIX)
      ? await fromApiToken(db, token)
      : await fromAccessToken(db, token);
    return principal
      ? { principal }
      : { principal: null, failure: 'The bearer token is invalid, expired or revoked' };
  }
  if (credentials.cookie) {
    const principal = await fromSessionCookie(db, credentials.cookie);
    if (principal) return { principal };
  }
  return { principal: null };
}
