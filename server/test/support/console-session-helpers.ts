// Console sessions as the browser holds them: a real console_sessions row, and the cookie next-auth's own
// encode() makes of the token its jwt callback builds (uid, ver, sid), sent to /api/trpc as the console does.
import { encode } from 'next-auth/jwt';
import type { Database } from '../../../db/client';
import { startConsoleSession } from '../../auth/console-sessions';
import { appRouter } from '../../routers';
import { createContext } from '../../transport/trpc';
import { dispatcherOf, type TestUser } from './helpers';

export const SESSION_COOKIE = 'next-auth.session-token';

export interface ConsoleSession {
  sid: string;
  cookie: string;
}

/** The cookie next-auth would set for `claims`, signed with the service's secret. */
export async function sessionCookie(claims: Record<string, unknown>): Promise<string> {
  const token = await encode({ token: claims, secret: process.env.AUTH_SECRET! });
  return `${SESSION_COOKIE}=${token}`;
}

/** Signs `user` in to the console as next-auth's jwt callback does. */
export async function openConsoleSession(database: Database, user: TestUser): Promise<ConsoleSession> {
  const sid = await startConsoleSession(database.db, {
    userId: user.id,
    address: '203.0.113.7',
    userAgent: 'integration test',
  });
  const cookie = await sessionCookie({ name: user.username, uid: user.id, ver: user.tokenVersion, sid });
  return { sid, cookie };
}

/** A tRPC caller signed in to the console as `user`, with the cookie of a new session. */
export async function consoleCallerFor(database: Database, user: TestUser) {
  const { cookie } = await openConsoleSession(database, user);
  return appRouter.createCaller(
    await createContext({ db: database.db, dispatcher: dispatcherOf(database), credentials: { cookie } }),
  );
}

/** A tRPC call of the console (same-origin JSON, the session cookie): status and parsed body. */
export async function consoleCall(
  baseUrl: string,
  cookie: string,
  procedure: string,
  input?: unknown,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- parsed JSON, read by each test
): Promise<{ status: number; body: any }> {
  const headers = {
    cookie,
    origin: baseUrl,
    'sec-fetch-site': 'same-origin',
    'content-type': 'application/json',
  };
  const res =
    input === undefined
      ? await fetch(`${baseUrl}/api/trpc/${procedure}`, { headers })
      : await fetch(`${baseUrl}/api/trpc/${procedure}`, {
          method: 'POST',
          headers,
          body: JSON.stringify(input),
        });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** The problem code of a failed tRPC answer (server/transport/trpc.ts puts the problem document into the error). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export const problemCodeOf = (body: any): string | undefined =>
  body?.error?.data?.problem?.code ?? body?.error?.problem?.code;
