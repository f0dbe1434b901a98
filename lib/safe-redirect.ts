// Where the console may send someone after signing in: a path of this site, never another origin. Shared by
// the login page, the login form and next-auth, and free of server imports (the login form runs in the browser).

/** An origin no request can have: paths are resolved against it to see where a browser would really go. */
const PROBE_ORIGIN = 'http://same-origin.invalid';

/**
 * `value` as a path of this site, or `/`. A browser reads `/\evil`, `/<tab>/evil` and `//evil` as another
 * host, so the value is resolved as a browser would resolve it and kept only when it stays on the origin.
 * The result is the URL parser's serialisation: percent-encoded ASCII, safe in a Location header.
 *
 * The browser that follows the result resolves it once more, and a path can stay on the origin the first
 * time and not the second: `/.//evil`, `/..//evil` and `/%2e/\evil` serialise as `//evil`, another host. So
 * the serialisation is resolved again, and kept only when that too stays on the origin and gives itself back
 * (server/test/auth/safe-redirect.test.ts checks this for any string, with fast-check).
 */
export function safeRedirectPath(value: unknown): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (typeof candidate !== 'string' || !candidate.startsWith('/')) return '/';
  try {
    const path = pathOnProbeOrigin(candidate);
    return path !== undefined && pathOnProbeOrigin(path) === path ? path : '/';
  } catch {
    return '/';
  }
}

/** Path, query and fragment of `reference` resolved on PROBE_ORIGIN; undefined when it leaves that origin. */
function pathOnProbeOrigin(reference: string): string | undefined {
  const url = new URL(reference, PROBE_ORIGIN);
  return url.origin === PROBE_ORIGIN ? `${url.pathname}${url.search}${url.hash}` : undefined;
}

/**
 * next-auth's redirect callback: `url` is a path or an absolute URL; only one on `baseUrl`'s origin is kept.
 * (next-auth's own check let `/\evil.example` through and threw on values that are not URLs.)
 */
export function safeAuthRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  const origin = new URL(baseUrl).origin;
  const path = url.startsWith(`${origin}/`) ? url.slice(origin.length) : url;
  return `${origin}${safeRedirectPath(path)}`;
}
