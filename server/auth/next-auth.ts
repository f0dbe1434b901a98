// next-auth for the browser console: the same users table and the same sign-in rules as POST /api/tokens.
import type { NextAuthOptions } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import type { OAuthConfig } from 'next-auth/providers/oauth';
import { getProcessDatabase } from '../../db/client';
import { CLIENT_ADDRESS_HEADER } from '../transport/client-address';
import { getEnv } from '../runtime/env';
import { DomainError } from '../errors';
import { TokenRequest } from '../schemas/admin';
import { endConsoleSession, startConsoleSession } from './console-sessions';
import { safeAuthRedirect } from '../../lib/safe-redirect';
import { SECOND_FACTOR_REQUIRED_ERROR } from '../../lib/second-factor';
import { OIDC_PROVIDER_ID } from '../../lib/single-sign-on';
import { verifyCredentials } from './login';
import { signInThroughProvider } from './oidc-sign-in';
import { getOidcSettings, type OidcSettings } from './oidc-settings';
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

/** The X-Request-Id the request wrapper (server/observability/observe-requests.ts) set on the request. */
function requestIdFromHeaders(headers: Record<string, unknown> | undefined): string | undefined {
  const id = headers?.['x-request-id'];
  return typeof id === 'string' ? id : undefined;
}

/** The address server/http.ts found for the request (next-auth sees headers, not the socket). */
function clientAddressFromHeaders(headers: Record<string, unknown> | undefined): string | undefined {
  const value = headers?.[CLIENT_ADDRESS_HEADER];
  return typeof value === 'string' && value ? value : undefined;
}

/** What a provider's profile() makes of the ID token: next-auth needs an id; the rest is signIn's work. */
interface ProviderProfile {
  id: string;
  name?: string;
  uid?: number;
  ver?: number;
}

/**
 * The OpenID provider, when configured: the authorization code flow with PKCE and state (next-auth's
 * cookies, checked at the callback), the person's claims read from the verified ID token.
 */
function oidcProvider(settings: OidcSettings): OAuthConfig<Record<string, unknown>> {
  return {
    id: OIDC_PROVIDER_ID,
    name: settings.displayName,
    type: 'oauth',
    wellKnown: `${settings.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    authorization: { params: { scope: settings.scopes } },
    idToken: true,
    checks: ['pkce', 'state'],
    // Every request to the provider (discovery, token, keys) gives up in time: a provider that is down or
    // slow is an error on the sign-in page, never a hang.
    httpOptions: { timeout: settings.timeoutMs },
    profile: (claims) => ({ id: String(claims.sub) }),
  };
}

/** A form field carrying JSON; what is not JSON is left for the schema to refuse. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

// A function, not a constant: reading the secret must wait for a request, never happen at build time.
export function getAuthOptions(request?: SignInRequest): NextAuthOptions {
  const oidc = getOidcSettings();
  return {
    secret: getAuthSecret(),
    // The cookie may live as long as a session can; the session row decides when it really ends.
    session: { strategy: 'jwt', maxAge: getEnv().SESSION_MAX_HOURS * 3600 },
    pages: { signIn: '/login', error: '/login' },
    providers: [
      ...(oidc ? [oidcProvider(oidc)] : []),
      CredentialsProvider({
        name: 'Password',
        credentials: {
          username: { label: 'Username' },
          password: { label: 'Password', type: 'password' },
          // Sent only after the right password was answered SECOND_FACTOR_REQUIRED: no session exists before.
          code: { label: 'Code' },
          // Or, instead of a code: a passkey's assertion (JSON) for a challenge from auth.startPasskeySignIn.
          passkey: { label: 'Passkey' },
        },
        async authorize(credentials, req) {
          const signIn = TokenRequest.safeParse({
            ...credentials,
            passkey: credentials?.passkey ? parsedJson(credentials.passkey) : undefined,
          });
          if (!signIn.success) return null;
          const { db } = await getProcessDatabase();
          try {
            const user = await verifyCredentials(db, signIn.data, {
              clientAddress: clientAddressFromHeaders(req?.headers),
              via: 'console',
              requestId: requestIdFromHeaders(req?.headers),
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
      async signIn({ user, account, profile }) {
        if (account?.provider !== OIDC_PROVIDER_ID) return true;
        if (!oidc || !profile) return false;
        const { db } = await getProcessDatabase();
        const result = await signInThroughProvider(
          db,
          { claims: profile as Record<string, unknown> },
          { clientAddress: request?.address ?? undefined },
          oidc,
        );
        // next-auth sends the browser to the sign-in page with this as its `error`.
        if (!result.ok) throw new Error(result.refusal);
        // The same object reaches the jwt callback, which opens the session as for a password sign-in.
        Object.assign(user as ProviderProfile, {
          name: result.user.username,
          uid: result.user.id,
          ver: result.user.tokenVersion,
        });
        return true;
      },
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
