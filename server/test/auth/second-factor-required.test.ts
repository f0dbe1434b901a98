// REQUIRE_SECOND_FACTOR_FOR_ADMINS=true: an administrator signed in without a second factor may do nothing
// but enrol one (in the console), at every entry point. Its own file: the environment is read once per process.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../auth/passkeys';
import { secondFactorEnrolmentRequired } from '../../errors';
import { INCIDENT_STREAM_PATH, INCIDENT_STREAM_PROCEDURE } from '../../transport/event-stream';
import { openConsoleSession, problemCodeOf } from '../support/console-session-helpers';
import { expectProblem, useTestApi, type Actor } from '../support/http-helpers';
import { SoftAuthenticator } from '../support/soft-authenticator';

process.env.REQUIRE_SECOND_FACTOR_FOR_ADMINS = 'true';

const t = useTestApi();

const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

/** Enrols an authenticator app for `actor` in the console. */
async function enrolApp(actor: Actor) {
  const me = await t.console(actor);
  const started = await me.post('/account/second-factor');
  expect(started.status, started.text).toBe(200);
  const confirmed = await me.post('/account/second-factor/confirm', { code: codeOf(started.body.secret) });
  expect(confirmed.status, confirmed.text).toBe(200);
}

/** How a caller is signed in: a bearer token, or the console's session cookie. */
type Caller = { token: string } | { cookie: string };

const headersOf = (caller: Caller): Record<string, string> =>
  'token' in caller
    ? { authorization: `Bearer ${caller.token}` }
    : { cookie: caller.cookie, origin: t.url, 'sec-fetch-site': 'same-origin' };

/** What an entry point answered: its status, and the problem code of a refusal (however it is carried). */
interface Answer {
  status: number;
  code?: string;
}

/** A request whose answer is read whole (JSON, a problem, a file). */
async function read(path: string, caller: Caller, init: RequestInit = {}): Promise<Answer> {
  const res = await fetch(`${t.url}${path}`, {
    ...init,
    headers: { ...headersOf(caller), ...(init.body ? { 'content-type': 'application/json' } : {}) },
  });
  const text = await res.text();
  if (res.ok) return { status: res.status };
  const body = JSON.parse(text);
  // Camunda's error format has no code: its message says the same.
  const code = body.code ?? problemCodeOf(Array.isArray(body) ? body[0] : body) ?? body.message;
  return { status: res.status, code };
}

