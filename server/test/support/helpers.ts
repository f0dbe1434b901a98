// Test support: a real database per test file (in-memory PGlite, or a fresh PostgreSQL database when
// DATABASE_URL is set), factories that make unique rows, and callers that authenticate for real.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import postgres from 'postgres';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../../db/client';
import { users, groups, userGroups } from '../../../db/schema';
import type { RequestContext } from '../../../lib/request-context';
import { hashPassword } from '../../auth/passwords';
import { issueAccessToken } from '../../auth/tokens';
import type { Permission } from '../../permissions';
import { appRouter } from '../../routers';
import { createContext } from '../../transport/trpc';
import {
  answerClientErrorsAsProblems,
  createApiHandler,
  type ApiHandlerOptions,
} from '../../transport/api-handler';
import { observeRequests } from '../../observability/observe-requests';
import { startDispatcher, type Dispatcher } from '../../services/workers/dispatcher';

export const onPostgres = Boolean(process.env.DATABASE_URL);

let pgliteDump: Blob | undefined;

export async function openTestDatabase(): Promise<Database> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    // The run's migrated template (server/test/support/pglite-template.ts), read once per file.
    pgliteDump ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
    return openDatabase({ pgliteDump });
  }
  const name = `bpm_test_${randomBytes(6).toString('hex')}`;
  const server = postgres(base, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString() });
  return {
    ...database,
    async close() {
      await database.close();
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export interface TestUser {
  id: number;
  username: string;
  password: string;
  tokenVersion: number;
}

export async function createTestUser(
  database: Database,
  opts: {
    username?: string;
    password?: string;
    permissions?: Permission[];
    enabled?: boolean;
    groupIds?: number[];
  } = {},
): Promise<TestUser> {
  const username = opts.username ?? unique('user');
  const password = opts.password ?? `pw-${randomBytes(8).toString('hex')}`;
  const [row] = await database.db
    .insert(users)
    .values({
      username,
      passwordHash: await hashPassword(password),
      enabled: opts.enabled ?? true,
      permissions: opts.permissions ?? [],
    })
    .returning({ id: users.id, tokenVersion: users.tokenVersion });
  for (const groupId of opts.groupIds ?? [])
    await database.db.insert(userGroups).values({ userId: row.id, groupId });
  return { id: row.id, username, password, tokenVersion: row.tokenVersion };
}

export async function createTestGroup(
  database: Database,
  opts: { code?: string; permissions?: Permission[] } = {},
) {
  const [row] = await database.db
    .insert(groups)
    .values({
      code: opts.code ?? unique('G').toUpperCase(),
      name: 'Test group',
      permissions: opts.permissions ?? [],
    })
    .returning();
  return row;
}

export async function accessTokenFor(user: TestUser): Promise<string> {
  return (await issueAccessToken(user)).accessToken;
}

const dispatchers = new WeakMap<Database, Dispatcher>();

/** The database's dispatcher (long-poll wake-ups), started on first use and stopped with the database. */
export function dispatcherOf(database: Database): Dispatcher {
  let dispatcher = dispatchers.get(database);
  if (!dispatcher) {
    const started = startDispatcher(database);
    const close = database.close.bind(database);
    database.close = async () => {
      await started.stop();
      await close();
    };
    dispatchers.set(database, (dispatcher = started));
  }
  return dispatcher;
}

/** A tRPC caller authenticated exactly as an HTTP request carrying this Authorization header would be. */
/** `request`: the HTTP request's context the caller acts in, as the request wrapper gives it. */
export async function callerWith(database: Database, authorization?: string, request?: RequestContext) {
  return appRouter.createCaller(
    await createContext({
      db: database.db,
      dispatcher: dispatcherOf(database),
      credentials: { authorization },
      request,
    }),
  );
}

export async function callerFor(database: Database, user: TestUser, request?: RequestContext) {
  return callerWith(database, `Bearer ${await accessTokenFor(user)}`, request);
}

/** The real API transport (server/transport/api-handler.ts, in the request wrapper of server/http.ts) on a random loopback port. */
export async function startApiServer(
  database: Database,
  options: ApiHandlerOptions = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const handle = createApiHandler(database, dispatcherOf(database), options);
  const server = http.createServer(observeRequests((req, res, context) => void handle(req, res, context)));
  answerClientErrorsAsProblems(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => handle.stopSharingRateLimits()),
  };
}

/** Fetches `path` under /api and returns status, headers and the parsed body (or null when empty). */
export async function api(
  baseUrl: string,
  method: string,
  path: string,
  opts: { token?: string; body?: unknown; rawBody?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.rawBody;
  if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['content-type'] ??= 'application/json';
  }
  const res = await fetch(`${baseUrl}/api${path}`, { method, headers, body });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = text;
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, headers: res.headers, body: json as any, text };
}
