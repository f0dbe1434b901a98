// Recovery codes belong to a person's second factor as a whole: a person with passkeys only is given ten
// with their first passkey, signs in with them at the code step (console and API alike), once each, and
// makes a new set proven by a current factor. The last factor takes them; confirming an authenticator app
// replaces them; an administrator's reset removes them. Real ceremonies with a software authenticator
// (support/soft-authenticator.ts), as in passkeys.test.ts; its own file for the same reason (PUBLIC_URL is
// read once per process).
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { verifyCredentials } from '../../auth/login';
import { MAX_FAILURES } from '../../auth/lockout';
import { api } from '../support/helpers';
import {
  expectFieldError,
  expectNoContent,
  expectProblem,
  useTestApi,
  type Actor,
} from '../support/http-helpers';
import { openConsoleSession } from '../support/console-session-helpers';
import { consolePasskeys } from '../support/console-passkeys';
import { SoftAuthenticator, type Ceremony } from '../support/soft-authenticator';

process.env.PUBLIC_URL = 'https://console.bpm.example:8443/';

const t = useTestApi();

const CONSOLE: Ceremony = { origin: 'https://console.bpm.example:8443', rpId: 'console.bpm.example' };
const { register, proofOf } = consolePasskeys(t, CONSOLE);

/** An actor whose only second factor is a passkey: its authenticator and the codes it answered. */
async function passkeyOnly() {
  const actor = await t.actor();
  const authenticator = new SoftAuthenticator();
  const added = await register(actor, authenticator);
  return { actor, authenticator, passkeyId: added.id, recoveryCodes: added.recoveryCodes };
}

const passwordOf = (actor: Actor) => ({ username: actor.username, password: actor.user.password });
const tokenWith = (actor: Actor, code: string) =>
  t.call('POST', '/tokens', { body: { ...passwordOf(actor), code } });
const codesLeft = async (actor: Actor) =>
  (await (await t.console(actor)).get('/account/second-factor')).body.recoveryCodesLeft as number;

