// What a request may carry and where it may come from: bodies are JSON or nothing, and the console's session
// cookie is believed only on the tRPC calls of the console's own pages. An HTML form on any other page (of
// the same site or not) can send text/plain, urlencoded or multipart bodies with the browser's cookies and
// without asking first (no CORS preflight); a JSON body or a bearer token it cannot send.
import type { IncomingMessage } from 'node:http';
import { unsupportedMediaType, type DomainError } from '../errors';
import { getEnv } from '../runtime/env';

/** The largest body a request may have, unless its operation says otherwise (AppMeta.maxBodyBytes). */
export const MAX_BODY_BYTES = 64 * 1024;

function firstValue(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  return value?.split(',')[0].trim() || undefined;
}

/** https on our own TLS socket, or as the proxy we were told to trust (TRUST_PROXY) says it received it. */
export function isHttps(req: IncomingMessage): boolean {
  if ('encrypted' in req.socket && req.socket.encrypted) return true;
  return getEnv().TRUST_PROXY && firstValue(req.headers['x-forwarded-proto'])?.toLowerCase() === 'https';
}

/** The origin the browser addressed: the Host header, or behind a trusted proxy its X-Forwarded-Host. */
export function ownOriginOf(req: IncomingMessage): string {
  const forwardedHost = getEnv().TRUST_PROXY ? firstValue(req.headers['x-forwarded-host']) : undefined;
  return `${isHttps(req) ? 'https' : 'http'}://${forwardedHost ?? req.headers.host ?? ''}`;
}

/**
 * Next trusts X-Forwarded-Host and -Proto as they come, and next-auth builds its redirects and the Secure
 * flag of its cookies from them. Without a proxy we trust, they are replaced by what this socket saw, so a
 * client cannot point either anywhere else.
 */
export function replaceUntrustedForwardedHeaders(req: IncomingMessage): void {
  if (getEnv().TRUST_PROXY) {
    req.headers['x-forwarded-proto'] ??= isHttps(req) ? 'https' : 'http';
    return;
  }
  req.headers['x-forwarded-proto'] = isHttps(req) ? 'https' : 'http';
  if (req.headers.host) req.headers['x-forwarded-host'] = req.headers.host;
  else delete req.headers['x-forwarded-host'];
  delete req.headers['x-forwarded-port'];
}

function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0].trim().toLowerCase() === 'application/json';
}

/** A request body that is not JSON is refused before anything reads it: 415. */
export function unsupportedBodyOf(req: IncomingMessage): DomainError | undefined {
  const hasBody =
    Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
  return hasBody && !isJson(req.headers['content-type']) ? unsupportedMediaType() : undefined;
}

/** The browser says the call comes from one of our own pages: Sec-Fetch-Site, else the Origin header. */
function isSameOrigin(req: IncomingMessage): boolean {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  return req.headers.origin !== undefined && req.headers.origin === ownOriginOf(req);
}

/** The session cookie counts on a same-origin call only, and on one that changes something only with JSON. */
export function admitsSessionCookie(req: IncomingMessage): boolean {
  const reads = req.method === 'GET' || req.method === 'HEAD';
  return isSameOrigin(req) && (reads || isJson(req.headers['content-type']));
}
