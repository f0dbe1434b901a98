// Adding a second factor or recovery codes, as an attacker would try it: with a token (an API token, or an
// access token of the password grant) on every entry point, where only a console session may; and with a
// console session but no proof of the factor the person already has.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../auth/passkeys';
import { problemCodeOf } from '../support/console-session-helpers';
import { api } from '../support/helpers';
import {
  expectFieldError,
  expectProblem,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';
import { SoftAuthenticator, type Ceremony } from '../support/soft-authenticator';

const t = useTestApi();

const ceremony = (): Ceremony => ({ origin: relyingParty().origin, rpId: relyingParty().rpID });

/** A person with an authenticator app enrolled in their console: its secret and recovery codes. */
async function withApp(): Promise<{ actor: Actor; me: Client; secret: string; recoveryCodes: string[] }> {
  const actor = await t.actor();
  const me = await t.console(actor);
  const started = await me.post('/account/second-factor');
  // The previous step's code: the proofs that follow use the current one.
  const code = TOTP.generate({
    secret: Secret.fromBase32(started.body.secret),
    timestamp: Date.now() - 30_000,
  });
  const confirmed = await me.post('/account/second-factor/confirm', { code });
  expect(confirmed.status, confirmed.text).toBe(200);
  return { actor, me, secret: started.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}

/** A person whose only second factor is a passkey registered in their console. */
async function withPasskey() {
  const actor = await t.actor();
  const me = await t.console(actor);
  const authenticator = new SoftAuthenticator();
  const options = await me.post('/account/passkeys/registration');
  const added = await me.post('/account/passkeys', {
    name: 'Key',
    response: authenticator.register(options.body, ceremony()),
  });
  expect(added.status, added.text).toBe(200);
  return { actor, me, authenticator, recoveryCodes: added.body.recoveryCodes as string[] };
}

/** A new passkey's registration, answered to options from the person's console. */
async function newPasskey(me: Client) {
  const options = await me.post('/account/passkeys/registration');
  expect(options.status, options.text).toBe(200);
  return new SoftAuthenticator().register(options.body, ceremony());
}

/** An assertion of `authenticator` for a proof challenge of the person's console. */
async function passkeyProof(me: Client, authenticator: SoftAuthenticator) {
  const challenge = await me.post('/account/passkeys/challenge');
  expect(challenge.status, challenge.text).toBe(200);
  return authenticator.assert(challenge.body, ceremony());
}

/** The operations that add a factor or recovery codes: REST path and tRPC procedure, with an input. */
const ADDING = [
  { rest: '/account/second-factor', procedure: 'auth.startTotpEnrolment', input: {} },
  {
    rest: '/account/second-factor/confirm',
    procedure: 'auth.confirmTotpEnrolment',
    input: { code: '123456' },
  },
  { rest: '/account/passkeys/registration', procedure: 'auth.startPasskeyRegistration', input: {} },
  {
    rest: '/account/passkeys',
    procedure: 'auth.registerPasskey',
    input: { name: 'Thief', response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} } },
  },
  { rest: '/account/recovery-codes', procedure: 'auth.regenerateRecoveryCodes', input: { code: '123456' } },
];

describe('a token', () => {
  it('adds no factor and no recovery codes, over REST, tRPC and a tRPC batch, and changes nothing', async () => {
    const { actor } = await withApp();
    const { token: apiToken } = await t.apiTokenFor(actor.id);
    for (const [kind, token] of [
      ['API token', apiToken],
      ['access token', actor.token],
    ]) {
      for (const { rest: restPath, procedure, input } of ADDING) {
        const rest = await t.withoutChange(() => t.call('POST', restPath, { token, body: input }));
        expectProblem(rest, 403, 'CONSOLE_SESSION_REQUIRED');
        // tRPC answers in its own shape, not as a problem document: read unchecked.
        const before = await t.snapshot();
        const single = await api(t.url, 'POST', `/trpc/${procedure}`, { token, body: input });
        expect(single.status, `${procedure} over tRPC with an ${kind}`).toBe(403);
        expect(problemCodeOf(single.body)).toBe('CONSOLE_SESSION_REQUIRED');
        const batch = await api(t.url, 'POST', `/trpc/${procedure}?batch=1`, { token, body: { 0: input } });
        expect(await t.snapshot()).toEqual(before);
        expect(batch.status, `${procedure} in a batch with an ${kind}`).toBe(403);
        expect(problemCodeOf(batch.body[0])).toBe('CONSOLE_SESSION_REQUIRED');
      }
    }
  });
});