describe('the first passkey', () => {
  it('answers ten recovery codes, shown once: a later passkey answers none, and only hashes are kept', async () => {
    const actor = await t.actor();
    const firstKey = new SoftAuthenticator();
    const first = await register(actor, firstKey);
    expect(first.recoveryCodes).toHaveLength(10);
    expect(new Set(first.recoveryCodes).size).toBe(10);
    for (const code of first.recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await (await t.console(actor)).get('/account/second-factor')).body).toEqual({
      totp: false,
      enrolledAt: null,
      recoveryCodesLeft: 10,
    });
    const second = await register(actor, new SoftAuthenticator(), 'Spare', firstKey);
    expect(second.recoveryCodes).toEqual([]);
    expect(await codesLeft(actor)).toBe(10);
    expect(JSON.stringify(await t.snapshot())).not.toContain(first.recoveryCodes[0]);
    const admin = await t.admin();
    const events = await t.auditOf(admin.token, actor.username);
    const added = events.filter((e) => e.action === 'user.passkey_add').reverse();
    expect(added.map((e) => e.after)).toEqual([
      { passkeyId: first.id, name: 'Test key', recoveryCodes: 10 },
      { passkeyId: second.id, name: 'Spare' },
    ]);
    expect(JSON.stringify(events)).not.toContain(first.recoveryCodes[0]);
  });

  it('takes one of two first passkeys registered at once, with codes: the other needed a proof', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const [a, b] = [new SoftAuthenticator(), new SoftAuthenticator()];
    const [optionsA, optionsB] = [
      await me.post('/account/passkeys/registration'),
      await me.post('/account/passkeys/registration'),
    ];
    const answers = await Promise.all([
      me.post('/account/passkeys', { name: 'A', response: a.register(optionsA.body, CONSOLE) }),
      me.post('/account/passkeys', { name: 'B', response: b.register(optionsB.body, CONSOLE) }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expectFieldError(
      answers.find((r) => r.status === 400)!,
      'proof',
    );
    expect(answers.find((r) => r.status === 200)!.body.recoveryCodes).toHaveLength(10);
    expect((await me.get('/account/passkeys')).body).toHaveLength(1);
    expect(await codesLeft(actor)).toBe(10);
  });
});

describe('signing in with a recovery code', () => {
  it('passes the code step once per code, audited; the console sign-in takes one too', async () => {
    const { actor, recoveryCodes } = await passkeyOnly();
    expectProblem(
      await t.call('POST', '/tokens', { body: passwordOf(actor) }),
      401,
      'SECOND_FACTOR_REQUIRED',
    );
    // Case, spaces and the dash do not count, as for an app's codes.
    const signedIn = await tokenWith(actor, ` ${recoveryCodes[0].toUpperCase().replace('-', ' ')} `);
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.accessToken).toEqual(expect.any(String));
    expectProblem(await tokenWith(actor, recoveryCodes[0]), 401, 'UNAUTHENTICATED');
    const console = await verifyCredentials(
      t.database.db,
      { ...passwordOf(actor), code: recoveryCodes[1] },
      { via: 'console' },
    );
    expect(console.id).toBe(actor.id);
    expect(await codesLeft(actor)).toBe(8);
    const admin = await t.admin();
    const actions = (await t.auditOf(admin.token, actor.username)).map((e) => e.action);
    expect(actions.filter((a) => a === 'auth.recovery_code_used')).toHaveLength(2);
    expect(actions.filter((a) => a === 'auth.second_factor_failed')).toHaveLength(1);
  });

  it('accepts one code sent several times at once exactly once', async () => {
    const { actor, recoveryCodes } = await passkeyOnly();
    const answers = await Promise.all([1, 2, 3, 4].map(() => tokenWith(actor, recoveryCodes[0])));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 401, 401, 401]);
    expect(await codesLeft(actor)).toBe(9);
  });

  it('locks the username after wrong codes as after wrong passwords', async () => {
    const { actor, recoveryCodes } = await passkeyOnly();
    for (let i = 0; i < MAX_FAILURES; i++)
      expectProblem(await tokenWith(actor, 'aaaaa-aaaaa'), 401, 'UNAUTHENTICATED');
    expectProblem(await tokenWith(actor, recoveryCodes[0]), 429, 'RATE_LIMITED');
    // The lock refused it before the code was looked at: it is still unused.
    expect(await codesLeft(actor)).toBe(10);
  });

  it('proves the second factor of a password change, and of removing a passkey', async () => {
    const { actor, authenticator, passkeyId, recoveryCodes } = await passkeyOnly();
    await register(actor, new SoftAuthenticator(), 'Spare', authenticator);
    expectNoContent(
      await (
        await t.console(actor)
      ).post(`/account/passkeys/${passkeyId}/remove`, { code: recoveryCodes[0] }),
    );
    expect(await codesLeft(actor)).toBe(9);
    const body = {
      username: actor.username,
      currentPassword: actor.user.password,
      newPassword: 'a-new-password-1',
    };
    expectProblem(await t.call('POST', '/password', { body: { ...body, code: recoveryCodes[0] } }), 401);
    expectNoContent(await t.call('POST', '/password', { body: { ...body, code: recoveryCodes[1] } }));
  });
});

