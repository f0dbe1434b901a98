import NextAuth from 'next-auth';
import { getAuthOptions, signInRequestOf } from '@/server/auth/next-auth';

export const dynamic = 'force-dynamic';

type RouteContext = { params: Promise<{ nextauth: string[] }> };

async function handler(req: Request, context: RouteContext) {
  return NextAuth(getAuthOptions(signInRequestOf(req)))(req, { params: await context.params });
}

export { handler as GET, handler as POST };
