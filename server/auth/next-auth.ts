// next-auth for the browser console: the same users table and the same sign-in rules as POST /api/tokens.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { getProcessDatabase } from '../../db/client';
import { DomainError } from '../errors';
import { verifyCredentials } from './login';
import { getAuthSecret } from './secret';

declare module 'next-auth/jwt' {
  interface JWT {
    uid?: number;
    ver?: number;
  }
}

export const SESSION_MAX_AGE_SECONDS = 8 * 60 * 60;

// A function, not a constant: reading the secret must wait for a request, never happen at build time.
export function getAuthOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    session: { strategy: 'jwt', maxAge: SESSION_MAX_AGE_SECONDS },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      CredentialsProvider({
        name: 'Password',
        credentials: { username: { label: 'Username' }, password: { label: 'Password', type: 'password' } },
        async authorize(credentials) {
          if (!credentials?.username || !credentials.password) return null;
          const { db } = await getProcessDatabase();
          try {
            const user = await verifyCredentials(db, credentials.username, credentials.password);
            return { id: String(user.id), name: user.username, uid: user.id, ver: user.tokenVersion };
          } catch (error) {
            if (error instanceof DomainError && error.kind === 'UNAUTHENTICATED') return null;
            // next-auth hands this message to the sign-in page as the error.
            if (error instanceof DomainError && error.kind === 'RATE_LIMITED') throw new Error(error.message);
            throw error;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          const signedIn = user as unknown as { uid: number; ver: number };
          token.uid = signedIn.uid;
          token.ver = signedIn.ver;
        }
        return token;
      },
    },
  };
}
