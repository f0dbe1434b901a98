// A second factor for local accounts: enrolling TOTP, signing in with a code or a recovery code (the
// password alone yields nothing), replay, the lock on wrong codes, removal and
// an administrator's reset (REQUIRE_SECOND_FACTOR_FOR_ADMINS: second-factor-required.test.ts). Codes are computed here with the same library the service uses.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { verifyCredentials } from '../../auth/login';
import { MAX_FAILURES } from '../../auth/lockout';
import { DomainError } from '../../errors';
import {
  expectFieldError,
  expectNoContent,
  expectProblem,
  useTestApi,
  type Actor,
} from '../support/http-helpers';

const t = useTestApi();

const codeOf = (secret: string, timestamp = Date.now()) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

/** An actor who has enrolled TOTP in the console: their secret and recovery codes. */
async function enrolled(permissions: Parameters<typeof t.actor>[0] = []) {
  const actor = await t.actor(permissions);
  const me = await t.console(actor);
  const started = await me.post('/account/second-factor');
  expect(started.status, started.text).toBe(200);
  // The previous step's code: the sign-in that follows in the test uses the current one.
  const confirmed = await me.post('/account/second-factor/confirm', {
    code: codeOf(started.body.secret, Date.now() - 30_000),
  });
  expect(confirmed.status, confirmed.text).toBe(200);
  return {
    actor,
    secret: started.body.secret as string,
    recoveryCodes: confirmed.body.recoveryCodes as string[],
  };
}

const tokenFor = (actor: Actor, code?: string) =>
  t.call('POST', '/tokens', { body: { username: actor.username, password: actor.user.password, code } });

describe('enrolment', () => {
  it('answers a secret and its otpauth:// URI, and asks nothing at sign-in until confirmed', async () => {
    const actor = await t.actor();
    const started = await (await t.console(actor)).post('/account/second-factor');
    expect(started.status).toBe(200);
    const uri = new URL(started.body.uri);
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(started.body.secret);
    expect(uri.pathname).toContain(actor.username);
    expect((await tokenFor(actor)).status).toBe(200);
    expect((await t.as(actor.token).get('/account/second-factor')).body).toMatchObject({ totp: false });
  });

  it('completes only with a valid code: a wrong one is 400 and changes nothing', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const { body } = await me.post('/account/second-factor');
    const wrong = String((Number(codeOf(body.secret)) + 1) % 1_000_000).padStart(6, '0');
    const refused = await t.withoutChange(() => me.post('/account/second-factor/confirm', { code: wrong }));
    expectFieldError(refused, 'code');
    for (const bad of [{}, { code: '   ' }, { code: 'x'.repeat(101) }, { code: 123456 }])
      expectProblem(await t.withoutChange(() => me.post('/account/second-factor/confirm', bad)), 400);
    const confirmed = await me.post('/account/second-factor/confirm', { code: codeOf(body.secret) });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect((await me.get('/account/second-factor')).body).toMatchObject({
      totp: true,
      recoveryCodesLeft: 10,
    });
    // Shown once: never again, and only hashes are kept.
    const stored = await t.database.db.execute(
      `select code_hash from recovery_codes where user_id = ${actor.id}` as never,
    );
    expect(JSON.stringify(stored)).not.toContain(confirmed.body.recoveryCodes[0]);
    // Starting again once confirmed is refused: the confirmed factor stays.
    expectProblem(await t.withoutChange(() => me.post('/account/second-factor')), 409);
  });

  it('is audited without secrets', async () => {
    const admin = await t.admin();
    const { actor, secret, recoveryCodes } = await enrolled();
    const [event] = await t.auditOf(admin.token, actor.username);
    expect(event).toMatchObject({ action: 'user.second_factor_enrol', targetId: String(actor.id) });
    expect(JSON.stringify(event)).not.toContain(secret);
    expect(JSON.stringify(event)).not.toContain(recoveryCodes[0]);
  });
});