describe('a new set of recovery codes', () => {
  it('is proven with a recovery code or a passkey, answers ten new ones once, and voids the old', async () => {
    const { actor, authenticator, recoveryCodes } = await passkeyOnly();
    const me = await t.console(actor);
    const withCode = await me.post('/account/recovery-codes', { code: recoveryCodes[0] });
    expect(withCode.status, withCode.text).toBe(200);
    const renewed = withCode.body.recoveryCodes as string[];
    expect(renewed).toHaveLength(10);
    expect(renewed.filter((c) => recoveryCodes.includes(c))).toEqual([]);
    expect(await codesLeft(actor)).toBe(10);
    expectProblem(await tokenWith(actor, recoveryCodes[1]), 401, 'UNAUTHENTICATED');

    const withPasskey = await me.post('/account/recovery-codes', {
      passkey: await proofOf(actor, authenticator),
    });
    expect(withPasskey.status, withPasskey.text).toBe(200);
    expectProblem(await tokenWith(actor, renewed[0]), 401, 'UNAUTHENTICATED');
    const latest = withPasskey.body.recoveryCodes as string[];
    expect((await tokenWith(actor, latest[0])).status).toBe(200);

    const admin = await t.admin();
    const events = await t.auditOf(admin.token, actor.username);
    const regenerated = events.filter((e) => e.action === 'user.recovery_codes_regenerate');
    expect(regenerated.map((e) => [e.before, e.after])).toEqual([
      [{ recoveryCodesLeft: 10 }, { recoveryCodes: 10 }],
      [{ recoveryCodesLeft: 9 }, { recoveryCodes: 10 }],
    ]);
    expect(JSON.stringify(events)).not.toContain(latest[1]);
  });

  it('is proven with a current code of the authenticator app too', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const { body } = await me.post('/account/second-factor');
    const secret = Secret.fromBase32(body.secret);
    await me.post('/account/second-factor/confirm', {
      code: TOTP.generate({ secret, timestamp: Date.now() - 30_000 }),
    });
    const renewed = await me.post('/account/recovery-codes', { code: TOTP.generate({ secret }) });
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.recoveryCodes).toHaveLength(10);
  });

  it('refuses a wrong proof 400, audited and counted toward the lock, changing nothing else', async () => {
    const { actor, authenticator } = await passkeyOnly();
    const me = await t.console(actor);
    const before = (await t.snapshot()).recoveryCodes;
    expectFieldError(await me.post('/account/recovery-codes', { code: 'aaaaa-aaaaa' }), 'code');
    expectFieldError(
      await me.post('/account/recovery-codes', { passkey: await proofOf(actor, new SoftAuthenticator()) }),
      'passkey',
    );
    expect((await t.snapshot()).recoveryCodes).toEqual(before);
    const admin = await t.admin();
    const failed = (await t.auditOf(admin.token, actor.username)).filter(
      (e) => e.action === 'auth.second_factor_failed',
    );
    expect(failed.map((e) => e.after)).toEqual([
      { via: 'regenerate_recovery_codes' },
      { via: 'regenerate_recovery_codes' },
    ]);
    for (let i = 2; i < MAX_FAILURES; i++)
      expectFieldError(await me.post('/account/recovery-codes', { code: 'aaaaa-aaaaa' }), 'code');
    expectProblem(
      await me.post('/account/recovery-codes', { passkey: await proofOf(actor, authenticator) }),
      429,
      'RATE_LIMITED',
    );
  });

  it('answers bad input 400 and changes nothing', async () => {
    const { actor, authenticator, recoveryCodes } = await passkeyOnly();
    const me = await t.console(actor);
    const passkey = await proofOf(actor, authenticator);
    for (const bad of [
      {},
      { code: '   ' },
      { code: 'x'.repeat(101) },
      { code: 123456 },
      { code: recoveryCodes[0], passkey },
      { passkey: { ...passkey, type: 'password' } },
      { passkey: 'a string' },
    ])
      expectProblem(await t.withoutChange(() => me.post('/account/recovery-codes', bad)), 400);
  });

  it('is 409 without a second factor, and 401 without a session', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    expectProblem(await t.withoutChange(() => me.post('/account/recovery-codes', { code: '123456' })), 409);
    expectProblem(await t.call('POST', '/account/recovery-codes', { body: { code: '123456' } }), 401);
  });
});

