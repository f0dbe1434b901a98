// Helpers for the HTTP-level tests: one real API server on a real database per describe scope, a checked
// fetch that asserts the invariants every answer must keep, factories for callers and tokens, and a
// snapshot of the administrative tables to prove that a refused request changed nothing.
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { SECURITY_EVENT_TYPES } from '../../../domain/security-events';
import { afterAll, beforeAll, expect } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import { apiTokens, teams, userGroups, users } from '../../../db/schema';
import { generateApiToken } from '../../auth/tokens';
import { sessionHandle, startConsoleSession } from '../../auth/console-sessions';
import { PERMISSION_CODES, type Permission } from '../../permissions';
import { appOperations } from '../../routers';
import { ApiRouter } from '../../transport/api-router';
import { restInput, restRoutes, type RestRoute } from '../../transport/rest-routes';
import { createSilence } from '../../services/incidents/silences';
import { createSchedule } from '../../services/oncall/schedules';
import { formatLocalDateTime } from '../../time';
import {
  accessTokenFor,
  api,
  createTestGroup,
  createTestUser,
  openTestDatabase,
  startApiServer,
  unique,
  type TestUser,
} from './helpers';
import { openConsoleSession } from './console-session-helpers';

export type ApiResponse = Awaited<ReturnType<typeof api>>;
export type CallOptions = Parameters<typeof api>[3];

export const ADMIN: Permission = 'ACCESS_BPM_ADMIN';
/** Every permission but ACCESS_BPM_ADMIN. */
export const ALL_BUT_ADMIN = PERMISSION_CODES.filter((p) => p !== ADMIN);

export const API_TOKEN_PATTERN = /^bpm_[A-Za-z0-9_-]{43}$/;
export const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/;
export const PAGE_KEYS = [
  'content',
  'number',
  'size',
  'totalElements',
  'totalPages',
  'numberOfElements',
  'first',
  'last',
  'empty',
];

/** Text that must never reach a client: stack frames, source paths, SQL, driver messages. */
const LEAK =
  /\n\s+at |node_modules|\.tsx?:\d+|\b(select .* from|insert into|delete from|update \w+ set)\b|sqlstate|duplicate key|violates|\$argon2/i;

/** Keys of every object nested in a JSON value. */
function keysDeep(value: unknown, into: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => keysDeep(v, into));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.push(k);
      keysDeep(v, into);
    }
  }
  return into;
}

/** Shape of every error answer (docs/contract.md §3). */
export function expectProblemShape(res: ApiResponse) {
  expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(res.body).toMatchObject({
    type: expect.any(String),
    title: expect.any(String),
    status: res.status,
    detail: expect.any(String),
    code: expect.any(String),
    errors: expect.any(Array),
  });
  expect(res.text).not.toMatch(LEAK);
}

/** What holds for every answer: never a 500, never a password field, errors are problem documents. */
export function checkInvariants(res: ApiResponse) {
  expect(res.status, `unexpected ${res.status}: ${res.text}`).toBeLessThan(500);
  expect(keysDeep(res.body).filter((k) => /password/i.test(k))).toEqual([]);
  if (res.status >= 400) expectProblemShape(res);
}

export function expectProblem(res: ApiResponse, status: number, code?: string) {
  expect(res.status, res.text).toBe(status);
  expectProblemShape(res);
  if (code) expect(res.body.code).toBe(code);
}

export function expectUnauthenticated(res: ApiResponse) {
  expectProblem(res, 401, 'UNAUTHENTICATED');
  expect(res.headers.get('www-authenticate')).toMatch(/^Bearer\b/);
}

/** 400 VALIDATION_FAILED naming `field` (or an element of it, such as `groupIds.0`). */
export function expectFieldError(res: ApiResponse, field: string) {
  expectProblem(res, 400, 'VALIDATION_FAILED');
  const fields = (res.body.errors as { field: string }[]).map((e) => e.field);
  expect(
    fields.some((f) => f === field || f.startsWith(`${field}.`) || f.startsWith(`${field}[`)),
    `errors[].field ${JSON.stringify(fields)} should name ${field}`,
  ).toBe(true);
}

export function expectNoContent(res: ApiResponse) {
  expect(res.status, res.text).toBe(204);
  expect(res.text).toBe('');
}

export interface Actor {
  user: TestUser;
  id: number;
  username: string;
  /** A signed access token, as POST /api/tokens would issue it. */
  token: string;
}

