// The Content-Security-Policy of every answer (server/transport/security-headers.ts) and of the console's pages
// (proxy.ts). No imports: Next bundles this into its proxy.

/**
 * The policy of everything but the console's pages (API answers, the API reference, next-auth, static files):
 * scripts from files of this origin only, nothing may frame it. style-src allows inline styles because
 * Mantine (and Swagger UI) set style attributes and <style> elements at run time, which cannot carry a
 * nonce; styles cannot run script.
 */
export const BASE_CONTENT_SECURITY_POLICY = contentSecurityPolicy("'self'");

/** The console pages' policy: only scripts carrying this request's nonce, and what they load themselves. */
export function pageContentSecurityPolicy(nonce: string, development: boolean): string {
  return contentSecurityPolicy(
    `'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
  );
}

function contentSecurityPolicy(scriptSrc: string): string {
  return [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}
