// The console's address as people reach it, in one place: links in notifications start with it, a passkey
// is bound to its origin and host, and next-auth's URLs carry it (docs/contract.md §4, §12).
import type { Env } from './env';

/** PUBLIC_URL, else NEXTAUTH_URL, else the local port; never with a trailing slash. */
export function publicUrlOf(env: Pick<Env, 'PUBLIC_URL' | 'PORT'>): string {
  return (env.PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
}

/**
 * What next-auth reads from the environment to build its URLs (the provider's redirect_uri, the callback's
 * answer and its callback-url cookie, the error and sign-out addresses): NEXTAUTH_URL, else with
 * AUTH_TRUST_HOST the request's X-Forwarded-Host and -Proto, else, whatever the port, http://localhost:3000.
 * So PUBLIC_URL's origin where it is set (its path is no base path of next-auth's: the console answers at
 * the root), else the operator's NEXTAUTH_URL, else the origin the browser used, which server/http.ts makes
 * the forwarded headers say unless TRUST_PROXY. Every process that runs next-auth, the console's own among
 * them, sets the same before Next loads.
 */
export function nextAuthEnvironment(
  env: Pick<Env, 'PUBLIC_URL'>,
  nextAuthUrl = process.env.NEXTAUTH_URL,
): { NEXTAUTH_URL: string } | { AUTH_TRUST_HOST: 'true' } {
  if (env.PUBLIC_URL) return { NEXTAUTH_URL: new URL(env.PUBLIC_URL).origin };
  if (nextAuthUrl) return { NEXTAUTH_URL: nextAuthUrl };
  return { AUTH_TRUST_HOST: 'true' };
}