describe('when factors come and go', () => {
  it('removing the last passkey with no app removes the codes; one of two keeps them', async () => {
    const { actor, authenticator, passkeyId, recoveryCodes } = await passkeyOnly();
    const me = await t.console(actor);
    const spare = await register(actor, new SoftAuthenticator(), 'Spare', authenticator);
    expectNoContent(
      await me.post(`/account/passkeys/${spare.id}/remove`, { passkey: await proofOf(actor, authenticator) }),
    );
    expect(await codesLeft(actor)).toBe(10);
    expectNoContent(
      await me.post(`/account/passkeys/${passkeyId}/remove`, {
        passkey: await proofOf(actor, authenticator),
      }),
    );
    expect(await codesLeft(actor)).toBe(0);
    expect((await t.snapshot()).recoveryCodes).toEqual(
      expect.not.arrayContaining([expect.objectContaining({ user_id: String(actor.id) })]),
    );
    const admin = await t.admin();
    const [removed] = (await t.auditOf(admin.token, actor.username)).filter(
      (e) => e.action === 'user.passkey_remove',
    );
    expect(removed.after).toEqual({ recoveryCodesRemoved: 10 });
    // Without a factor the password alone signs in, and an old code is no second factor.
    expect((await t.call('POST', '/tokens', { body: passwordOf(actor) })).status).toBe(200);
    // A passkey again is a first factor again: a new set, the old one still void.
    const again = await register(actor, new SoftAuthenticator(), 'New');
    expect(again.recoveryCodes).toHaveLength(10);
    expectProblem(await tokenWith(actor, recoveryCodes[0]), 401, 'UNAUTHENTICATED');
  });

  it('confirming an app beside passkeys answers a new set in place of the old; removing the app keeps it', async () => {
    const { actor, authenticator, recoveryCodes } = await passkeyOnly();
    const me = await t.console(actor);
    const { body } = await me.post('/account/second-factor');
    const secret = Secret.fromBase32(body.secret);
    const confirmed = await me.post('/account/second-factor/confirm', {
      code: TOTP.generate({ secret, timestamp: Date.now() - 30_000 }),
      proof: { passkey: await proofOf(actor, authenticator) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const appCodes = confirmed.body.recoveryCodes as string[];
    expect(appCodes).toHaveLength(10);
    expect(await codesLeft(actor)).toBe(10);
    expectProblem(await tokenWith(actor, recoveryCodes[0]), 401, 'UNAUTHENTICATED');
    const admin = await t.admin();
    const [enrol] = (await t.auditOf(admin.token, actor.username)).filter(
      (e) => e.action === 'user.second_factor_enrol',
    );
    expect(enrol.after).toEqual({ totp: true, recoveryCodes: 10, recoveryCodesReplaced: 10 });
    // The passkey remains: removing the app leaves the codes standing in for it.
    expectNoContent(await me.post('/account/second-factor/remove', { code: appCodes[0] }));
    expect((await me.get('/account/second-factor')).body).toEqual({
      totp: false,
      enrolledAt: null,
      recoveryCodesLeft: 9,
    });
    expect((await tokenWith(actor, appCodes[1])).status).toBe(200);
  });

  it("an administrator's reset removes them with the passkeys, audited with how many there were", async () => {
    const admin = await t.admin();
    const { actor, recoveryCodes } = await passkeyOnly();
    expectNoContent(await t.as(admin.token).del(`/admin/users/${actor.id}/second-factor`));
    expect(await codesLeft(actor)).toBe(0);
    expect((await tokenWith(actor, recoveryCodes[0])).status).toBe(200);
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'user.second_factor_reset',
      before: { secondFactor: false, recoveryCodesLeft: 10 },
    });
  });
});

describe('over tRPC', () => {
  const trpc = (path: string, input: unknown, cookie?: string) =>
    t.call('POST', `/trpc/${path}`, { body: input, headers: cookie ? consoleHeaders(cookie) : {} });
  const consoleHeaders = (cookie: string) => ({ cookie, origin: t.url, 'sec-fetch-site': 'same-origin' });

  it('answers the codes of the first passkey and a new set, and refuses a batch before anything is checked', async () => {
    const actor = await t.actor();
    const { cookie } = await openConsoleSession(t.database, actor.user);
    const authenticator = new SoftAuthenticator();
    const options = await trpc('auth.startPasskeyRegistration', {}, cookie);
    const response = authenticator.register(options.body.result.data, CONSOLE);
    const added = await trpc('auth.registerPasskey', { name: 'A', response }, cookie);
    expect(added.status, added.text).toBe(200);
    const codes = added.body.result.data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);

    const batch = await t.withoutChange(() =>
      t.call('POST', '/trpc/auth.regenerateRecoveryCodes,auth.getSecondFactor?batch=1', {
        body: { 0: { code: codes[0] }, 1: {} },
        headers: consoleHeaders(cookie),
      }),
    );
    expectProblem(batch, 400, 'VALIDATION_FAILED');
    const renewed = await trpc('auth.regenerateRecoveryCodes', { code: codes[0] }, cookie);
    expect(renewed.status, renewed.text).toBe(200);
    expect(renewed.body.result.data.recoveryCodes).toHaveLength(10);
    // tRPC answers errors in its own shape, not as problem documents: called unchecked.
    const before = await t.snapshot();
    const blank = await api(t.url, 'POST', '/trpc/auth.regenerateRecoveryCodes', {
      body: { code: ' ' },
      headers: consoleHeaders(cookie),
    });
    expect(blank.status).toBe(400);
    expect(await t.snapshot()).toEqual(before);
    const signedIn = await trpc('auth.createToken', {
      ...passwordOf(actor),
      code: renewed.body.result.data.recoveryCodes[0],
    });
    expect(signedIn.status, signedIn.text).toBe(200);
  });
});
