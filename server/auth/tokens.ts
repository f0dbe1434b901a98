// Issuing credentials: short-lived access tokens (signed JWT) and API tokens for external systems.
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { getEnv } from '../runtime/env';
import { API_TOKEN_PREFIX, sha256 } from './principal';
import { getAuthSecret } from './secret';

export async function issueAccessToken(user: { id: number; username: string; tokenVersion: number }) {
  const expiresIn = getEnv().ACCESS_TOKEN_TTL_SECONDS;
  const accessToken = await new SignJWT({ ver: user.tokenVersion, name: user.username })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + expiresIn)
    .sign(new TextEncoder().encode(getAuthSecret()));
  return { accessToken, tokenType: 'Bearer' as const, expiresIn };
}

/** A new API token secret: `bpm_` and 43 url-safe characters (256 random bits), and the hash we keep. */
export function generateApiToken(): { token: string; hash: string } {
  const token = API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
  return { token, hash: sha256(token) };
}
