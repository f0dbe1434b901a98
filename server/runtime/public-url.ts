// The console's address as people reach it, in one place: links in notifications start with it, and a
// passkey is bound to its origin and host (docs/contract.md §4, §12).
import type { Env } from './env';

/** PUBLIC_URL, else NEXTAUTH_URL, else the local port; never with a trailing slash. */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}