describe('signing in with a second factor', () => {
  it('answers the right password alone 401 SECOND_FACTOR_REQUIRED, with no token', async () => {
    const { actor } = await enrolled();
    const res = await tokenFor(actor);
    expectProblem(res, 401, 'SECOND_FACTOR_REQUIRED');
    expect(res.body.accessToken).toBeUndefined();
    // A wrong password with any code is still just a wrong password.
    const wrong = await t.call('POST', '/tokens', {
      body: { username: actor.username, password: 'not-it', code: '123456' },
    });
    expectProblem(wrong, 401, 'UNAUTHENTICATED');
  });

  it('signs in with the current code, once: the same code again is refused', async () => {
    const { actor, secret } = await enrolled();
    const code = codeOf(secret);
    const first = await tokenFor(actor, code);
    expect(first.status, first.text).toBe(200);
    expect((await t.as(first.body.accessToken).get('/account/second-factor')).status).toBe(200);
    expectProblem(await tokenFor(actor, code), 401, 'UNAUTHENTICATED');
  });

  it('accepts one code once when it is sent many times at once', async () => {
    const { actor, secret } = await enrolled();
    const code = codeOf(secret);
    const answers = await Promise.all(Array.from({ length: 4 }, () => tokenFor(actor, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('accepts a recovery code once, in any case and with spaces', async () => {
    const { actor, recoveryCodes } = await enrolled();
    const [code] = recoveryCodes;
    expect((await tokenFor(actor, ` ${code.toUpperCase()} `)).status).toBe(200);
    expectProblem(await tokenFor(actor, code), 401, 'UNAUTHENTICATED');
    const admin = await t.admin();
    expect((await t.auditOf(admin.token, actor.username)).map((e) => e.action)).toContain(
      'auth.recovery_code_used',
    );
    const me = await tokenFor(actor, recoveryCodes[1]);
    expect((await t.as(me.body.accessToken).get('/account/second-factor')).body.recoveryCodesLeft).toBe(8);
  });

  it('answers the console sign-in as the API: nothing without the code', async () => {
    const { actor, secret } = await enrolled();
    const credentials = { username: actor.username, password: actor.user.password };
    const refused = await verifyCredentials(t.database.db, credentials, { via: 'console' }).catch((e) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).kind).toBe('SECOND_FACTOR_REQUIRED');
    const user = await verifyCredentials(
      t.database.db,
      { ...credentials, code: codeOf(secret) },
      { via: 'console' },
    );
    expect(user.id).toBe(actor.id);
  });

  it('locks the username after wrong codes as after wrong passwords, and audits the failures', async () => {
    const { actor, secret } = await enrolled();
    const wrong = String((Number(codeOf(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MAX_FAILURES; i++)
      expectProblem(await tokenFor(actor, wrong), 401, 'UNAUTHENTICATED');
    // Locked: even the right code is refused until the lock ends (or an administrator lifts it).
    expectProblem(await tokenFor(actor, codeOf(secret)), 429, 'RATE_LIMITED');
    const admin = await t.admin();
    const actions = (await t.auditOf(admin.token, actor.username)).map((e) => e.action);
    expect(actions.filter((a) => a === 'auth.second_factor_failed')).toHaveLength(MAX_FAILURES);
    expect(actions).toContain('auth.locked');
    expectNoContent(await t.as(admin.token).post(`/admin/users/${actor.id}/unlock`));
    expect((await tokenFor(actor, codeOf(secret))).status).toBe(200);
  });
});

describe('changing the password with a second factor', () => {
  it('asks for the code too: the password alone changes nothing', async () => {
    const { actor, secret } = await enrolled();
    const body = {
      username: actor.username,
      currentPassword: actor.user.password,
      newPassword: 'a-new-password-1',
    };
    const refused = await t.withoutChange(() => t.call('POST', '/password', { body }));
    expectProblem(refused, 401, 'SECOND_FACTOR_REQUIRED');
    expectNoContent(await t.call('POST', '/password', { body: { ...body, code: codeOf(secret) } }));
  });
});

describe('removing a second factor', () => {
  it('takes a current code from its owner; a wrong one is 400, audited, and removes nothing', async () => {
    const { actor, secret } = await enrolled();
    const me = t.as(actor.token);
    const factorBefore = (await t.snapshot()).secondFactors;
    const refused = await me.post('/account/second-factor/remove', { code: '000000' });
    expectFieldError(refused, 'code');
    expect((await t.snapshot()).secondFactors).toEqual(factorBefore);
    expectNoContent(await me.post('/account/second-factor/remove', { code: codeOf(secret) }));
    expect((await tokenFor(actor)).status).toBe(200);
    const admin = await t.admin();
    const actions = (await t.auditOf(admin.token, actor.username)).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(['auth.second_factor_failed', 'user.second_factor_remove']),
    );
  });

  it('by an administrator is audited, and the user signs in with the password alone', async () => {
    const admin = await t.admin();
    const { actor } = await enrolled();
    // The user's page tells the administrator what there is to reset.
    const detail = async () => (await t.as(admin.token).get(`/admin/users/${actor.id}`)).body.secondFactor;
    expect(await detail()).toEqual({ authenticatorApp: true, passkeys: 0 });
    expectNoContent(await t.as(admin.token).del(`/admin/users/${actor.id}/second-factor`));
    expect(await detail()).toEqual({ authenticatorApp: false, passkeys: 0 });
    expect((await tokenFor(actor)).status).toBe(200);
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'user.second_factor_reset',
      targetId: String(actor.id),
      before: { username: actor.username, secondFactor: true },
    });
  });

  it('by anyone else is refused', async () => {
    const { actor } = await enrolled();
    const other = await t.actor();
    expectProblem(await t.as(other.token).del(`/admin/users/${actor.id}/second-factor`), 403, 'FORBIDDEN');
    expectProblem(await t.call('DELETE', `/admin/users/${actor.id}/second-factor`), 401);
  });
});
