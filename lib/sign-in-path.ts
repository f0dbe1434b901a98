// Where the console sends someone whose session ended: the sign-in page, asked to come back afterwards.
// Pure, so that server components and the browser's tRPC client build the same address.
import { safeRedirectPath } from './safe-redirect';

/**
 * The header through which server/http.ts hands Next's pages the path and query the browser asked for
 * (a layout is not told its URL). Any value a client sends in it is replaced before Next sees the request.
 */
export const REQUEST_PATH_HEADER = 'x-bpm-request-path';

/** Pages that are themselves the way back in: coming back to them after sign-in would go round in circles. */
const SIGN_IN_PAGES = ['/login', '/change-password'];

/** `/login?callbackUrl=<path>` for a path of this site (safeRedirectPath decides), plain `/login` otherwise. */
export function signInPathFor(path: string | null | undefined): string {
  const back = safeRedirectPath(path);
  const url = new URL(back, 'http://x');
  if (url.pathname === '/') return '/login';
  if (SIGN_IN_PAGES.some((p) => url.pathname === p || url.pathname.startsWith(`${p}/`))) return '/login';
  // Next's client navigations add _rsc to the URL; it is not part of the page's address. The rest of the
  // query is kept in the URL parser's serialisation, which safeRedirectPath returned.
  const kept = url.search
    .slice(1)
    .split('&')
    .filter((part) => part && part !== '_rsc' && !part.startsWith('_rsc='));
  const search = kept.length ? `?${kept.join('&')}` : '';
  return `/login?callbackUrl=${encodeURIComponent(url.pathname + search)}`;
}