export interface Client {
  get(path: string): Promise<ApiResponse>;
  post(path: string, body?: unknown): Promise<ApiResponse>;
  put(path: string, body?: unknown): Promise<ApiResponse>;
  del(path: string): Promise<ApiResponse>;
}

export type DbState = Record<string, unknown[]>;

/** The REST operations by method and path, as the API's table finds them. */
const CONSOLE_ROUTES = new ApiRouter<RestRoute>();
for (const route of restRoutes(appOperations)) CONSOLE_ROUTES.add([route.method], route.template, route);

export class TestApi {
  database!: Database;
  url!: string;
  private server?: Awaited<ReturnType<typeof startApiServer>>;

  async start() {
    this.database = await openTestDatabase();
    this.server = await startApiServer(this.database);
    this.url = this.server.url;
  }

  async stop() {
    await this.server?.close();
    await this.database?.close();
  }

  /** A request under /api whose answer is checked against the invariants of every answer. */
  async call(method: string, path: string, opts: CallOptions = {}): Promise<ApiResponse> {
    const res = await api(this.url, method, path, opts);
    checkInvariants(res);
    return res;
  }

  /** JSON calls authorised with `token` (none when undefined). */
  as(token?: string): Client {
    return {
      get: (path) => this.call('GET', path, { token }),
      post: (path, body) => this.call('POST', path, { token, body }),
      put: (path, body) => this.call('PUT', path, { token, body }),
      del: (path) => this.call('DELETE', path, { token }),
    };
  }

