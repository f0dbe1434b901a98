// Who sent a request, as far as this process can tell: the socket's peer, or, behind a proxy we were told
// to trust (TRUST_PROXY=true), the address that proxy appended to X-Forwarded-For. Without TRUST_PROXY a
// client could name any address it liked in that header, so it is ignored.
import type { IncomingMessage } from 'node:http';
import { getEnv } from '../runtime/env';

/**
 * The header through which server/http.ts hands the client address to Next's routes (next-auth's sign-in
 * sees a Request, not the socket). Any value a client sends in it is replaced before Next sees the request.
 */
export const CLIENT_ADDRESS_HEADER = 'x-bpm-client-address';

export function clientAddressOf(req: IncomingMessage): string {
  if (getEnv().TRUST_PROXY) {
    const forwarded = req.headers['x-forwarded-for'];
    const hops = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    // The last hop is the one our own proxy appended; earlier ones are whatever the client claimed.
    if (hops.length) return hops[hops.length - 1];
  }
  return req.socket.remoteAddress ?? 'unknown';
}
