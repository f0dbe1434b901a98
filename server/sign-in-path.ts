// Where the console sends someone whose session ended: the sign-in page, asked to come back afterwards.
// Pure, so that server components and the browser's tRPC client build the same address.

/**
 * The header through which server/http.ts hands Next's pages the path and query the browser asked for
 * (a layout is not told its URL). Any value a client sends in it is replaced before Next sees the request.
 */
export const REQUEST_PATH_HEADER = 'x-bpm-request-path';

/** Pages that are themselves the way back in: coming back to them after sign-in would go round in circles. */
const SIGN_IN_PAGES = ['/login', '/change-password'];

/** `/login?callbackUrl=<path>` for a same-origin path and query, plain `/login` for anything else. */
export function signInPathFor(path: string | null | undefined): string {
  const url = path && path.startsWith('/') && !path.startsWith('//') ? new URL(path, 'http://x') : undefined;
  if (!url || url.origin !== 'http://x' || url.pathname === '/') return '/login';
  if (SIGN_IN_PAGES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return '/login';
  // Next's client navigations add _rsc to the URL; it is not part of the page's address. The rest of the
  // query is kept as it was written (re-serialising it would encode what the page wrote plainly).
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part && part !== '_rsc' && !part.startsWith('_rsc='));
  const search = kept.length ? `?${kept.join('&')}` : '';
  return `/login?callbackUrl=${encodeURIComponent(url.pathname + search)}`;
}