describe('a console session', () => {
  it('adds a passkey beside an authenticator app only with a proof of it', async () => {
    const { actor, me, secret, recoveryCodes } = await withApp();
    const response = await newPasskey(me);
    expectFieldError(
      await t.withoutChange(() => me.post('/account/passkeys', { name: 'Thief', response })),
      'proof',
    );
    // A wrong proof is a failed check like a wrong password, audited.
    const wrong = await me.post('/account/passkeys', {
      name: 'Thief',
      response: await newPasskey(me),
      proof: { code: 'aaaaa-aaaaa' },
    });
    expectFieldError(wrong, 'proof.code');
    expect((await me.get('/account/passkeys')).body).toEqual([]);
    const admin = await t.admin();
    expect((await t.auditOf(admin.token, actor.username))[0]).toMatchObject({
      action: 'auth.second_factor_failed',
      after: { via: 'register_passkey' },
    });
    const proven = await me.post('/account/passkeys', {
      name: 'Mine',
      response: await newPasskey(me),
      proof: { code: TOTP.generate({ secret: Secret.fromBase32(secret) }) },
    });
    expect(proven.status, proven.text).toBe(200);
    // Not a first factor: no new codes, the old ones still work.
    expect(proven.body.recoveryCodes).toEqual([]);
    expect((await me.get('/account/second-factor')).body.recoveryCodesLeft).toBe(recoveryCodes.length);
  });

  it('adds a passkey beside another only with a proof: a recovery code or an assertion', async () => {
    const { me, authenticator, recoveryCodes } = await withPasskey();
    expectFieldError(
      await me.post('/account/passkeys', { name: 'Two', response: await newPasskey(me) }),
      'proof',
    );
    const withCode = await me.post('/account/passkeys', {
      name: 'Two',
      response: await newPasskey(me),
      proof: { code: recoveryCodes[0] },
    });
    expect(withCode.status, withCode.text).toBe(200);
    const withPasskeyProof = await me.post('/account/passkeys', {
      name: 'Three',
      response: await newPasskey(me),
      proof: { passkey: await passkeyProof(me, authenticator) },
    });
    expect(withPasskeyProof.status, withPasskeyProof.text).toBe(200);
    expect((await me.get('/account/passkeys')).body).toHaveLength(3);
  });

  it('enrols an app beside passkeys only with a proof of them: until then the codes stay theirs', async () => {
    const { actor, me, authenticator, recoveryCodes } = await withPasskey();
    const started = await me.post('/account/second-factor');
    expect(started.status, started.text).toBe(200);
    const code = () => TOTP.generate({ secret: Secret.fromBase32(started.body.secret) });
    expectFieldError(
      await t.withoutChange(() => me.post('/account/second-factor/confirm', { code: code() })),
      'proof',
    );
    expectFieldError(
      await me.post('/account/second-factor/confirm', { code: code(), proof: { code: '000000' } }),
      'proof.code',
    );
    expect((await me.get('/account/second-factor')).body).toMatchObject({
      totp: false,
      recoveryCodesLeft: 10,
    });
    // The owner's codes still sign in.
    const signIn = await t.call('POST', '/tokens', {
      body: { username: actor.username, password: actor.user.password, code: recoveryCodes[0] },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const confirmed = await me.post('/account/second-factor/confirm', {
      code: code(),
      proof: { passkey: await passkeyProof(me, authenticator) },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
  });

  it('refuses a proof that is neither one code nor one passkey, before anything is checked', async () => {
    const { me } = await withApp();
    const response = await newPasskey(me);
    for (const proof of [{}, { code: '123456', passkey: {} }, { code: ' ' }, 'aaaaa-aaaaa'])
      expectProblem(
        await t.withoutChange(() => me.post('/account/passkeys', { name: 'Key', response, proof })),
        400,
        'VALIDATION_FAILED',
      );
  });
});
