// A client generated from the served OpenAPI document (openapi-typescript types, openapi-fetch) calls every
// operation of the document against a real server, asserting each answer, the 404 and 409 branches
// included. CALLS below has one entry per operationId: the generated types make a missing entry
// a type error, and the test fails when the served document has an operation CALLS does not call. Every
// answer is also checked against the document: its status declared, its body valid for the declared schema.
import { readFileSync } from 'node:fs';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { Secret, TOTP } from 'otpauth';
import { beforeAll, describe, expect, it } from 'vitest';
import type { components, operations, paths } from '../../../clients/typescript/api-types';
import {
  API_TYPES_FILE,
  generateApiTypes,
  REGENERATE_COMMAND,
} from '../../../clients/typescript/generate-api-types';
import { sessionHandle, startConsoleSession } from '../../auth/console-sessions';
import { relyingParty } from '../../auth/passkeys';
import { formatLocalDateTime } from '../../time';
import { unique } from '../support/helpers';
import { ADMIN, newCode, newPassword, useTestApi, type Actor } from '../support/http-helpers';
import { SoftAuthenticator, type Ceremony } from '../support/soft-authenticator';

// Webhook subscriptions made here point at a closed port on this machine, and are disabled: nothing leaves it.
process.env.WEBHOOK_ALLOW_HTTP = 'true';
process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.0/8';
const WEBHOOK_URL = 'http://127.0.0.1:9/bpm-hook';
const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const t = useTestApi();

type Api = Client<paths>;
type Schemas = components['schemas'];
type Incident = Schemas['Incident'];
type WorkerRequest = Schemas['WorkerRequest'];

interface Context {
  /** Calls with an administrator's bearer token (ACCESS_BPM_ADMIN also admits the worker protocol). */
  api: Api;
  /** Calls without a token. */
  anonymous: Api;
  admin: Actor;
}

/** An id no record has. */
const UNKNOWN_ID = 2 ** 40;

/** What openapi-fetch answers, whatever the operation. */
interface Answer<D> {
  data?: D;
  error?: unknown;
  response: Response;
}

/** The body of a success answered with `status`. */
function ok<D>(answer: Answer<D>, status = 200): D {
  expect(answer.response.status, JSON.stringify(answer.error ?? null)).toBe(status);
  if (status === 204) expect(answer.data).toBeUndefined();
  else expect(answer.response.headers.get('content-type')).toMatch(/^application\/json/);
  return answer.data as D;
}

/** A problem document (docs/contract.md §3) with this status and code. */
function problem(answer: Answer<unknown>, status: number, code: string) {
  expect(answer.response.status, JSON.stringify(answer.data ?? answer.error ?? null)).toBe(status);
  expect(answer.response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
  expect(answer.error).toMatchObject({ type: 'about:blank', status, code });
}

const notFound = (answer: Answer<unknown>) => problem(answer, 404, 'NOT_FOUND');
const path = (id: number) => ({ params: { path: { id } } });

let processInstances = Math.floor(Math.random() * 1e9);
const newProcessInstanceId = () => ++processInstances;

// ---------------------------------------------------------------------------------------------------------
// Every answer against the served document.

/** What the answers of the running test broke of the document (checked after each operation's test). */
let violations: string[] = [];
const validators = new Map<string, ValidateFunction>();
// Formats (int64, password) and keywords such as `example` annotate; the schemas' types and bounds validate.
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });

const conformance: Middleware = {
  async onResponse({ request, response, schemaPath }) {
    const where = `${request.method} ${schemaPath} answered ${response.status}`;
    const op = served.paths[schemaPath]?.[request.method.toLowerCase()];
    const declared = op?.responses?.[String(response.status)];
    if (!declared) return void violations.push(`${where}: status not declared`);
    const mediaType = (response.headers.get('content-type') ?? '').split(';')[0].trim();
    // An event stream does not end: its media type is checked here, its events by the call itself.
    if (mediaType === 'text/event-stream') {
      if (!declared.content?.[mediaType]) violations.push(`${where}: ${mediaType} body not declared`);
      return;
    }
    const text = await response.clone().text();
    if (!text) {
      if (declared.content)
        violations.push(`${where}: empty body, declared ${Object.keys(declared.content)}`);
      return;
    }
    const schema = declared.content?.[mediaType]?.schema;
    if (!schema) return void violations.push(`${where}: ${mediaType} body not declared`);
    const key = `${where} ${mediaType}`;
    let validate = validators.get(key);
    // The schema inside a copy of the components, so that its #/components/... references resolve.
    if (!validate)
      validators.set(key, (validate = ajv.compile({ ...schema, components: served.components })));
    // A JSON body is validated parsed; any other (the metrics' text/plain) as the string it is.
    const body = /\bjson$/.test(mediaType) ? JSON.parse(text) : text;
    if (!validate(body)) violations.push(`${where}: ${ajv.errorsText(validate.errors)}: ${text}`);
  },
};

