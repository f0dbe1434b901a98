// Who is calling: resolves a bearer token (access JWT or API token) or a console session cookie to a user
// with their current effective permissions. Every request reads the user row, so a disabled, deleted or
// password-reset user's tokens stop working at once.
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { jwtVerify } from 'jose';
import { rowsOf, type Db } from '../../db/client';
import { getEnv } from '../env';
import { PERMISSION_CODES, type Permission } from '../permissions';
import { getAuthSecret } from './secret';

export interface Principal {
  /** null only for the anonymous principal of SECURITY_DISABLED. */
  userId: number | null;
  username: string;
  permissions: ReadonlySet<Permission>;
}

export interface Credentials {
  authorization?: string;
  cookie?: string;
}

export type Authentication = { principal: Principal } | { principal: null; failure?: string };

export const API_TOKEN_PREFIX = 'bpm_';
const SESSION_COOKIES = ['__Secure-next-auth.session-token', 'next-auth.session-token'];

export const ANONYMOUS: Principal = {
  userId: null,
  username: 'anonymous',
  permissions: new Set(PERMISSION_CODES),
};

interface UserAuthRow {
  id: number | string;
  username: string;
  enabled: boolean;
  token_version: number;
  permissions: string[];
  group_permissions: string[];
}

const userColumns = sql`u.id, u.username, u.enabled, u.token_version, u.permissions,
  array(select distinct p from user_groups ug join groups g on g.id = ug.group_id,
        unnest(g.permissions) p where ug.user_id = u.id) as group_permissions`;

function toPrincipal(row: UserAuthRow): Principal {
  return {
    userId: Number(row.id),
    username: row.username,
    permissions: new Set([...row.permissions, ...row.group_permissions] as Permission[]),
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
  const rows = rowsOf<UserAuthRow>(
    await db.execute(sql`select ${userColumns} from users u where u.id = ${userId}`),
  );
  const row = rows[0];
  if (!row || !row.enabled || row.token_version !== tokenVersion) return null;
  return toPrincipal(row);
}

async function fromAccessToken(db: Db, token: string): Promise<Principal | null> {
  try {
    const { payload } = await jwtVerify(token, secretKey(), { algorithms: ['HS256'], typ: 'at+jwt' });
    const userId = Number(payload.sub);
    if (!Number.isSafeInteger(userId) || typeof payload.ver !== 'number') return null;
    return await loadActivePrincipal(db, userId, payload.ver);
  } catch {
    return null;
  }
}

async function fromApiToken(db: Db, token: string): Promise<Principal | null> {
  const rows = rowsOf<UserAuthRow & { token_id: number | string; stale_use: boolean }>(
    await db.execute(sql`
      select ${userColumns}, t.id as token_id,
             (t.last_used_at is null or t.last_used_at < now() - interval '60 seconds') as stale_use
      from api_tokens t join users u on u.id = t.user_id
      where t.token_hash = ${sha256(token)}
        and t.user_token_version = u.token_version
        and (t.expires_at is null or t.expires_at > now())`),
  );
  const row = rows[0];
  if (!row || !row.enabled) return null;
  // lastUsedAt is kept to the minute: a write per request would double the cost of every worker call.
  if (row.stale_use) {
    await db.execute(sql`update api_tokens set last_used_at = now() where id = ${Number(row.token_id)}`);
  }
  return toPrincipal(row);
}

async function fromSessionCookie(db: Db, cookieHeader: string): Promise<Principal | null> {
  const cookies = Object.fromEntries(
    cookieHeader.split(';').map((part) => {
      const i = part.indexOf('=');
      return [part.slice(0, i).trim(), decodeURIComponent(part.slice(i + 1).trim())];
    }),
  );
  const token = SESSION_COOKIES.map((name) => cookies[name]).find(Boolean);
  if (!token) return null;
  try {
    const { decode } = await import('next-auth/jwt');
    const payload = await decode({ token, secret: getAuthSecret() });
    if (!payload || typeof payload.uid !== 'number' || typeof payload.ver !== 'number') return null;
    return await loadActivePrincipal(db, payload.uid, payload.ver);
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
