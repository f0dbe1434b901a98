// Cross-origin calls from browser applications (docs/contract.md §10). The REST API takes bearer tokens only
// and never the console's cookie (server/transport/transport-rules.ts), so a page of another origin gains nothing by
// being allowed to call it but what its own token grants: origins listed in CORS_ORIGINS may, and no
// credentials mode is ever offered. tRPC stays the console's own, same-origin transport.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** What a browser application may send, beyond the CORS-safelisted request headers. */
const ALLOWED_REQUEST_HEADERS = [
  'Authorization',
  'Content-Type',
  'X-Request-Id',
  'traceparent',
  'tracestate',
  // Reports and the worker protocol's writes take one (docs/contract.md §8).
  'Idempotency-Key',
];
/** What its script may read of an answer, beyond the CORS-safelisted response headers. */
const EXPOSED_RESPONSE_HEADERS = [
  'X-Request-Id',
  'Retry-After',
  'Allow',
  'traceresponse',
  'RateLimit',
  'RateLimit-Policy',
  // The file name an export suggests (GET /incidents/export, /admin/audit-events/export).
  'Content-Disposition',
];
/** How long a browser may keep a preflight's answer, in seconds. */
const PREFLIGHT_MAX_AGE = '600';

export type CorsOrigins = ReadonlySet<string> | '*';

const entriesOf = (value: string | undefined) =>
  (value ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);

/** CORS_ORIGINS as configured: `*`, or a comma-separated list of origins (`https://app.example:8443`). */
export function parseCorsOrigins(value: string | undefined): CorsOrigins {
  if (value?.trim() === '*') return '*';
  return new Set(entriesOf(value).map((o) => new URL(o).origin));
}

/** Whether CORS_ORIGINS can be read as origins; the message says which entry is not one. */
export function corsOriginsProblem(value: string | undefined): string | undefined {
  if (value?.trim() === '*') return undefined;
  for (const entry of entriesOf(value)) {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      return `"${entry}" is not an origin (scheme://host[:port])`;
    }
    const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password;
    if (!['http:', 'https:'].includes(url.protocol) || !bare || entry.endsWith('#') || entry.endsWith('?')) {
      return `"${entry}" is not an origin (scheme://host[:port], no path)`;
    }
  }
  return undefined;
}

const allows = (origins: CorsOrigins, origin: string) => origins === '*' || origins.has(origin);

export function isPreflight(req: IncomingMessage): boolean {
  return (
    req.method === 'OPTIONS' &&
    typeof req.headers.origin === 'string' &&
    typeof req.headers['access-control-request-method'] === 'string'
  );
}

/**
 * Marks an answer to an allowed origin as readable by it. Every answer varies by Origin, so a cache never
 * hands one origin's answer to another.
 */
export function allowOrigin(req: IncomingMessage, res: ServerResponse, origins: CorsOrigins): void {
  res.setHeader('Vary', 'Origin');
  const origin = req.headers.origin;
  if (typeof origin !== 'string' || !allows(origins, origin)) return;
  res.setHeader('Access-Control-Allow-Origin', origin);
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_RESPONSE_HEADERS.join(', '));
}

export type PreflightAnswer =
  { allowed: true; headers: Record<string, string> } | { allowed: false; reason: string };

/**
 * The answer to a preflight of `req` for a path whose operations answer `methods` (undefined: no such path).
 * Refused: an origin not configured, a method the path does not answer, a header the API does not read.
 */
export function answerPreflight(
  req: IncomingMessage,
  methods: readonly string[] | undefined,
  origins: CorsOrigins,
): PreflightAnswer {
  const origin = req.headers.origin ?? '';
  if (!allows(origins, origin)) {
    return { allowed: false, reason: `The origin ${origin} may not call this API (CORS_ORIGINS)` };
  }
  const method = String(req.headers['access-control-request-method']).toUpperCase();
  if (!methods?.includes(method)) {
    return { allowed: false, reason: `No operation answers ${method} on this path` };
  }
  const asked = String(req.headers['access-control-request-headers'] ?? '')
    .split(',')
    .map((h) => h.trim().toLowerCase())
    .filter(Boolean);
  const readable = new Set(ALLOWED_REQUEST_HEADERS.map((h) => h.toLowerCase()));
  const unknown = asked.filter((h) => !readable.has(h));
  if (unknown.length) {
    return { allowed: false, reason: `The API does not read the header(s) ${unknown.join(', ')}` };
  }
  return {
    allowed: true,
    headers: {
      'Access-Control-Allow-Methods': methods.join(', '),
      'Access-Control-Allow-Headers': ALLOWED_REQUEST_HEADERS.join(', '),
      'Access-Control-Max-Age': PREFLIGHT_MAX_AGE,
    },
  };
}
