// The signing secret of access tokens and console sessions: AUTH_SECRET, or one generated once and kept in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { getEnv } from '../runtime/env';

let cached: string | undefined;

export function getAuthSecret(): string {
  if (cached) return cached;
  const env = getEnv();
  if (env.AUTH_SECRET) return (cached = env.AUTH_SECRET);
  if (env.DATABASE_URL && env.NODE_ENV === 'production') {
    // Several instances share one PostgreSQL; a secret generated per machine would sign tokens the others reject.
    throw new Error('AUTH_SECRET is required when DATABASE_URL is set in production');
  }
  const file = path.join(env.DATA_DIR, 'auth-secret');
  try {
    cached = readFileSync(file, 'utf8').trim();
  } catch {
    mkdirSync(env.DATA_DIR, { recursive: true });
    cached = randomBytes(32).toString('base64url');
    writeFileSync(file, cached, { mode: 0o600, flag: 'wx' });
  }
  return cached;
}
