// Next's proxy (the former middleware): every page gets a Content-Security-Policy with a fresh nonce, which
// Next reads from the request's own Content-Security-Policy header and puts on the scripts it renders.
import { NextResponse, type NextRequest } from 'next/server';
import { pageContentSecurityPolicy } from './server/transport/content-security-policy';

export function proxy(request: NextRequest) {
  const nonce = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(16))));
  const policy = pageContentSecurityPolicy(nonce, process.env.NODE_ENV === 'development');
  const headers = new Headers(request.headers);
  headers.set('Content-Security-Policy', policy);
  headers.set('x-nonce', nonce);
  const response = NextResponse.next({ request: { headers } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

export const config = {
  // Pages only: /api is served beside Next (server/http.ts) but for next-auth, which renders no page of ours.
  matcher: ['/((?!api/|_next/static|_next/image|favicon.ico|icon.svg).*)'],
};
