// next-auth for the browser console: the same users table and the same sign-in rules as POST /api/tokens.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getProcessDatabase } from '../../db/client';
import { CLIENT_ADDRESS_HEADER } from '../transport/client-address';
import { getEnv } from '../runtime/env';
import { DomainError } from '../errors';
import { TokenRequest } from '../schemas/admin';
import { endConsoleSession, startConsoleSession } from './console-sessions';
import { safeAuthRedirect } from '../../lib/safe-redirect';
import { SECOND_FACTOR_REQUIRED_ERROR } from '../../lib/second-factor';
import { verifyCredentials } from './login';
import { getAuthSecret } from './secret';

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: number;
    ver?: number;
    /** The console_sessions row this cookie counts for (console-sessions.ts). */
    sid?: string;
  }
}

/** Who is signing in, as far as a session row records it. */
export interface SignInRequest {
  address: string | null;
  userAgent: string | null;
}

/** What server/http.ts and the browser tell a next-auth route about its caller. */
export function signInRequestOf(req: Request): SignInRequest {
  return { address: req.headers.get(CLIENT_ADDRESS_HEADER), userAgent: req.headers.get('user-agent') };
}

/** The address server/http.ts found for the request (next-auth sees headers, not the socket). */
function clientAddressFromHeaders(headers: Record<string, unknown> | undefined): string | undefined {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

// A function, not a constant: reading the secret must wait for a request, never happen at build time.
export function getAuthOptions(request?: SignInRequest): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    // The cookie may live as long as a session can; the session row decides when it really ends.
    session: { strategy: 'jwt', maxAge: getEnv().SESSION_MAX_HOURS * 3600 },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Password',
        credentials: {
          username: { label: 'Username' },
          password: { label: 'Password', type: 'password' },
          // Sent only after the right password was answered SECOND_FACTOR_REQUIRED: no session exists before.
          code: { label: 'Code' },
        },
        async authorize(credentials, req) {
          const signIn = TokenRequest.safeParse(credentials);
          if (!signIn.success) return null;
          const { db } = await getProcessDatabase();
          try {
            const user = await verifyCredentials(db, signIn.data, {
              clientAddress: clientAddressFromHeaders(req?.headers),
              via: 'console',
            });
            return { id: String(user.id), name: user.username, uid: user.id, ver: user.tokenVersion };
          } catch (error) {
            if (error instanceof DomainError && error.kind === 'UNAUTHENTICATED') return null;
            // next-auth hands this message to the sign-in page as the error.
            if (error instanceof DomainError && error.kind === 'RATE_LIMITED') throw new Error(error.message);
            // The sign-in page asks for the code and sends the password again with it.
            if (error instanceof DomainError && error.kind === 'SECOND_FACTOR_REQUIRED')
              throw new Error(SECOND_FACTOR_REQUIRED_ERROR);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      redirect: safeAuthRedirect,
      async jwt({ token, user }) {
        if (user) {
          const signedIn = user as unknown as { uid: number; ver: number };
          token.uid = signedIn.uid;
          token.ver = signedIn.ver;
          const { db } = await getProcessDatabase();
          token.sid = await startConsoleSession(db, {
            userId: signedIn.uid,
            address: request?.address,
            userAgent: request?.userAgent,
          });
        }
        return token;
      },
    },
    events: {
      async signOut({ token }) {
        if (typeof token?.sid !== 'string') return;
        const { db } = await getProcessDatabase();
        await endConsoleSession(db, { id: token.sid });
      },
    },
  };
}
