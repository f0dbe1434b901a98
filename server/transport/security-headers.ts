// Response headers every answer carries, API and pages alike (server/http.ts sets them before any handler
// runs; proxy.ts replaces the Content-Security-Policy of pages with one holding a per-request nonce).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BASE_CONTENT_SECURITY_POLICY } from './content-security-policy';
import { isHttps } from './transport-rules';

export function setSecurityHeaders(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Content-Security-Policy', BASE_CONTENT_SECURITY_POLICY);
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  // Over plain http the header means nothing to a browser, and behind an untrusted proxy we cannot know.
  if (isHttps(req)) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  // API answers (tokens, sessions, whatever a caller may read) are never kept by a browser or a proxy;
  // the API reference's static files say otherwise for themselves.
  if (req.url === '/api' || req.url?.startsWith('/api/') || req.url?.startsWith('/api?')) {
    res.setHeader('Cache-Control', 'no-store');
  }
}