/** A stream: its status and refusal; an open one is closed once its headers are in. */
async function stream(path: string, caller: Caller): Promise<Answer> {
  const controller = new AbortController();
  const res = await fetch(`${t.url}${path}`, { headers: headersOf(caller), signal: controller.signal });
  if (res.ok) {
    controller.abort();
    return { status: res.status };
  }
  const body = JSON.parse(await res.text());
  return { status: res.status, code: body.code ?? problemCodeOf(body) };
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

/**
 * Every way into the service but the console's pages (their layout sends such an administrator to
 * /second-factor: e2e/second-factor-required.spec.ts), each as a caller would use it.
 */
const ENTRY_POINTS: { name: string; call: (caller: Caller) => Promise<Answer>; refusal?: string }[] = [
  { name: 'REST', call: (c) => read('/api/incidents', c) },
  { name: 'tRPC', call: (c) => read(`/api/trpc/incidents.list?input=${input({})}`, c) },
  {
    name: 'tRPC batched',
    call: (c) =>
      read(`/api/trpc/incidents.list,auth.listSessions?batch=1&input=${input({ 0: {}, 1: {} })}`, c),
  },
  { name: 'metrics', call: (c) => read('/api/metrics', c) },
  { name: 'change stream (REST)', call: (c) => stream(INCIDENT_STREAM_PATH, c) },
  {
    name: 'change stream (tRPC)',
    call: (c) => stream(`/api/trpc/${INCIDENT_STREAM_PROCEDURE}?input=${input({})}`, c),
  },
  { name: 'download (REST)', call: (c) => read('/api/incidents/export?format=csv', c) },
  {
    name: 'download (tRPC)',
    call: (c) => read(`/api/trpc/incidents.export?input=${input({ format: 'csv' })}`, c),
  },
  {
    name: 'Camunda paths',
    call: (c) =>
      read('/api/engine-rest/external-task/fetchAndLock', c, {
        method: 'POST',
        body: JSON.stringify({
          workerId: 'w',
          maxTasks: 1,
          topics: [{ topicName: 't', lockDuration: 1000 }],
        }),
      }),
    refusal: secondFactorEnrolmentRequired().message,
  },
];

/** Open to anyone, signed in or not: nothing of an account's is behind them. */
const PUBLIC_ENTRY_POINTS = ['/api/health', '/api/openapi.json', '/api/docs'];

describe('with REQUIRE_SECOND_FACTOR_FOR_ADMINS=true', () => {
  it('lets an administrator without one do nothing but enrol it; then everything', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    expectProblem(await as.get('/admin/users'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expectProblem(await as.get('/sessions'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await as.get('/account/second-factor')).status).toBe(200);
    await enrolApp(admin);
    expect((await as.get('/admin/users')).status).toBe(200);
  });

  it('refuses every entry point to an administrator who must enrol, as a procedure does; admits them once enrolled', async () => {
    const admin = await t.admin();
    const session = await openConsoleSession(t.database, admin.user);
    const callers: [string, Caller][] = [
      ['access token', { token: admin.token }],
      ['console session', { cookie: session.cookie }],
    ];
    for (const { name, call, refusal = 'SECOND_FACTOR_ENROLMENT_REQUIRED' } of ENTRY_POINTS) {
      // The console's cookie counts only on tRPC (REST, metrics and the Camunda paths take a bearer token).
      for (const [how, caller] of name.includes('tRPC') ? callers : callers.slice(0, 1))
        expect(await call(caller), `${name} over ${how}`).toEqual({ status: 403, code: refusal });
    }
    for (const path of PUBLIC_ENTRY_POINTS)
      expect((await read(path, { token: admin.token })).status, path).toBe(200);
    await enrolApp(admin);
    for (const { name, call } of ENTRY_POINTS) {
      for (const [how, caller] of name.includes('tRPC') ? callers : callers.slice(0, 1))
        expect(await call(caller), `${name} over ${how}`).toEqual({ status: 200 });
    }
  });

  it('is satisfied by a passkey, registered in the console while nothing else is allowed', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    const me = await t.console(admin);
    expectProblem(await as.get('/admin/users'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await me.get('/account/passkeys')).status).toBe(200);
    const options = await me.post('/account/passkeys/registration');
    expect(options.status, options.text).toBe(200);
    const { origin, rpID } = relyingParty();
    const response = new SoftAuthenticator().register(options.body, { origin, rpId: rpID });
    expect((await me.post('/account/passkeys', { name: 'Key', response })).status).toBe(200);
    const after = await as.get('/admin/users');
    expect(after.status, after.text).toBe(200);
    // And sign-in asks for it.
    expectProblem(
      await t.call('POST', '/tokens', { body: { username: admin.username, password: admin.user.password } }),
      401,
      'SECOND_FACTOR_REQUIRED',
    );
  });

  it('is enrolled in the console only: the access token of the password grant cannot', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    expectProblem(await as.post('/account/second-factor'), 403, 'CONSOLE_SESSION_REQUIRED');
    expectProblem(await as.post('/account/passkeys/registration'), 403, 'CONSOLE_SESSION_REQUIRED');
  });

  it('holds no one else to it, nor an administrator’s API token', async () => {
    const plain = await t.actor(['ACCESS_PROCESS_PORTAL']);
    expect((await t.as(plain.token).get('/sessions')).status).toBe(200);
    const admin = await t.admin();
    const { token } = await t.apiTokenFor(admin.id);
    expect((await t.as(token).get('/admin/users')).status).toBe(200);
    expect((await read('/api/metrics', { token })).status).toBe(200);
  });

  it('still asks an enrolled administrator for the code at sign-in', async () => {
    const admin = await t.admin();
    await enrolApp(admin);
    const res = await t.call('POST', '/tokens', {
      body: { username: admin.username, password: admin.user.password },
    });
    expectProblem(res, 401, 'SECOND_FACTOR_REQUIRED');
  });
});