/** A typed client of the running server, with a bearer token or none, whose answers are checked. */
function clientOf(token?: string): Api {
  const client = createClient<paths>({
    baseUrl: `${t.url}/api`,
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  client.use(conformance);
  return client;
}

// ---------------------------------------------------------------------------------------------------------
// Fixtures, made through the same client.

async function reportIncident(
  api: Api,
  changes: Partial<
    NonNullable<operations['reportIncident']['requestBody']>['content']['application/json']
  > = {},
): Promise<Incident> {
  return ok(
    await api.POST('/incidents', {
      body: {
        processInstanceId: newProcessInstanceId(),
        nodeId: 'charge-card',
        source: 'PROCESS_ENGINE',
        severity: 'HIGH',
        message: 'Card declined',
        externalReferenceId: `job:${++processInstances}`,
        ...changes,
      },
    }),
  );
}

async function lockedWorkerRequest(api: Api, retries = 0) {
  const topic = unique('topic');
  const created = ok(
    await api.POST('/worker-requests', {
      body: { processInstanceId: newProcessInstanceId(), nodeId: 'send-invoice', topic, retries },
    }),
  );
  const workerId = unique('worker');
  const [locked] = ok(
    await api.POST('/worker-requests/fetch-and-lock', { body: { workerId, topics: [topic] } }),
  );
  expect(locked).toMatchObject({ id: created.id, status: 'LOCKED', workerId });
  return { request: locked, workerId, topic };
}

/** A worker request that failed for good, and the WORKER incident that reports it. */
async function failedWorkerIncident(api: Api): Promise<{ request: WorkerRequest; incident: Incident }> {
  const { request, workerId } = await lockedWorkerRequest(api);
  const failed = ok(
    await api.POST('/worker-requests/{id}/failure', {
      ...path(request.id),
      body: { workerId, errorMessage: 'SMTP refused', retries: 0 },
    }),
  );
  expect(failed.status).toBe('FAILED');
  const reference = `worker-request:${request.id}`;
  const page = ok(await api.GET('/incidents', { params: { query: { source: ['WORKER'], q: reference } } }));
  const incident = page.content.find((i) => i.externalReferenceId === reference)!;
  expect(incident).toMatchObject({ source: 'WORKER', status: 'OPEN' });
  return { request: failed, incident };
}

async function createGroup(api: Api) {
  return ok(
    await api.POST('/admin/groups', {
      body: { code: newCode(), name: 'Operators', permissionCodes: ['ACCESS_ENGINE_API'] },
    }),
  );
}

async function createTeam(api: Api) {
  return ok(await api.POST('/admin/teams', { body: { code: newCode(), name: 'Payments' } }));
}

async function createUser(api: Api, password = newPassword()) {
  const user = ok(
    await api.POST('/admin/users', {
      body: { username: unique('user'), password, enabled: true, groupIds: [], permissionCodes: [] },
    }),
  );
  return { ...user, password };
}

/** A daily rotation of one new person, handing off at 09:00 in Berlin since 2026-01-01. */
const oncallBody = (name: string, userId: number) => ({
  name,
  timeZone: 'Europe/Berlin',
  handOff: 'DAILY' as const,
  handOffTime: '09:00',
  startsOn: '2026-01-01',
  members: [userId],
});

async function createOncallSchedule(api: Api) {
  const person = await createUser(api);
  return ok(await api.POST('/oncall/schedules', { body: oncallBody(unique('On call'), person.id) }));
}

async function addOncallOverride(api: Api) {
  const schedule = await createOncallSchedule(api);
  const body = {
    userId: schedule.members[0].userId,
    startsAt: '2099-01-01T09:00',
    endsAt: '2099-01-02T09:00',
  };
  const override = ok(await api.POST('/oncall/schedules/{id}/overrides', { ...path(schedule.id), body }));
  return { schedule, override };
}

/** The console as the relying party this server derives: what a browser on it would write. */
function consoleCeremony(): Ceremony {
  const { origin, rpID } = relyingParty();
  return { origin, rpId: rpID };
}

/** An authenticator app enrolled in the actor's console (second factors are added there only). */
async function appEnrolledInConsole(actor: Actor): Promise<{ recoveryCodes: string[] }> {
  const me = await t.console(actor);
  const { body } = await me.post('/account/second-factor');
  const code = TOTP.generate({ secret: Secret.fromBase32(body.secret) });
  const confirmed = await me.post('/account/second-factor/confirm', { code });
  expect(confirmed.status, confirmed.text).toBe(200);
  return confirmed.body;
}

/** A first passkey of `authenticator`, registered in the actor's console. */
async function passkeyRegisteredInConsole(
  actor: Actor,
  authenticator: SoftAuthenticator,
): Promise<{ id: number; recoveryCodes: string[] }> {
  const me = await t.console(actor);
  const options = await me.post('/account/passkeys/registration');
  const response = authenticator.register(options.body, consoleCeremony());
  const added = await me.post('/account/passkeys', { name: 'Key', response });
  expect(added.status, added.text).toBe(200);
  return added.body;
}

const inAnHour = () => formatLocalDateTime(new Date(Date.now() + 3_600_000));

async function createSilence(api: Api) {
  return ok(
    await api.POST('/silences', {
      body: { name: 'Maintenance', nodeId: 'Silenced_Task', endsAt: inAnHour() },
    }),
  );
}

async function createWebhook(api: Api) {
  return ok(
    await api.POST('/admin/webhooks', {
      body: { name: 'Pager', url: WEBHOOK_URL, eventTypes: ['incident.created'], enabled: false },
    }),
  );
}

// ---------------------------------------------------------------------------------------------------------
// One call per operation of the document, keyed by operationId: add the operation's entry here.

type Call = (c: Context) => Promise<void>;

const CALLS: { [OperationId in keyof operations]: Call } = {
  // --- Authentication

  async createToken({ anonymous, api }) {
    const user = await createUser(api);
    const token = ok(
      await anonymous.POST('/tokens', { body: { username: user.username, password: user.password } }),
    );
    expect(token).toMatchObject({ tokenType: 'Bearer', accessToken: expect.any(String) });
    expect(token.expiresIn).toBeGreaterThan(0);
    problem(
      await anonymous.POST('/tokens', { body: { username: user.username, password: 'not-the-password' } }),
      401,
      'UNAUTHENTICATED',
    );
  },

  async changePassword({ anonymous, api }) {
    const user = await createUser(api);
    const changed = newPassword();
    ok(
      await anonymous.POST('/password', {
        body: { username: user.username, currentPassword: user.password, newPassword: changed },
      }),
      204,
    );
    ok(await anonymous.POST('/tokens', { body: { username: user.username, password: changed } }));
    problem(
      await anonymous.POST('/password', {
        body: { username: user.username, currentPassword: user.password, newPassword: newPassword() },
      }),
      401,
      'UNAUTHENTICATED',
    );
  },

  // --- Permissions, groups, users

  async listPermissions({ api, anonymous }) {
    const permissions = ok(await api.GET('/admin/permissions'));
    expect(permissions.map((p) => p.code)).toContain(ADMIN);
    problem(await anonymous.GET('/admin/permissions'), 401, 'UNAUTHENTICATED');
  },

  async listGroups({ api }) {
    const group = await createGroup(api);
    const groups = ok(await api.GET('/admin/groups', { params: { query: { q: group.code } } }));
    expect(groups).toEqual([group]);
  },

  async createGroup({ api }) {
    const code = newCode();
    const group = ok(
      await api.POST('/admin/groups', { body: { code, name: 'Auditors', permissionCodes: [ADMIN] } }),
    );
    expect(group).toMatchObject({ code, name: 'Auditors', permissions: [ADMIN], memberCount: 0 });
    problem(
      await api.POST('/admin/groups', { body: { code, name: 'Again', permissionCodes: [] } }),
      409,
      'CONFLICT',
    );
  },

  async updateGroup({ api }) {
    const group = await createGroup(api);
    const updated = ok(await api.PUT('/admin/groups/{id}', { ...path(group.id), body: { name: 'Renamed' } }));
    expect(updated).toMatchObject({ id: group.id, code: group.code, name: 'Renamed' });
    notFound(await api.PUT('/admin/groups/{id}', { ...path(UNKNOWN_ID), body: { name: 'Renamed' } }));
  },

  async deleteGroup({ api }) {
    const group = await createGroup(api);
    ok(await api.DELETE('/admin/groups/{id}', path(group.id)), 204);
    notFound(await api.DELETE('/admin/groups/{id}', path(group.id)));
  },

  async getGroupUsers({ api }) {
    const group = await createGroup(api);
    expect(ok(await api.GET('/admin/groups/{id}/users', path(group.id)))).toEqual([]);
    notFound(await api.GET('/admin/groups/{id}/users', path(UNKNOWN_ID)));
  },

  async updateGroupUsers({ api }) {
    const group = await createGroup(api);
    const user = await createUser(api);
    const members = ok(
      await api.PUT('/admin/groups/{id}/users', { ...path(group.id), body: { userIds: [user.id] } }),
    );
    expect(members).toMatchObject([{ id: user.id, groups: [group.code] }]);
    notFound(await api.PUT('/admin/groups/{id}/users', { ...path(UNKNOWN_ID), body: { userIds: [] } }));
  },

  async listUsers({ api }) {
    const user = await createUser(api);
    const users = ok(await api.GET('/admin/users', { params: { query: { q: user.username } } }));
    expect(users.map((u) => u.id)).toEqual([user.id]);
  },

  async createUser({ api }) {
    const username = unique('user');
    const body = { username, password: newPassword(), enabled: true, groupIds: [], permissionCodes: [] };
    const user = ok(await api.POST('/admin/users', { body }));
    expect(user).toMatchObject({ username, enabled: true, groups: [], permissions: [] });
    expect(user).not.toHaveProperty('password');
    problem(await api.POST('/admin/users', { body }), 409, 'CONFLICT');
  },

  async getUser({ api }) {
    const user = await createUser(api);
    const detail = ok(await api.GET('/admin/users/{id}', path(user.id)));
    expect(detail).toMatchObject({ id: user.id, username: user.username, lockedUntil: null });
    notFound(await api.GET('/admin/users/{id}', path(UNKNOWN_ID)));
  },

  async updateUser({ api }) {
    const user = await createUser(api);
    const updated = ok(await api.PUT('/admin/users/{id}', { ...path(user.id), body: { enabled: false } }));
    expect(updated).toMatchObject({ id: user.id, enabled: false });
    notFound(await api.PUT('/admin/users/{id}', { ...path(UNKNOWN_ID), body: { enabled: false } }));
  },

  async deleteUser({ api, admin }) {
    const user = await createUser(api);
    ok(await api.DELETE('/admin/users/{id}', path(user.id)), 204);
    notFound(await api.DELETE('/admin/users/{id}', path(user.id)));
    problem(await api.DELETE('/admin/users/{id}', path(admin.id)), 409, 'CONFLICT');
  },

  // --- Sessions (a console session is a row: made here as the console's sign-in makes it)

  async listSessions({ api, admin, anonymous }) {
    const sid = await startConsoleSession(t.database.db, { userId: admin.id, userAgent: CHROME_ON_LINUX });
    const sessions = ok(await api.GET('/sessions'));
    // Over a bearer token no session is the current one.
    expect(sessions.find((s) => s.id === sessionHandle(sid))).toMatchObject({
      browser: 'Chrome on Linux',
      current: false,
    });
    expect(JSON.stringify(sessions)).not.toContain(sid);
    problem(await anonymous.GET('/sessions'), 401, 'UNAUTHENTICATED');
  },

  async revokeSession({ api, admin }) {
    const sid = await startConsoleSession(t.database.db, { userId: admin.id });
    const handle = { params: { path: { sessionId: sessionHandle(sid) } } };
    ok(await api.DELETE('/sessions/{sessionId}', handle), 204);
    notFound(await api.DELETE('/sessions/{sessionId}', handle));
    problem(
      await api.DELETE('/sessions/{sessionId}', { params: { path: { sessionId: 'not-a-handle' } } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async revokeOtherSessions({ api, admin }) {
    await startConsoleSession(t.database.db, { userId: admin.id });
    // Over a bearer token there is no session of the call's own to keep: every one ends.
    expect(ok(await api.DELETE('/sessions')).ended).toBeGreaterThanOrEqual(1);
    expect(ok(await api.GET('/sessions'))).toEqual([]);
  },

  async listUserSessions({ api }) {
    const user = await createUser(api);
    const sid = await startConsoleSession(t.database.db, { userId: user.id, address: '198.51.100.4' });
    expect(ok(await api.GET('/admin/users/{id}/sessions', path(user.id)))).toEqual([
      expect.objectContaining({ id: sessionHandle(sid), address: '198.51.100.4', current: false }),
    ]);
    notFound(await api.GET('/admin/users/{id}/sessions', path(UNKNOWN_ID)));
  },

  async revokeUserSession({ api }) {
    const user = await createUser(api);
    const sid = await startConsoleSession(t.database.db, { userId: user.id });
    const session = { params: { path: { id: user.id, sessionId: sessionHandle(sid) } } };
    ok(await api.DELETE('/admin/users/{id}/sessions/{sessionId}', session), 204);
    notFound(await api.DELETE('/admin/users/{id}/sessions/{sessionId}', session));
  },

  async revokeUserSessions({ api }) {
    const user = await createUser(api);
    await startConsoleSession(t.database.db, { userId: user.id });
    await startConsoleSession(t.database.db, { userId: user.id });
    expect(ok(await api.DELETE('/admin/users/{id}/sessions', path(user.id)))).toEqual({ ended: 2 });
    expect(ok(await api.GET('/admin/users/{id}/sessions', path(user.id)))).toEqual([]);
    notFound(await api.DELETE('/admin/users/{id}/sessions', path(UNKNOWN_ID)));
  },

  // --- Second factor (each case with a user of its own: enrolling changes how they sign in)

  async getSecondFactor({ anonymous }) {
    const mine = clientOf((await t.actor()).token);
    expect(ok(await mine.GET('/account/second-factor'))).toEqual({
      totp: false,
      enrolledAt: null,
      recoveryCodesLeft: 0,
    });
    problem(await anonymous.GET('/account/second-factor'), 401, 'UNAUTHENTICATED');
  },

  async startTotpEnrolment() {
    // A console session only (its tRPC calls): a bearer token is refused, whatever it is.
    const actor = await t.actor();
    problem(await clientOf(actor.token).POST('/account/second-factor'), 403, 'CONSOLE_SESSION_REQUIRED');
    const { token } = await t.apiTokenFor(actor.id);
    problem(await clientOf(token).POST('/account/second-factor'), 403, 'CONSOLE_SESSION_REQUIRED');
  },

  async confirmTotpEnrolment() {
    const mine = clientOf((await t.actor()).token);
    const body = { code: '123456' };
    problem(await mine.POST('/account/second-factor/confirm', { body }), 403, 'CONSOLE_SESSION_REQUIRED');
  },

  async removeSecondFactor() {
    const actor = await t.actor();
    const { recoveryCodes } = await appEnrolledInConsole(actor);
    const mine = clientOf(actor.token);
    const removal = { body: { code: recoveryCodes[0] } };
    ok(await mine.POST('/account/second-factor/remove', removal), 204);
    problem(await mine.POST('/account/second-factor/remove', removal), 409, 'CONFLICT');
  },

  async resetSecondFactor({ api }) {
    const user = await createUser(api);
    ok(await api.DELETE('/admin/users/{id}/second-factor', path(user.id)), 204);
    notFound(await api.DELETE('/admin/users/{id}/second-factor', path(UNKNOWN_ID)));
  },

  // --- Passkeys (each case with a user of its own, and a software authenticator signing for the console)

  async listPasskeys({ anonymous }) {
    const mine = clientOf((await t.actor()).token);
    expect(ok(await mine.GET('/account/passkeys'))).toEqual([]);
    problem(await anonymous.GET('/account/passkeys'), 401, 'UNAUTHENTICATED');
  },

  async startPasskeyRegistration({ anonymous }) {
    const mine = clientOf((await t.actor()).token);
    problem(await mine.POST('/account/passkeys/registration'), 403, 'CONSOLE_SESSION_REQUIRED');
    problem(await anonymous.POST('/account/passkeys/registration'), 401, 'UNAUTHENTICATED');
  },

  async registerPasskey() {
    const actor = await t.actor();
    const options = await (await t.console(actor)).post('/account/passkeys/registration');
    const response = new SoftAuthenticator().register(options.body, consoleCeremony());
    problem(
      await clientOf(actor.token).POST('/account/passkeys', { body: { name: 'Key', response } }),
      403,
      'CONSOLE_SESSION_REQUIRED',
    );
  },

  async startPasskeyProof() {
    const actor = await t.actor();
    const mine = clientOf(actor.token);
    problem(await mine.POST('/account/passkeys/challenge'), 409, 'CONFLICT');
    await passkeyRegisteredInConsole(actor, new SoftAuthenticator());
    expect(ok(await mine.POST('/account/passkeys/challenge')).allowCredentials).toHaveLength(1);
  },

  async removePasskey() {
    const actor = await t.actor();
    const mine = clientOf(actor.token);
    const authenticator = new SoftAuthenticator();
    const { id } = await passkeyRegisteredInConsole(actor, authenticator);
    const proof = ok(await mine.POST('/account/passkeys/challenge'));
    const passkey = authenticator.assert(proof, consoleCeremony());
    ok(
      await mine.POST('/account/passkeys/{id}/remove', { params: { path: { id } }, body: { passkey } }),
      204,
    );
    problem(
      await mine.POST('/account/passkeys/{id}/remove', {
        params: { path: { id } },
        body: { code: '123456' },
      }),
      404,
      'NOT_FOUND',
    );
  },

  async regenerateRecoveryCodes() {
    const actor = await t.actor();
    const { recoveryCodes } = await passkeyRegisteredInConsole(actor, new SoftAuthenticator());
    problem(
      await clientOf(actor.token).POST('/account/recovery-codes', { body: { code: recoveryCodes[0] } }),
      403,
      'CONSOLE_SESSION_REQUIRED',
    );
  },

  async startPasskeySignIn({ anonymous }) {
    const actor = await t.actor();
    const credentials = { username: actor.username, password: actor.user.password };
    problem(await anonymous.POST('/tokens/passkey-challenge', { body: credentials }), 409, 'CONFLICT');
    const authenticator = new SoftAuthenticator();
    await passkeyRegisteredInConsole(actor, authenticator);
    const challenge = ok(await anonymous.POST('/tokens/passkey-challenge', { body: credentials }));
    const passkey = authenticator.assert(challenge, consoleCeremony());
    expect(ok(await anonymous.POST('/tokens', { body: { ...credentials, passkey } })).tokenType).toBe(
      'Bearer',
    );
    problem(
      await anonymous.POST('/tokens/passkey-challenge', { body: { ...credentials, password: 'not-it' } }),
      401,
      'UNAUTHENTICATED',
    );
  },

  async unlockUser({ api }) {
    const user = await createUser(api);
    ok(await api.POST('/admin/users/{id}/unlock', path(user.id)), 204);
    notFound(await api.POST('/admin/users/{id}/unlock', path(UNKNOWN_ID)));
  },

  async resetPassword({ api, anonymous }) {
    const user = await createUser(api);
    const password = newPassword();
    ok(await api.PUT('/admin/users/{id}/password', { ...path(user.id), body: { password } }), 204);
    ok(await anonymous.POST('/tokens', { body: { username: user.username, password } }));
    const generated = ok(
      await api.PUT('/admin/users/{id}/password', { ...path(user.id), body: { generate: true } }),
    );
    expect(generated!.password.length).toBeGreaterThanOrEqual(12);
    notFound(await api.PUT('/admin/users/{id}/password', { ...path(UNKNOWN_ID), body: { password } }));
  },

  // --- API tokens and audit

  async createApiToken({ api, admin }) {
    const body = { name: 'ci', scope: 'READ_ONLY' as const, expiresAt: '2099-12-31T23:59:59' };
    const created = ok(await api.POST('/admin/users/{id}/api-tokens', { ...path(admin.id), body }));
    expect(created).toMatchObject({ ...body, userId: admin.id, active: true });
    // The token works, within its scope.
    const readOnly = clientOf(created.token);
    ok(await readOnly.GET('/admin/permissions'));
    problem(await readOnly.POST('/admin/groups', { body: { code: newCode(), name: 'x' } }), 403, 'FORBIDDEN');
    notFound(await api.POST('/admin/users/{id}/api-tokens', { ...path(UNKNOWN_ID), body: { name: 'ci' } }));
  },

  async listApiTokens({ api, admin }) {
    const created = ok(
      await api.POST('/admin/users/{id}/api-tokens', { ...path(admin.id), body: { name: 'listed' } }),
    );
    const tokens = ok(await api.GET('/admin/users/{id}/api-tokens', path(admin.id)));
    expect(tokens.find((token) => token.id === created.id)).toMatchObject({ name: 'listed', scope: 'FULL' });
    for (const token of tokens) expect(token).not.toHaveProperty('token');
    notFound(await api.GET('/admin/users/{id}/api-tokens', path(UNKNOWN_ID)));
  },

  async revokeApiToken({ api, admin }) {
    const created = ok(
      await api.POST('/admin/users/{id}/api-tokens', { ...path(admin.id), body: { name: 'revoked' } }),
    );
    const revoke = { params: { path: { tokenId: created.id } } };
    ok(await api.DELETE('/admin/api-tokens/{tokenId}', revoke), 204);
    notFound(await api.DELETE('/admin/api-tokens/{tokenId}', revoke));
  },

  // --- service accounts

  async listServiceAccounts({ api }) {
    const created = ok(await api.POST('/admin/service-accounts', { body: { name: unique('engine') } }));
    const listed = ok(await api.GET('/admin/service-accounts', { params: { query: { q: created.name } } }));
    expect(listed.map((account) => account.id)).toEqual([created.id]);
  },

  async createServiceAccount({ api }) {
    const body = {
      name: unique('engine'),
      description: 'payments',
      permissionCodes: ['ACCESS_ENGINE_API' as const],
    };
    const created = ok(await api.POST('/admin/service-accounts', { body }));
    expect(created).toMatchObject({ name: body.name, description: 'payments', enabled: true, groups: [] });
    expect(created.effectivePermissions).toEqual(['ACCESS_ENGINE_API']);
    problem(await api.POST('/admin/service-accounts', { body: { name: body.name } }), 409, 'CONFLICT');
  },

  async getServiceAccount({ api }) {
    const created = ok(await api.POST('/admin/service-accounts', { body: { name: unique('engine') } }));
    expect(ok(await api.GET('/admin/service-accounts/{id}', path(created.id)))).toEqual(created);
    notFound(await api.GET('/admin/service-accounts/{id}', path(UNKNOWN_ID)));
  },

  async updateServiceAccount({ api }) {
    const created = ok(await api.POST('/admin/service-accounts', { body: { name: unique('engine') } }));
    const body = { description: 'renamed', permissionCodes: ['ACCESS_ENGINE_API' as const] };
    const updated = ok(await api.PUT('/admin/service-accounts/{id}', { ...path(created.id), body }));
    expect(updated).toMatchObject({
      id: created.id,
      description: 'renamed',
      permissions: ['ACCESS_ENGINE_API'],
    });
    notFound(await api.PUT('/admin/service-accounts/{id}', { ...path(UNKNOWN_ID), body }));
  },

  async deleteServiceAccount({ api }) {
    const created = ok(await api.POST('/admin/service-accounts', { body: { name: unique('engine') } }));
    ok(await api.DELETE('/admin/service-accounts/{id}', path(created.id)), 204);
    notFound(await api.DELETE('/admin/service-accounts/{id}', path(created.id)));
  },

  async createServiceAccountToken({ api }) {
    const account = ok(
      await api.POST('/admin/service-accounts', {
        body: { name: unique('engine'), permissionCodes: ['ACCESS_BPM_ADMIN'] },
      }),
    );
    const body = { name: 'engine', scope: 'READ_ONLY' as const };
    const created = ok(await api.POST('/admin/service-accounts/{id}/tokens', { ...path(account.id), body }));
    expect(created).toMatchObject({ ...body, serviceAccountId: account.id, active: true });
    ok(await clientOf(created.token).GET('/admin/permissions'));
    notFound(await api.POST('/admin/service-accounts/{id}/tokens', { ...path(UNKNOWN_ID), body }));
  },

  async listServiceAccountTokens({ api }) {
    const account = ok(await api.POST('/admin/service-accounts', { body: { name: unique('engine') } }));
    const created = ok(
      await api.POST('/admin/service-accounts/{id}/tokens', {
        ...path(account.id),
        body: { name: 'listed' },
      }),
    );
    const tokens = ok(await api.GET('/admin/service-accounts/{id}/tokens', path(account.id)));
    expect(tokens).toEqual([expect.objectContaining({ id: created.id, name: 'listed', scope: 'FULL' })]);
    expect(tokens[0]).not.toHaveProperty('token');
    notFound(await api.GET('/admin/service-accounts/{id}/tokens', path(UNKNOWN_ID)));
  },

  async exportAuditEvents({ api, admin }) {
    const group = await createGroup(api);
    const answer = await api.GET('/admin/audit-events/export', {
      params: { query: { actor: admin.username, format: 'ndjson' } },
      parseAs: 'text',
    });
    expect(answer.response.status).toBe(200);
    const records = answer
      .data!.trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(records.find((e) => e.targetId === String(group.id))).toMatchObject({ action: 'group.create' });
    const csv = await api.GET('/admin/audit-events/export', {
      params: { query: { actor: admin.username } },
      parseAs: 'text',
    });
    expect(csv.response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(csv.data).toMatch(/^id,createdAt,actor,action,/);
    problem(
      await api.GET('/admin/audit-events/export', {
        params: { query: { from: '2026-02-30' } },
        parseAs: 'text',
      }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async listAuditEvents({ api, admin }) {
    const group = await createGroup(api);
    const page = ok(
      await api.GET('/admin/audit-events', { params: { query: { actor: admin.username, size: 100 } } }),
    );
    expect(page.content.find((e) => e.targetId === String(group.id))).toMatchObject({
      actor: admin.username,
      action: 'group.create',
    });
    problem(
      await api.GET('/admin/audit-events', { params: { query: { from: '2026-02-30' } } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  // --- Incidents

  async getIncidentSummary({ api }) {
    await reportIncident(api, { severity: 'CRITICAL' });
    const summary = ok(await api.GET('/incidents/summary'));
    expect(summary.openIncidents).toBeGreaterThanOrEqual(1);
    expect(summary.criticalIncidents).toBeGreaterThanOrEqual(1);
    expect(summary.incidentsCreatedToday).toBeGreaterThanOrEqual(1);
  },

  async getIncidentStats({ api }) {
    await reportIncident(api);
    const stats = ok(await api.GET('/incidents/stats', { params: { query: { days: 7 } } }));
    expect(stats.days).toBe(7);
    expect(stats.perDay.length).toBeGreaterThan(0);
    problem(await api.GET('/incidents/stats', { params: { query: { days: 91 } } }), 400, 'VALIDATION_FAILED');
  },

  async listIncidents({ api }) {
    const marker = unique('listed');
    const low = await reportIncident(api, { severity: 'LOW', message: `${marker} low` });
    const high = await reportIncident(api, { severity: 'HIGH', message: `${marker} high` });
    const query = {
      q: marker,
      status: ['OPEN' as const],
      sort: ['severity,desc' as const, 'id,asc' as const],
    };
    const page = ok(await api.GET('/incidents', { params: { query } }));
    expect(page.content.map((i) => i.id)).toEqual([high.id, low.id]);
    expect(page).toMatchObject({
      number: 0,
      size: 20,
      totalElements: 2,
      totalPages: 1,
      first: true,
      last: true,
    });
    // The filters as the document describes them: comma-separated (explode: false).
    const commas = ok(
      await api.GET('/incidents', {
        params: { query: { q: marker, severity: ['LOW', 'CRITICAL'] } },
        querySerializer: { array: { style: 'form', explode: false } },
      }),
    );
    expect(commas.content.map((i) => i.id)).toEqual([low.id]);
    problem(
      await api.GET('/incidents', { params: { query: { sort: ['nodeId' as 'id'] } } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async reportIncident({ api }) {
    const first = await reportIncident(api);
    expect(first).toMatchObject({ status: 'OPEN', occurrenceCount: 1, acknowledgedAt: null });
    const again = await reportIncident(api, {
      processInstanceId: first.processInstanceId,
      externalReferenceId: first.externalReferenceId,
    });
    expect(again).toMatchObject({ id: first.id, occurrenceCount: 2 });
  },

  async reportIncidents({ api }) {
    const first = await reportIncident(api);
    const reference = `job:${++processInstances}`;
    const report = {
      processInstanceId: newProcessInstanceId(),
      nodeId: 'charge-card',
      source: 'PROCESS_ENGINE' as const,
      severity: 'HIGH' as const,
      message: 'Card declined',
      externalReferenceId: reference,
    };
    const { results } = ok(
      await api.POST('/incidents/batch', {
        body: {
          reports: [
            report,
            {
              ...report,
              processInstanceId: first.processInstanceId,
              externalReferenceId: first.externalReferenceId,
            },
            { ...report, message: ' ' },
          ],
        },
      }),
    );
    expect(results.map((r) => r.outcome)).toEqual(['CREATED', 'OCCURRED_AGAIN', 'REJECTED']);
    expect(results[1].incident).toMatchObject({ id: first.id, occurrenceCount: 2 });
    expect(results[2].problem).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
  },

  async listProcessInstanceIncidents({ api }) {
    const incident = await reportIncident(api);
    const params = { params: { path: { processInstanceId: incident.processInstanceId } } };
    const incidents = ok(await api.GET('/incidents/process-instances/{processInstanceId}', params));
    expect(incidents).toEqual([incident]);
  },

  async acknowledgeIncidents({ api }) {
    const incident = await reportIncident(api);
    const body = { ids: [incident.id, UNKNOWN_ID] };
    expect(ok(await api.POST('/incidents/bulk/acknowledge', { body }))).toEqual({
      results: [
        { id: incident.id, outcome: 'APPLIED' },
        { id: UNKNOWN_ID, outcome: 'NOT_FOUND' },
      ],
    });
    const again = ok(await api.POST('/incidents/bulk/acknowledge', { body: { ids: [incident.id] } }));
    expect(again.results).toMatchObject([{ id: incident.id, outcome: 'SKIPPED', reason: 'INVALID_STATE' }]);
    problem(await api.POST('/incidents/bulk/acknowledge', { body: { ids: [] } }), 400, 'VALIDATION_FAILED');
  },

  async resolveIncidents({ api }) {
    const incident = await reportIncident(api);
    const body = { ids: [incident.id], resolutionAction: 'FIXED_MANUALLY' as const };
    expect(ok(await api.POST('/incidents/bulk/resolve', { body }))).toEqual({
      results: [{ id: incident.id, outcome: 'APPLIED' }],
    });
    const again = ok(await api.POST('/incidents/bulk/resolve', { body }));
    expect(again.results).toMatchObject([{ id: incident.id, outcome: 'SKIPPED', reason: 'INVALID_STATE' }]);
  },

  async retryIncidents({ api }) {
    const { incident } = await failedWorkerIncident(api);
    const other = await reportIncident(api);
    const result = ok(await api.POST('/incidents/bulk/retry', { body: { ids: [incident.id, other.id] } }));
    expect(result.results).toMatchObject([
      { id: incident.id, outcome: 'APPLIED' },
      { id: other.id, outcome: 'SKIPPED', reason: 'NOT_RETRYABLE' },
    ]);
  },

  async listIncidentGroups({ api }) {
    const node = unique('grouped-node');
    const first = await reportIncident(api, { nodeId: node, message: 'Order 17 not found' });
    const latest = await reportIncident(api, { nodeId: node, message: 'Order 4242 not found' });
    const page = ok(
      await api.GET('/incidents/groups', { params: { query: { q: 'not found', sort: 'count' } } }),
    );
    const group = page.content.find((g) => g.nodeId === node)!;
    expect(group).toMatchObject({
      source: 'PROCESS_ENGINE',
      template: 'Order # not found',
      sampleMessage: 'Order 4242 not found',
      latestIncidentId: latest.id,
      count: 2,
      open: 2,
      firstSeen: first.createdAt,
    });
    const members = ok(await api.GET('/incidents', { params: { query: { group: group.key } } }));
    expect(members.content.map((i) => i.id)).toEqual([latest.id, first.id]);
    problem(
      await api.GET('/incidents/groups', { params: { query: { sort: 'size' as 'count' } } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async acknowledgeMatchingIncidents({ api }) {
    const node = unique('ack-matching');
    const incidents = [
      await reportIncident(api, { nodeId: node }),
      await reportIncident(api, { nodeId: node }),
    ];
    const [group] = ok(
      await api.GET('/incidents/groups', { params: { query: { q: incidents[0].externalReferenceId } } }),
    ).content;
    const body = { filter: { group: group.key }, limit: 1 };
    const chunk = ok(await api.POST('/incidents/bulk/acknowledge-matching', { body }));
    expect(chunk).toMatchObject({ matched: 2, applied: 1, remaining: 1, nextAfterId: incidents[0].id });
    const rest = ok(
      await api.POST('/incidents/bulk/acknowledge-matching', {
        body: { ...body, afterId: chunk.nextAfterId, acknowledgedBy: 'storm.watcher' },
      }),
    );
    expect(rest).toMatchObject({ matched: 1, applied: 1, remaining: 0, nextAfterId: incidents[1].id });
    // Acknowledged incidents no longer match: a run from the start finds nothing left to do.
    expect(ok(await api.POST('/incidents/bulk/acknowledge-matching', { body }))).toMatchObject({
      matched: 0,
      remaining: 0,
      results: [],
    });
    problem(
      await api.POST('/incidents/bulk/acknowledge-matching', { body: { filter: {}, limit: 5000 } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async resolveMatchingIncidents({ api }) {
    const node = unique('resolve-matching');
    const incident = await reportIncident(api, { nodeId: node });
    const [group] = ok(
      await api.GET('/incidents/groups', { params: { query: { q: incident.externalReferenceId } } }),
    ).content;
    const body = { filter: { group: group.key }, resolutionAction: 'FIXED_MANUALLY' as const };
    expect(ok(await api.POST('/incidents/bulk/resolve-matching', { body }))).toEqual({
      matched: 1,
      applied: 1,
      skipped: 0,
      notFound: 0,
      remaining: 0,
      nextAfterId: incident.id,
      results: [{ id: incident.id, outcome: 'APPLIED' }],
    });
  },

  async retryMatchingIncidents({ api }) {
    const { incident } = await failedWorkerIncident(api);
    const result = ok(
      await api.POST('/incidents/bulk/retry-matching', {
        body: { filter: { q: incident.externalReferenceId }, requestedBy: 'storm.watcher' },
      }),
    );
    expect(result).toMatchObject({
      matched: 1,
      applied: 1,
      results: [{ id: incident.id, outcome: 'APPLIED' }],
    });
  },

  async getIncident({ api }) {
    const incident = await reportIncident(api);
    expect(ok(await api.GET('/incidents/{id}', path(incident.id)))).toEqual(incident);
    notFound(await api.GET('/incidents/{id}', path(UNKNOWN_ID)));
  },

  async exportIncidents({ api }) {
    const incident = await reportIncident(api, { nodeId: `export-${Date.now()}`, message: '=1+1' });
    const answer = await api.GET('/incidents/export', {
      params: { query: { nodeId: [incident.nodeId], status: ['OPEN'] } },
      parseAs: 'text',
    });
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('content-disposition')).toMatch(/^attachment; filename="incidents-/);
    const [header, row] = answer.data!.split('\r\n');
    expect(header).toMatch(/^id,status,severity,source,/);
    expect(row).toMatch(new RegExp(`^${incident.id},OPEN,HIGH,PROCESS_ENGINE,.*,'=1\\+1,`));
    problem(
      await api.GET('/incidents/export', {
        params: { query: { createdFrom: '2026-11-02', createdTo: '2026-11-01' } },
        parseAs: 'text',
      }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async streamIncidentChanges({ api, anonymous }) {
    const incident = await reportIncident(api);
    const controller = new AbortController();
    const answer = await api.GET('/incidents/events/stream', {
      params: { query: { incidentId: incident.id } },
      parseAs: 'stream',
      signal: controller.signal,
    });
    expect(answer.response.status).toBe(200);
    const reader = answer.data!.pipeThrough(new TextDecoderStream()).getReader();
    let received = '';
    const readUntil = async (text: string) => {
      while (!received.includes(text)) {
        const { value, done } = await reader.read();
        if (done) throw new Error(`the stream ended before ${text}: ${received}`);
        received += value;
      }
    };
    await readUntil('event: connected');
    // A change made now arrives on the open stream, with the incident as it is.
    ok(await api.POST('/incidents/{id}/acknowledge', path(incident.id)));
    await readUntil('"status":"ACKNOWLEDGED"');
    expect(received).toMatch(/^id: \d+\.\d+$/m);
    controller.abort();
    await reader.cancel().catch(() => {});
    problem(await anonymous.GET('/incidents/events/stream'), 401, 'UNAUTHENTICATED');
  },

  async listIncidentEvents({ api }) {
    const incident = await reportIncident(api);
    ok(await api.POST('/incidents/{id}/acknowledge', path(incident.id)));
    const events = ok(await api.GET('/incidents/{id}/events', path(incident.id)));
    expect(events.map((e) => e.eventType)).toEqual(['CREATED', 'ACKNOWLEDGED']);
    notFound(await api.GET('/incidents/{id}/events', path(UNKNOWN_ID)));
  },

  async acknowledgeIncident({ api, admin }) {
    const incident = await reportIncident(api);
    // The body may be left out: acknowledgedBy defaults to the caller.
    const acknowledged = ok(await api.POST('/incidents/{id}/acknowledge', path(incident.id)));
    expect(acknowledged).toMatchObject({ status: 'ACKNOWLEDGED', acknowledgedBy: admin.username });
    problem(await api.POST('/incidents/{id}/acknowledge', path(incident.id)), 409, 'INVALID_STATE');
    notFound(await api.POST('/incidents/{id}/acknowledge', { ...path(UNKNOWN_ID), body: {} }));
  },

  async resolveIncident({ api }) {
    const incident = await reportIncident(api);
    const body = {
      resolvedBy: 'ops',
      resolutionNote: 'card replaced',
      resolutionAction: 'FIXED_MANUALLY' as const,
    };
    const resolved = ok(await api.POST('/incidents/{id}/resolve', { ...path(incident.id), body }));
    expect(resolved).toMatchObject({ status: 'RESOLVED', ...body });
    problem(await api.POST('/incidents/{id}/resolve', { ...path(incident.id), body }), 409, 'INVALID_STATE');
    notFound(await api.POST('/incidents/{id}/resolve', path(UNKNOWN_ID)));
  },

  async reopenIncident({ api }) {
    const incident = await reportIncident(api);
    problem(await api.POST('/incidents/{id}/reopen', path(incident.id)), 409, 'INVALID_STATE');
    ok(await api.POST('/incidents/{id}/resolve', path(incident.id)));
    const reopened = ok(await api.POST('/incidents/{id}/reopen', path(incident.id)));
    expect(reopened).toMatchObject({ id: incident.id, status: 'OPEN', resolvedAt: null });
    notFound(await api.POST('/incidents/{id}/reopen', path(UNKNOWN_ID)));
  },

  async unacknowledgeIncident({ api }) {
    const incident = await reportIncident(api);
    problem(await api.POST('/incidents/{id}/unacknowledge', path(incident.id)), 409, 'INVALID_STATE');
    ok(await api.POST('/incidents/{id}/acknowledge', path(incident.id)));
    const taken = ok(await api.POST('/incidents/{id}/unacknowledge', path(incident.id)));
    expect(taken).toMatchObject({
      id: incident.id,
      status: 'OPEN',
      acknowledgedAt: null,
      acknowledgedBy: null,
    });
    notFound(await api.POST('/incidents/{id}/unacknowledge', path(UNKNOWN_ID)));
  },

  async snoozeIncident({ api }) {
    const incident = await reportIncident(api);
    const snoozed = ok(
      await api.POST('/incidents/{id}/snooze', { ...path(incident.id), body: { occurrences: 2 } }),
    );
    expect(snoozed).toMatchObject({ id: incident.id, snoozedUntilOccurrence: incident.occurrenceCount + 2 });
    problem(
      await api.POST('/incidents/{id}/snooze', { ...path(incident.id), body: {} }),
      400,
      'VALIDATION_FAILED',
    );
    notFound(await api.POST('/incidents/{id}/snooze', { ...path(UNKNOWN_ID), body: { occurrences: 1 } }));
  },

  async wakeIncident({ api }) {
    const incident = await reportIncident(api);
    problem(await api.DELETE('/incidents/{id}/snooze', path(incident.id)), 409, 'INVALID_STATE');
    ok(await api.POST('/incidents/{id}/snooze', { ...path(incident.id), body: { occurrences: 2 } }));
    const awake = ok(await api.DELETE('/incidents/{id}/snooze', path(incident.id)));
    expect(awake).toMatchObject({ id: incident.id, snoozedAt: null, snoozedUntilOccurrence: null });
    notFound(await api.DELETE('/incidents/{id}/snooze', path(UNKNOWN_ID)));
  },

  // --- Silences

  async createSilence({ api, admin }) {
    const silence = await createSilence(api);
    expect(silence).toMatchObject({ nodeId: 'Silenced_Task', state: 'ACTIVE', createdBy: admin.username });
    problem(
      await api.POST('/silences', { body: { name: 'Everything', endsAt: inAnHour() } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async listSilences({ api }) {
    const silence = await createSilence(api);
    const page = ok(await api.GET('/silences', { params: { query: { state: ['ACTIVE'], size: 100 } } }));
    expect(page.content.map((s) => s.id)).toContain(silence.id);
  },

  async previewSilence({ api }) {
    await reportIncident(api);
    const preview = ok(await api.GET('/silences/preview', { params: { query: { severities: ['HIGH'] } } }));
    expect(preview.matching).toEqual(expect.any(Number));
    problem(await api.GET('/silences/preview', {}), 400, 'VALIDATION_FAILED');
  },

  async getSilence({ api }) {
    const silence = await createSilence(api);
    expect(ok(await api.GET('/silences/{id}', path(silence.id)))).toMatchObject({
      id: silence.id,
      heldEvents: 0,
    });
    notFound(await api.GET('/silences/{id}', path(UNKNOWN_ID)));
  },

  async endSilence({ api, admin }) {
    const silence = await createSilence(api);
    const ended = ok(await api.POST('/silences/{id}/end', path(silence.id)));
    expect(ended).toMatchObject({ id: silence.id, state: 'ENDED', endedBy: admin.username });
    problem(await api.POST('/silences/{id}/end', path(silence.id)), 409, 'INVALID_STATE');
    notFound(await api.POST('/silences/{id}/end', path(UNKNOWN_ID)));
  },

  async addIncidentNote({ api, admin }) {
    const incident = await reportIncident(api);
    ok(
      await api.POST('/incidents/{id}/notes', { ...path(incident.id), body: { text: 'Card issuer paged' } }),
    );
    const events = ok(await api.GET('/incidents/{id}/events', path(incident.id)));
    expect(events.at(-1)).toMatchObject({
      eventType: 'NOTE_ADDED',
      actor: admin.username,
      message: 'Card issuer paged',
    });
    problem(
      await api.POST('/incidents/{id}/notes', { ...path(incident.id), body: { text: '   ' } }),
      400,
      'VALIDATION_FAILED',
    );
    notFound(await api.POST('/incidents/{id}/notes', { ...path(UNKNOWN_ID), body: { text: 'x' } }));
  },

  async assignIncident({ api, admin }) {
    const incident = await reportIncident(api);
    const assigned = ok(
      await api.POST('/incidents/{id}/assign', { ...path(incident.id), body: { username: admin.username } }),
    );
    expect(assigned).toMatchObject({ id: incident.id, assignee: admin.username });
    const unassigned = ok(
      await api.POST('/incidents/{id}/assign', { ...path(incident.id), body: { username: null } }),
    );
    expect(unassigned.assignee).toBeNull();
    problem(
      await api.POST('/incidents/{id}/assign', {
        ...path(incident.id),
        body: { username: unique('nobody') },
      }),
      400,
      'VALIDATION_FAILED',
    );
    notFound(await api.POST('/incidents/{id}/assign', { ...path(UNKNOWN_ID), body: { username: null } }));
  },

  async getIncidentRetryPayload({ api }) {
    const { request, incident } = await failedWorkerIncident(api);
    const answer = ok(await api.GET('/incidents/{id}/payload', path(incident.id)));
    expect(answer).toEqual({
      incidentId: incident.id,
      workerRequestId: request.id,
      payload: request.payload,
      payloadVersion: 1,
    });
    notFound(await api.GET('/incidents/{id}/payload', path((await reportIncident(api)).id)));
    notFound(await api.GET('/incidents/{id}/payload', path(UNKNOWN_ID)));
  },

  async retryIncident({ api }) {
    const { request, incident } = await failedWorkerIncident(api);
    const retried = ok(
      await api.POST('/incidents/{id}/retry', {
        ...path(incident.id),
        body: { requestedBy: 'ops', payloadPatch: { corrected: true }, payloadVersion: 1 },
      }),
    );
    expect(retried).toMatchObject({ id: incident.id, status: incident.status });
    expect(ok(await api.GET('/worker-requests/{id}', path(request.id)))).toMatchObject({
      status: 'PENDING',
      payload: { ...request.payload, corrected: true },
      payloadVersion: 2,
    });
    const other = await reportIncident(api);
    problem(await api.POST('/incidents/{id}/retry', path(other.id)), 400, 'NOT_RETRYABLE');
    notFound(await api.POST('/incidents/{id}/retry', path(UNKNOWN_ID)));
  },

  // --- Worker protocol and process instances

  async fetchAndLockWorkerRequests({ api }) {
    const { request, workerId, topic } = await lockedWorkerRequest(api);
    expect(request.lockExpiresAt).not.toBeNull();
    // Nothing else is pending on the topic.
    expect(
      ok(await api.POST('/worker-requests/fetch-and-lock', { body: { workerId, topics: [topic] } })),
    ).toEqual([]);
  },

  async createWorkerRequest({ api }) {
    const body = {
      processInstanceId: newProcessInstanceId(),
      nodeId: 'ship',
      topic: unique('topic'),
      payload: { orderId: 7 },
    };
    const created = ok(await api.POST('/worker-requests', { body }));
    expect(created).toMatchObject({ ...body, status: 'PENDING', retries: 3, workerId: null });
  },

  async getWorkerRequest({ api }) {
    const { request } = await lockedWorkerRequest(api);
    expect(ok(await api.GET('/worker-requests/{id}', path(request.id)))).toMatchObject({
      id: request.id,
      status: 'LOCKED',
    });
    notFound(await api.GET('/worker-requests/{id}', path(UNKNOWN_ID)));
  },

  async completeWorkerRequest({ api }) {
    const { request, workerId } = await lockedWorkerRequest(api);
    const complete = (worker: string, id = request.id) =>
      api.POST('/worker-requests/{id}/complete', {
        ...path(id),
        body: { workerId: worker, result: { sent: true } },
      });
    problem(await complete('another-worker'), 409, 'CONFLICT');
    expect(ok(await complete(workerId))).toMatchObject({ status: 'COMPLETED', result: { sent: true } });
    problem(await complete(workerId), 409, 'CONFLICT');
    notFound(await complete(workerId, UNKNOWN_ID));
  },

  async failWorkerRequest({ api }) {
    const { request, workerId } = await lockedWorkerRequest(api, 2);
    const fail = (id = request.id) =>
      api.POST('/worker-requests/{id}/failure', { ...path(id), body: { workerId, errorMessage: 'timeout' } });
    expect(ok(await fail())).toMatchObject({ status: 'PENDING', retries: 1, errorMessage: 'timeout' });
    // Back to PENDING: no longer locked by this worker.
    problem(await fail(), 409, 'CONFLICT');
    notFound(await fail(UNKNOWN_ID));
  },

  async getProcessInstance({ api }) {
    const { request } = await lockedWorkerRequest(api);
    const instance = ok(await api.GET('/process-instances/{id}', path(request.processInstanceId)));
    expect(instance).toMatchObject({ id: request.processInstanceId, status: 'RUNNING' });
    notFound(await api.GET('/process-instances/{id}', path(UNKNOWN_ID)));
  },

  // --- On-call

  async listOncallSchedules({ api }) {
    const schedule = await createOncallSchedule(api);
    const page = ok(await api.GET('/oncall/schedules', { params: { query: { size: 100 } } }));
    expect(page.content.map((s) => s.id)).toContain(schedule.id);
  },

  async createOncallSchedule({ api }) {
    const schedule = await createOncallSchedule(api);
    expect(schedule).toMatchObject({ timeZone: 'Europe/Berlin', handOff: 'DAILY', handOffTime: '09:00' });
    problem(
      await api.POST('/oncall/schedules', { body: oncallBody(schedule.name, schedule.members[0].userId) }),
      409,
      'CONFLICT',
    );
  },

  async getOncallSchedule({ api }) {
    const schedule = await createOncallSchedule(api);
    expect(ok(await api.GET('/oncall/schedules/{id}', path(schedule.id)))).toEqual(schedule);
    notFound(await api.GET('/oncall/schedules/{id}', path(UNKNOWN_ID)));
  },

  async updateOncallSchedule({ api }) {
    const schedule = await createOncallSchedule(api);
    const body = {
      ...oncallBody(schedule.name, schedule.members[0].userId),
      handOff: 'WEEKLY' as const,
      handOffWeekday: 'MONDAY' as const,
    };
    expect(ok(await api.PUT('/oncall/schedules/{id}', { ...path(schedule.id), body }))).toMatchObject({
      handOffWeekday: 'MONDAY',
    });
    notFound(await api.PUT('/oncall/schedules/{id}', { ...path(UNKNOWN_ID), body }));
  },

  async deleteOncallSchedule({ api }) {
    const schedule = await createOncallSchedule(api);
    ok(await api.DELETE('/oncall/schedules/{id}', path(schedule.id)), 204);
    notFound(await api.DELETE('/oncall/schedules/{id}', path(schedule.id)));
  },

  async getOncallNow({ api }) {
    const schedule = await createOncallSchedule(api);
    const { now, next } = ok(await api.GET('/oncall/schedules/{id}/on-call', path(schedule.id)));
    expect(now).toMatchObject({ userId: schedule.members[0].userId, overrideId: null });
    expect(next?.start).toBe(now?.end);
    notFound(await api.GET('/oncall/schedules/{id}/on-call', path(UNKNOWN_ID)));
  },

  async listOncallShifts({ api }) {
    const schedule = await createOncallSchedule(api);
    const query = { from: '2026-03-28T10:00', to: '2026-03-30T10:00' };
    const shifts = ok(
      await api.GET('/oncall/schedules/{id}/shifts', { params: { path: { id: schedule.id }, query } }),
    );
    expect(shifts.map((s) => s.start)).toEqual([
      '2026-03-28T09:00:00+01:00',
      '2026-03-29T09:00:00+02:00',
      '2026-03-30T09:00:00+02:00',
    ]);
  },

  async exportOncallCalendar({ api }) {
    const schedule = await createOncallSchedule(api);
    const query = { from: '2026-03-28T10:00', to: '2026-03-30T10:00' };
    const answer = await api.GET('/oncall/schedules/{id}/calendar', {
      params: { path: { id: schedule.id }, query },
      parseAs: 'text',
    });
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(answer.data!.match(/BEGIN:VEVENT/g)).toHaveLength(3);
  },

  async listOncallOverrides({ api }) {
    const { schedule, override } = await addOncallOverride(api);
    expect(ok(await api.GET('/oncall/schedules/{id}/overrides', path(schedule.id)))).toEqual([override]);
  },

  async addOncallOverride({ api }) {
    const { schedule, override } = await addOncallOverride(api);
    expect(override).toMatchObject({ scheduleId: schedule.id, startsAt: '2099-01-01T09:00:00+01:00' });
  },

  async deleteOncallOverride({ api }) {
    const { schedule, override } = await addOncallOverride(api);
    const both = { params: { path: { id: schedule.id, overrideId: override.id } } };
    ok(await api.DELETE('/oncall/schedules/{id}/overrides/{overrideId}', both), 204);
    notFound(await api.DELETE('/oncall/schedules/{id}/overrides/{overrideId}', both));
  },

  // --- Webhooks

  async listWebhooks({ api }) {
    const webhook = await createWebhook(api);
    const webhooks = ok(await api.GET('/admin/webhooks'));
    expect(webhooks.find((w) => w.id === webhook.id)).toMatchObject({ name: 'Pager', enabled: false });
  },

  async createWebhook({ api }) {
    const webhook = await createWebhook(api);
    expect(webhook).toMatchObject({ url: WEBHOOK_URL, eventTypes: ['incident.created'], format: 'json' });
    expect(webhook.secret).toMatch(/^whsec_/);
    problem(
      await api.POST('/admin/webhooks', { body: { name: 'x', url: WEBHOOK_URL, eventTypes: [] } }),
      400,
      'VALIDATION_FAILED',
    );
  },

  async getWebhook({ api }) {
    const { secret: _secret, ...webhook } = await createWebhook(api);
    expect(ok(await api.GET('/admin/webhooks/{id}', path(webhook.id)))).toEqual(webhook);
    notFound(await api.GET('/admin/webhooks/{id}', path(UNKNOWN_ID)));
  },

  async updateWebhook({ api }) {
    const webhook = await createWebhook(api);
    const updated = ok(
      await api.PUT('/admin/webhooks/{id}', { ...path(webhook.id), body: { minSeverity: 'HIGH' } }),
    );
    expect(updated).toMatchObject({ id: webhook.id, minSeverity: 'HIGH', enabled: false });
    notFound(await api.PUT('/admin/webhooks/{id}', { ...path(UNKNOWN_ID), body: { name: 'x' } }));
  },

  async listSavedViews({ api }) {
    const saved = ok(
      await api.POST('/incident-views', {
        body: { name: `List ${newProcessInstanceId()}`, search: 'status=OPEN' },
      }),
    );
    const views = ok(await api.GET('/incident-views'));
    expect(views.find((v) => v.id === saved.id)).toMatchObject({ search: 'status=OPEN', yours: true });
  },

  async createSavedView({ api }) {
    const name = `Create ${newProcessInstanceId()}`;
    const saved = ok(
      await api.POST('/incident-views', { body: { name, search: '?severity=HIGH', shared: true } }),
    );
    expect(saved).toMatchObject({ name, search: 'severity=HIGH', shared: true, mine: false });
    problem(await api.POST('/incident-views', { body: { name, search: '' } }), 409, 'CONFLICT');
  },

  async updateSavedView({ api }) {
    const saved = ok(
      await api.POST('/incident-views', { body: { name: `Update ${newProcessInstanceId()}`, search: '' } }),
    );
    const changed = ok(await api.PUT('/incident-views/{id}', { ...path(saved.id), body: { mine: true } }));
    expect(changed).toMatchObject({ id: saved.id, mine: true });
    notFound(await api.PUT('/incident-views/{id}', { ...path(UNKNOWN_ID), body: { mine: true } }));
  },

  async deleteSavedView({ api }) {
    const saved = ok(
      await api.POST('/incident-views', { body: { name: `Delete ${newProcessInstanceId()}`, search: '' } }),
    );
    ok(await api.DELETE('/incident-views/{id}', path(saved.id)), 204);
    notFound(await api.DELETE('/incident-views/{id}', path(saved.id)));
  },

  async deleteWebhook({ api }) {
    const webhook = await createWebhook(api);
    ok(await api.DELETE('/admin/webhooks/{id}', path(webhook.id)), 204);
    notFound(await api.DELETE('/admin/webhooks/{id}', path(webhook.id)));
  },

  async addWebhookSecret({ api }) {
    const webhook = await createWebhook(api);
    const added = ok(await api.POST('/admin/webhooks/{id}/secrets', path(webhook.id)));
    expect(added.secret).toMatch(/^whsec_/);
    expect(ok(await api.GET('/admin/webhooks/{id}', path(webhook.id))).secrets).toHaveLength(2);
    notFound(await api.POST('/admin/webhooks/{id}/secrets', path(UNKNOWN_ID)));
  },

  async removeWebhookSecret({ api }) {
    const webhook = await createWebhook(api);
    const added = ok(await api.POST('/admin/webhooks/{id}/secrets', path(webhook.id)));
    const remove = (secretId: number) =>
      api.DELETE('/admin/webhooks/{id}/secrets/{secretId}', {
        params: { path: { id: webhook.id, secretId } },
      });
    ok(await remove(webhook.secrets[0].id), 204);
    problem(await remove(added.id), 409, 'CONFLICT');
    notFound(await remove(UNKNOWN_ID));
  },

  async listWebhookDeliveries({ api }) {
    const webhook = await createWebhook(api);
    const page = ok(await api.GET('/admin/webhooks/{id}/deliveries', path(webhook.id)));
    expect(page).toMatchObject({ content: [], totalElements: 0, empty: true });
    notFound(await api.GET('/admin/webhooks/{id}/deliveries', path(UNKNOWN_ID)));
  },

  async sendWebhookTestEvent({ api }) {
    const webhook = await createWebhook(api);
    const sent = ok(await api.POST('/admin/webhooks/{id}/test', path(webhook.id)));
    expect(sent.webhookId).toEqual(expect.any(String));
    const log = ok(await api.GET('/admin/webhooks/{id}/deliveries', path(webhook.id)));
    expect(log.content.map((d) => d.id)).toContain(sent.deliveryId);
    notFound(await api.POST('/admin/webhooks/{id}/test', path(UNKNOWN_ID)));
  },

  async redeliverWebhookDelivery({ api }) {
    const webhook = await createWebhook(api);
    const sent = ok(await api.POST('/admin/webhooks/{id}/test', path(webhook.id)));
    const redeliver = () =>
      api.POST('/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id: webhook.id, deliveryId: sent.deliveryId } },
      });
    // 409 only while an attempt is under way (the deliverer may be trying the test event right now).
    let answer = await redeliver();
    for (let tries = 0; answer.response.status === 409 && tries < 50; tries += 1) {
      await new Promise((r) => setTimeout(r, 100));
      answer = await redeliver();
    }
    // The same webhook-id: a receiver recognises a delivery it already had.
    expect(ok(answer)).toEqual({ redelivered: 1, webhookIds: [sent.webhookId] });
    notFound(
      await api.POST('/admin/webhooks/{id}/deliveries/{deliveryId}/redeliver', {
        params: { path: { id: webhook.id, deliveryId: UNKNOWN_ID } },
      }),
    );
  },

  async redeliverFailedWebhookDeliveries({ api }) {
    const webhook = await createWebhook(api);
    const since = new Date().toISOString();
    const none = ok(
      await api.POST('/admin/webhooks/{id}/redeliver', { ...path(webhook.id), body: { since } }),
    );
    expect(none).toEqual({ redelivered: 0, webhookIds: [] });
    problem(
      await api.POST('/admin/webhooks/{id}/redeliver', { ...path(webhook.id), body: { since: 'yesterday' } }),
      400,
      'VALIDATION_FAILED',
    );
    notFound(await api.POST('/admin/webhooks/{id}/redeliver', { ...path(UNKNOWN_ID), body: { since } }));
  },

  // --- Service

  async getHealth({ anonymous }) {
    expect(ok(await anonymous.GET('/health'))).toEqual({ status: 'ok', database: 'ok' });
  },

  async getReadiness({ anonymous }) {
    expect(ok(await anonymous.GET('/health/ready'))).toEqual({ status: 'ready', database: 'ok' });
  },

  async getMetrics({ api, admin, anonymous }) {
    const answer = await api.GET('/metrics', { parseAs: 'text' });
    expect(answer.response.status).toBe(200);
    expect(answer.response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(answer.data).toMatch(/^# HELP bpm_incidents /m);
    // A METRICS token reads them; a token of another narrow scope, even an administrator's, does not.
    const token = async (scope: 'METRICS' | 'INCIDENTS') =>
      ok(await api.POST('/admin/users/{id}/api-tokens', { ...path(admin.id), body: { name: scope, scope } }))
        .token;
    const scraper = clientOf(await token('METRICS'));
    expect((await scraper.GET('/metrics', { parseAs: 'text' })).response.status).toBe(200);
    const incidentsOnly = clientOf(await token('INCIDENTS'));
    problem(await incidentsOnly.GET('/metrics', { parseAs: 'text' }), 403, 'FORBIDDEN');
    problem(await anonymous.GET('/metrics', { parseAs: 'text' }), 401, 'UNAUTHENTICATED');
  },
  async listMyTeams({ api, anonymous }) {
    expect(ok(await api.GET('/teams/mine'))).toEqual([]);
    problem(await anonymous.GET('/teams/mine'), 401, 'UNAUTHENTICATED');
  },

  async listTeams({ api }) {
    const team = await createTeam(api);
    expect(ok(await api.GET('/admin/teams'))).toContainEqual(team);
  },

  async createTeam({ api }) {
    const team = await createTeam(api);
    expect(team).toMatchObject({ name: 'Payments', description: '', leadUserId: null, memberCount: 0 });
    problem(await api.POST('/admin/teams', { body: { groupId: team.id } }), 409, 'CONFLICT');
  },

  async getTeam({ api }) {
    const team = await createTeam(api);
    expect(ok(await api.GET('/admin/teams/{id}', path(team.id)))).toEqual(team);
    notFound(await api.GET('/admin/teams/{id}', path(UNKNOWN_ID)));
  },

  async updateTeam({ api }) {
    const team = await createTeam(api);
    const updated = ok(
      await api.PUT('/admin/teams/{id}', { ...path(team.id), body: { description: 'Card payments' } }),
    );
    expect(updated).toMatchObject({ id: team.id, name: 'Payments', description: 'Card payments' });
    notFound(await api.PUT('/admin/teams/{id}', { ...path(UNKNOWN_ID), body: {} }));
  },

  async deleteTeam({ api }) {
    const team = await createTeam(api);
    ok(await api.DELETE('/admin/teams/{id}', path(team.id)), 204);
    notFound(await api.DELETE('/admin/teams/{id}', path(team.id)));
  },

  async getTeamMembers({ api }) {
    const team = await createTeam(api);
    expect(ok(await api.GET('/admin/teams/{id}/members', path(team.id)))).toEqual([]);
    notFound(await api.GET('/admin/teams/{id}/members', path(UNKNOWN_ID)));
  },

  async updateTeamMembers({ api }) {
    const team = await createTeam(api);
    const user = await createUser(api);
    const members = ok(
      await api.PUT('/admin/teams/{id}/members', { ...path(team.id), body: { userIds: [user.id] } }),
    );
    expect(members).toMatchObject([{ id: user.id, groups: [team.code] }]);
    notFound(await api.PUT('/admin/teams/{id}/members', { ...path(UNKNOWN_ID), body: { userIds: [] } }));
  },

  async listOwnershipRules({ api }) {
    const rules = ok(await api.GET('/admin/ownership-rules'));
    expect(rules).toMatchObject({ revision: expect.any(Number), rules: expect.any(Array) });
  },

  async replaceOwnershipRules({ api }) {
    const team = await createTeam(api);
    const nodeId = `owned-${Date.now()}`;
    const replaced = ok(
      await api.PUT('/admin/ownership-rules', { body: { rules: [{ team: team.code, nodeId }] } }),
    );
    expect(replaced.rules).toBe(1);
    const incident = await reportIncident(api, { nodeId });
    expect(incident.owner).toEqual({ id: team.id, code: team.code });
    ok(await api.PUT('/admin/ownership-rules', { body: { rules: [] } }));
  },

  async exportOwnershipRules({ api }) {
    const team = await createTeam(api);
    ok(await api.PUT('/admin/ownership-rules/owners', { body: { text: `topic=payments.* @${team.code}` } }));
    expect(ok(await api.GET('/admin/ownership-rules/owners')).text).toBe(`topic=payments.* @${team.code}\n`);
    ok(await api.PUT('/admin/ownership-rules', { body: { rules: [] } }));
  },

  async importOwnershipRules({ api }) {
    const team = await createTeam(api);
    const imported = ok(
      await api.PUT('/admin/ownership-rules/owners', { body: { text: `node=x-* @${team.code}` } }),
    );
    expect(imported.rules).toBe(1);
    problem(
      await api.PUT('/admin/ownership-rules/owners', { body: { text: 'node=x-*' } }),
      400,
      'VALIDATION_FAILED',
    );
    ok(await api.PUT('/admin/ownership-rules', { body: { rules: [] } }));
  },
};

// ---------------------------------------------------------------------------------------------------------

// eslint-disable-next-line @typescript-eslint/no-explicit-any
let served: any;
const context = {} as Context;

beforeAll(async () => {
  const res = await fetch(`${t.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  served = await res.json();
  context.admin = await t.admin();
  context.api = clientOf(context.admin.token);
  context.anonymous = clientOf();
});

describe('the typed client generated from the served document', () => {
  it('is the committed one', async () => {
    const generated = await generateApiTypes(served);
    expect(
      generated === readFileSync(API_TYPES_FILE, 'utf8'),
      `clients/typescript/api-types.ts differs from what GET /api/openapi.json generates: run ${REGENERATE_COMMAND}`,
    ).toBe(true);
  });

  it('calls every operation of the document', () => {
    const documented = Object.values(served.paths as Record<string, Record<string, { operationId: string }>>)
      .flatMap((item) => Object.values(item).map((op) => op.operationId))
      .sort();
    expect(
      Object.keys(CALLS).sort(),
      'an operation without an entry in CALLS, or an entry without one',
    ).toEqual(documented);
  });

  it.each(Object.keys(CALLS) as (keyof operations)[])('%s', async (operationId) => {
    violations = [];
    await CALLS[operationId](context);
    expect(violations, 'answers that break the document').toEqual([]);
  });
});