  /**
   * The console of `actor`, newly signed in: each call names an operation by its REST method and path, and
   * is made as the console makes it (tRPC, same origin, the session cookie); answered as REST answers, with
   * the data, or the problem document the tRPC error carries.
   */
  async console(actor: Actor): Promise<Client> {
    const { cookie } = await openConsoleSession(this.database, actor.user);
    const call = async (method: string, path: string, body?: unknown): Promise<ApiResponse> => {
      const url = new URL(path, 'http://localhost');
      const match = CONSOLE_ROUTES.match(method, `/api${url.pathname}`);
      if (match.status !== 200) throw new Error(`No operation answers ${method} ${path}`);
      const input = restInput(
        match.route.operation,
        match.params,
        method === 'GET' || method === 'DELETE' ? { query: url.searchParams } : { body: body ?? {} },
      );
      const procedure = `${this.url}/api/trpc/${match.route.operationPath}`;
      const headers = {
        cookie,
        origin: this.url,
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/json',
      };
      const res =
        match.route.operation.type === 'query'
          ? await fetch(`${procedure}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, { headers })
          : await fetch(procedure, { method: 'POST', headers, body: JSON.stringify(input ?? {}) });
      const answer = JSON.parse(await res.text());
      if (!res.ok) {
        const problem = answer.error.problem ?? answer.error.data?.problem;
        const problemHeaders = new Headers({ 'content-type': 'application/problem+json' });
        const checked = {
          status: res.status,
          headers: problemHeaders,
          body: problem,
          text: JSON.stringify(problem),
        };
        checkInvariants(checked);
        return checked;
      }
      const data = answer.result?.data;
      const status = data === undefined ? (match.route.operation.meta.successStatus ?? 200) : 200;
      const checked = {
        status,
        headers: res.headers,
        body: data ?? null,
        text: data === undefined ? '' : JSON.stringify(data),
      };
      checkInvariants(checked);
      return checked;
    };
    return {
      get: (path) => call('GET', path),
      post: (path, body) => call('POST', path, body),
      put: (path, body) => call('PUT', path, body),
      del: (path) => call('DELETE', path),
    };
  }

  async actor(
    permissions: Permission[] = [],
    opts: { enabled?: boolean; groupIds?: number[]; username?: string; password?: string } = {},
  ): Promise<Actor> {
    const user = await createTestUser(this.database, { permissions, ...opts });
    return { user, id: user.id, username: user.username, token: await accessTokenFor(user) };
  }

  admin(): Promise<Actor> {
    return this.actor([ADMIN]);
  }

  group(permissions: Permission[] = [], code?: string) {
    return createTestGroup(this.database, { permissions, code });
  }

  user(opts: Parameters<typeof createTestUser>[1] = {}) {
    return createTestUser(this.database, opts);
  }

  /** A service account stored as the service stores one: kind SERVICE, no password. */
  async serviceAccount(opts: { permissions?: Permission[]; groupIds?: number[]; name?: string } = {}) {
    const [row] = await this.database.db
      .insert(users)
      .values({
        kind: 'SERVICE',
        username: opts.name ?? unique('svc'),
        passwordHash: null,
        permissions: opts.permissions ?? [],
      })
      .returning({ id: users.id, name: users.username });
    for (const groupId of opts.groupIds ?? [])
      await this.database.db.insert(userGroups).values({ userId: row.id, groupId });
    return row;
  }

  /** An API token stored for the user as the service stores them (only the hash). */
  async apiTokenFor(userId: number, tokenVersion = 0): Promise<{ id: number; token: string }> {
    const { token, hash } = generateApiToken();
    const [row] = await this.database.db
      .insert(apiTokens)
      .values({ userId, name: unique('tok'), tokenHash: hash, userTokenVersion: tokenVersion })
      .returning({ id: apiTokens.id });
    return { id: row.id, token };
  }

  async signIn(username: string, password: string): Promise<ApiResponse> {
    return this.call('POST', '/tokens', { body: { username, password } });
  }

  /** Everything an admin change could touch (but api_tokens.last_used_at, which every use refreshes). */
  async snapshot(): Promise<DbState> {
    const rows = async (query: string) => rowsOf<unknown>(await this.database.db.execute(sql.raw(query)));
    return {
      users: await rows(
        'select id, kind, username, password_hash, description, enabled, permissions, token_version, updated_at from users order by id',
      ),
      groups: await rows('select id, code, name, permissions, updated_at from groups order by id'),
      memberships: await rows('select user_id, group_id from user_groups order by user_id, group_id'),
      apiTokens: await rows(
        'select id, user_id, name, token_hash, user_token_version, expires_at from api_tokens order by id',
      ),
      sessions: await rows('select id, user_id, created_at from console_sessions order by id'),
      audit: await rows('select count(*)::int as n, max(id)::text as last from audit_events'),
      silences: await rows('select * from silences order by id'),
      secondFactors: await rows('select * from second_factors order by user_id'),
      passkeys: await rows('select * from passkeys order by id'),
      recoveryCodes: await rows('select * from recovery_codes order by user_id, code_hash'),
      webauthnChallenges: await rows('select * from webauthn_challenges order by challenge'),
      webhooks: await rows('select * from webhook_subscriptions order by id'),
      teams: await rows('select * from teams order by group_id'),
      ownershipRules: await rows('select * from ownership_rules order by position'),
      ownershipRevision: await rows('select * from ownership_revision'),
      oncallSchedules: await rows('select * from oncall_schedules order by id'),
      oncallMembers: await rows('select * from oncall_rotation_members order by schedule_id, position'),
      oncallOverrides: await rows('select * from oncall_overrides order by id'),
    };
  }

  /** Runs `request` and asserts that the database is exactly as before it. */
  async withoutChange(request: () => Promise<ApiResponse>): Promise<ApiResponse> {
    const before = await this.snapshot();
    const res = await request();
    expect(await this.snapshot(), `the database changed on ${res.status}: ${res.text}`).toEqual(before);
    return res;
  }

  /** The newest audit records written by `actor`, newest first. */
  async auditOf(adminToken: string, actor: string) {
    const res = await this.as(adminToken).get(
      `/admin/audit-events?size=100&actor=${encodeURIComponent(actor)}`,
    );
    expect(res.status, res.text).toBe(200);
    return res.body.content as AuditEvent[];
  }
}

export interface AuditEvent {
  id: number;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  targetPath: string | null;
  before: unknown;
  after: unknown;
  createdAt: string;
}

/** A real server and database for the enclosing describe (or file), started before its tests. */
export function useTestApi(): TestApi {
  const t = new TestApi();
  beforeAll(() => t.start());
  afterAll(() => t.stop());
  return t;
}

/** An access token signed with the service's secret, as the service signs them, with any claims. */
export async function signAccessToken(
  userId: number,
  opts: { ver?: number; expiresInSeconds?: number } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + (opts.expiresInSeconds ?? 3600);
  return new SignJWT({ ver: opts.ver ?? 0 })
    .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
    .setSubject(String(userId))
    .setIssuedAt(Math.min(now, exp - 60))
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(process.env.AUTH_SECRET));
}

/** `token` with its payload rewritten (signature kept), e.g. to claim another user's id. */
export function tamperJwt(token: string, changes: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  const forged = Buffer.from(JSON.stringify({ ...claims, ...changes })).toString('base64url');
  return [header, forged, signature].join('.');
}

export const unknownApiToken = () => `bpm_${randomBytes(32).toString('base64url')}`;

/** A valid password for a new user. */
export const newPassword = () => `pw-${randomBytes(9).toString('hex')}`;

/** A group code that is valid and unused. */
export const newCode = () =>
  unique('G')
    .toUpperCase()
    .replace(/[^A-Z0-9_]/g, '_');

export const idsOf = (items: { id: number }[]) => items.map((i) => i.id);

export function expectSortedAscending<T>(values: T[]) {
  expect(values).toEqual([...values].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Rows an operation acts on: a plain user who belongs to a group, an API token and a console session of theirs. */
export interface Target {
  userId: number;
  groupId: number;
  tokenId: number;
  /** The console session's public handle (never its secret id). */
  sessionId: string;
  /** A service account (kind SERVICE) in the same group. */
  serviceAccountId: number;
  /** An active silence. */
  silenceId: number;
  /** A team (a group of its own marked as one) that no ownership rule names. */
  teamId: number;
  /** An on-call schedule whose rotation is the plain user. */
  scheduleId: number;
}

export async function createTarget(t: TestApi): Promise<Target> {
  const group = await t.group();
  const user = await t.user({ groupIds: [group.id] });
  const { id: tokenId } = await t.apiTokenFor(user.id);
  const sid = await startConsoleSession(t.database.db, { userId: user.id, userAgent: 'target' });
  const serviceAccount = await t.serviceAccount({ groupIds: [group.id] });
  const teamGroup = await t.group();
  await t.database.db.insert(teams).values({ groupId: teamGroup.id });
  const silence = await createSilence(
    t.database.db,
    { name: 'Target', nodeId: 'Target_Task', endsAt: formatLocalDateTime(new Date(Date.now() + 3_600_000)) },
    { userId: user.id, username: user.username, permissions: new Set(), scope: 'FULL' },
  );
  const schedule = await createSchedule(
    t.database.db,
    { ...oncallScheduleBody(user.id), name: unique('Target rotation') },
    { userId: user.id, username: user.username, permissions: new Set(), scope: 'FULL' },
  );
  return {
    scheduleId: schedule.id,
    userId: user.id,
    groupId: group.id,
    tokenId,
    sessionId: sessionHandle(sid),
    serviceAccountId: serviceAccount.id,
    silenceId: silence.id,
    teamId: teamGroup.id,
  };
}

/** A daily rotation of one person handing off at 09:00 in Berlin (its name to be given). */
const oncallScheduleBody = (userId: number) => ({
  name: '',
  timeZone: 'Europe/Berlin',
  handOff: 'DAILY' as const,
  handOffTime: '09:00',
  startsOn: '2026-01-01',
  members: [userId],
});

/** One REST operation of the administration API, with a valid request for a target. */
export interface Operation {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path for the target; `id` replaces the target's id in the path when given. */
  path(target: Target, id?: string): string;
  body?(target: Target): unknown;
  success: 200 | 204;
  /** Name of the path parameter, for operations that have one. */
  idParam?: 'id' | 'tokenId';
}

export const OPERATIONS: Operation[] = [
  { name: 'listPermissions', method: 'GET', path: () => '/admin/permissions', success: 200 },
  { name: 'listGroups', method: 'GET', path: () => '/admin/groups', success: 200 },
  {
    name: 'createGroup',
    method: 'POST',
    path: () => '/admin/groups',
    body: () => ({ code: newCode(), name: 'New group', permissionCodes: ['ACCESS_PROCESS_PORTAL'] }),
    success: 200,
  },
  {
    name: 'updateGroup',
    method: 'PUT',
    path: (t, id) => `/admin/groups/${id ?? t.groupId}`,
    body: () => ({ name: 'Renamed group', permissionCodes: ['ACCESS_BPM_MODELER'] }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'deleteGroup',
    method: 'DELETE',
    path: (t, id) => `/admin/groups/${id ?? t.groupId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'getGroupUsers',
    method: 'GET',
    path: (t, id) => `/admin/groups/${id ?? t.groupId}/users`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'updateGroupUsers',
    method: 'PUT',
    path: (t, id) => `/admin/groups/${id ?? t.groupId}/users`,
    body: () => ({ userIds: [] }),
    success: 200,
    idParam: 'id',
  },
  { name: 'listTeams', method: 'GET', path: () => '/admin/teams', success: 200 },
  {
    name: 'createTeam',
    method: 'POST',
    path: () => '/admin/teams',
    body: () => ({ code: newCode(), name: 'New team' }),
    success: 200,
  },
  {
    name: 'getTeam',
    method: 'GET',
    path: (t, id) => `/admin/teams/${id ?? t.teamId}`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'updateTeam',
    method: 'PUT',
    path: (t, id) => `/admin/teams/${id ?? t.teamId}`,
    body: () => ({ description: 'Renamed team' }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'deleteTeam',
    method: 'DELETE',
    path: (t, id) => `/admin/teams/${id ?? t.teamId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'getTeamMembers',
    method: 'GET',
    path: (t, id) => `/admin/teams/${id ?? t.teamId}/members`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'updateTeamMembers',
    method: 'PUT',
    path: (t, id) => `/admin/teams/${id ?? t.teamId}/members`,
    body: () => ({ userIds: [] }),
    success: 200,
    idParam: 'id',
  },
  { name: 'listOwnershipRules', method: 'GET', path: () => '/admin/ownership-rules', success: 200 },
  {
    name: 'replaceOwnershipRules',
    method: 'PUT',
    path: () => '/admin/ownership-rules',
    body: () => ({ rules: [] }),
    success: 200,
  },
  { name: 'exportOwnershipRules', method: 'GET', path: () => '/admin/ownership-rules/owners', success: 200 },
  {
    name: 'importOwnershipRules',
    method: 'PUT',
    path: () => '/admin/ownership-rules/owners',
    body: () => ({ text: '' }),
    success: 200,
  },
  { name: 'listUsers', method: 'GET', path: () => '/admin/users', success: 200 },
  {
    name: 'getUser',
    method: 'GET',
    path: (t, id) => `/admin/users/${id ?? t.userId}`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'createUser',
    method: 'POST',
    path: () => '/admin/users',
    body: () => ({ username: unique('new.user'), password: newPassword() }),
    success: 200,
  },
  {
    name: 'updateUser',
    method: 'PUT',
    path: (t, id) => `/admin/users/${id ?? t.userId}`,
    body: () => ({ enabled: false, permissionCodes: ['ACCESS_PROCESS_PORTAL'] }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'deleteUser',
    method: 'DELETE',
    path: (t, id) => `/admin/users/${id ?? t.userId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'resetPassword',
    method: 'PUT',
    path: (t, id) => `/admin/users/${id ?? t.userId}/password`,
    body: () => ({ password: newPassword() }),
    success: 204,
    idParam: 'id',
  },
  {
    name: 'createApiToken',
    method: 'POST',
    path: (t, id) => `/admin/users/${id ?? t.userId}/api-tokens`,
    body: () => ({ name: 'ci pipeline' }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'listApiTokens',
    method: 'GET',
    path: (t, id) => `/admin/users/${id ?? t.userId}/api-tokens`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'revokeApiToken',
    method: 'DELETE',
    path: (t, id) => `/admin/api-tokens/${id ?? t.tokenId}`,
    success: 204,
    idParam: 'tokenId',
  },
  { name: 'listAuditEvents', method: 'GET', path: () => '/admin/audit-events', success: 200 },
  {
    name: 'exportAuditEvents',
    method: 'GET',
    path: () => '/admin/audit-events/export?format=ndjson',
    success: 200,
  },
  {
    name: 'unlockUser',
    method: 'POST',
    path: (t, id) => `/admin/users/${id ?? t.userId}/unlock`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'resetSecondFactor',
    method: 'DELETE',
    path: (t, id) => `/admin/users/${id ?? t.userId}/second-factor`,
    success: 204,
    idParam: 'id',
  },
  { name: 'listServiceAccounts', method: 'GET', path: () => '/admin/service-accounts', success: 200 },
  {
    name: 'createServiceAccount',
    method: 'POST',
    path: () => '/admin/service-accounts',
    body: () => ({ name: unique('engine'), permissionCodes: ['ACCESS_ENGINE_API'] }),
    success: 200,
  },
  {
    name: 'getServiceAccount',
    method: 'GET',
    path: (t, id) => `/admin/service-accounts/${id ?? t.serviceAccountId}`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'updateServiceAccount',
    method: 'PUT',
    path: (t, id) => `/admin/service-accounts/${id ?? t.serviceAccountId}`,
    body: () => ({ description: 'the payment engine', enabled: false }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'deleteServiceAccount',
    method: 'DELETE',
    path: (t, id) => `/admin/service-accounts/${id ?? t.serviceAccountId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'createServiceAccountToken',
    method: 'POST',
    path: (t, id) => `/admin/service-accounts/${id ?? t.serviceAccountId}/tokens`,
    body: () => ({ name: 'payment worker', scope: 'WORKER' }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'listServiceAccountTokens',
    method: 'GET',
    path: (t, id) => `/admin/service-accounts/${id ?? t.serviceAccountId}/tokens`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'listUserSessions',
    method: 'GET',
    path: (t, id) => `/admin/users/${id ?? t.userId}/sessions`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'revokeUserSession',
    method: 'DELETE',
    path: (t, id) => `/admin/users/${id ?? t.userId}/sessions/${t.sessionId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'revokeUserSessions',
    method: 'DELETE',
    path: (t, id) => `/admin/users/${id ?? t.userId}/sessions`,
    success: 200,
    idParam: 'id',
  },
  { name: 'listSilences', method: 'GET', path: () => '/silences', success: 200 },
  {
    name: 'previewSilence',
    method: 'GET',
    path: () => '/silences/preview?severities=HIGH,CRITICAL',
    success: 200,
  },
  {
    name: 'createSilence',
    method: 'POST',
    path: () => '/silences',
    body: () => ({
      name: 'Maintenance',
      source: 'WORKER',
      endsAt: formatLocalDateTime(new Date(Date.now() + 3_600_000)),
    }),
    success: 200,
  },
  {
    name: 'getSilence',
    method: 'GET',
    path: (t, id) => `/silences/${id ?? t.silenceId}`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'endSilence',
    method: 'POST',
    path: (t, id) => `/silences/${id ?? t.silenceId}/end`,
    success: 200,
    idParam: 'id',
  },
  {
    name: 'createOncallSchedule',
    method: 'POST',
    path: () => '/oncall/schedules',
    body: (t) => ({ ...oncallScheduleBody(t.userId), name: unique('Rotation') }),
    success: 200,
  },
  {
    name: 'updateOncallSchedule',
    method: 'PUT',
    path: (t, id) => `/oncall/schedules/${id ?? t.scheduleId}`,
    body: (t) => ({ ...oncallScheduleBody(t.userId), name: unique('Renamed rotation') }),
    success: 200,
    idParam: 'id',
  },
  {
    name: 'deleteOncallSchedule',
    method: 'DELETE',
    path: (t, id) => `/oncall/schedules/${id ?? t.scheduleId}`,
    success: 204,
    idParam: 'id',
  },
  {
    name: 'addOncallOverride',
    method: 'POST',
    path: (t, id) => `/oncall/schedules/${id ?? t.scheduleId}/overrides`,
    body: (t) => ({ userId: t.userId, startsAt: '2099-01-01T09:00', endsAt: '2099-01-01T18:00' }),
    success: 200,
    idParam: 'id',
  },
  {
    // Security events are subscribed to with the audit log's permission (docs/webhooks.md, "Security events").
    name: 'createWebhook (security events)',
    method: 'POST',
    path: () => '/admin/webhooks',
    body: () => SECURITY_WEBHOOK,
    success: 200,
  },
];

/** A subscription to every security event, at a public address written as an address (no DNS needed). */
export const SECURITY_WEBHOOK = {
  name: 'SIEM',
  url: 'https://93.184.215.14/hook',
  eventTypes: [...SECURITY_EVENT_TYPES],
};

export const operationsWithBody = OPERATIONS.filter((op) => op.body);
export const operationsWithId = OPERATIONS.filter((op) => op.idParam);

/** Sends `op` for `target` with the given credentials; `body` replaces the operation's valid body. */
export function send(
  t: TestApi,
  op: Operation,
  target: Target,
  opts: { headers?: Record<string, string>; body?: unknown; rawBody?: string; id?: string } = {},
) {
  const body = opts.rawBody !== undefined ? undefined : (opts.body ?? op.body?.(target));
  return t.call(op.method, op.path(target, opts.id), {
    headers: { ...(opts.rawBody !== undefined && { 'content-type': 'application/json' }), ...opts.headers },
    body,
    rawBody: opts.rawBody,
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
