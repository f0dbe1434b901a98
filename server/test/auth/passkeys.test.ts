// Passkeys (WebAuthn) as a second factor, with the real ceremonies: a software authenticator
// (support/soft-authenticator.ts: a P-256 key, attestation 'none', assertions signed for real) registers on
// the account, then signs the challenge of a sign-in. Replay, a phishing origin or RP ID, a counter going
// back, another person's credential, the lock, removal and an administrator's reset. Its own file: the
// console's public URL, which the relying party is derived from, is read once per process.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { verifyCredentials } from '../../auth/login';
import { MAX_FAILURES } from '../../auth/lockout';
import { OPEN_CHALLENGES, relyingParty } from '../../auth/passkeys';
import { DomainError } from '../../errors';
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

/** Where the console is: what a browser on it writes, what the server expects. */
const CONSOLE: Ceremony = { origin: 'https://console.bpm.example:8443', rpId: 'console.bpm.example' };
const { register } = consolePasskeys(t, CONSOLE);

/** An actor who has registered a passkey of `authenticator` through the API. */
async function withPasskey(
  permissions: Parameters<typeof t.actor>[0] = [],
  authenticator = new SoftAuthenticator(),
) {
  const actor = await t.actor(permissions);
  const passkey = await register(actor, authenticator);
  return { actor, authenticator, passkeyId: passkey.id as number };
}

const passwordOf = (actor: Actor) => ({ username: actor.username, password: actor.user.password });

/** The challenge of a sign-in, asked with the password. */
async function signInChallenge(actor: Actor) {
  const res = await t.call('POST', '/tokens/passkey-challenge', { body: passwordOf(actor) });
  expect(res.status, res.text).toBe(200);
  return res.body as { challenge: string; rpId: string; allowCredentials: { id: string }[] };
}

const tokenWith = (actor: Actor, passkey: unknown) =>
  t.call('POST', '/tokens', { body: { ...passwordOf(actor), passkey } });

describe('the relying party', () => {
  it('is the console: the origin and the host of PUBLIC_URL', () => {
    expect(relyingParty()).toEqual({ origin: CONSOLE.origin, rpID: CONSOLE.rpId });
  });
});

describe('registering a passkey', () => {
  it('answers options with a challenge for the caller, keeps the verified passkey, lists it, and audits it', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const options = await me.post('/account/passkeys/registration');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({
      rp: { id: CONSOLE.rpId, name: expect.any(String) },
      user: { name: actor.username },
      attestation: 'none',
      excludeCredentials: [],
    });
    expect(options.body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const authenticator = new SoftAuthenticator();
    const added = await me.post('/account/passkeys', {
      name: '  Work laptop ',
      response: authenticator.register(options.body, CONSOLE),
    });
    expect(added.status, added.text).toBe(200);
    const { recoveryCodes, ...kept } = added.body;
    expect(kept).toEqual({
      id: expect.any(Number),
      name: 'Work laptop',
      createdAt: expect.any(String),
      lastUsedAt: null,
    });
    // The first second factor: ten recovery codes come with it (recovery-codes.test.ts).
    expect(recoveryCodes).toHaveLength(10);
    expect((await me.get('/account/passkeys')).body).toEqual([kept]);
    // A second registration excludes the first: one authenticator is one factor.
    const again = await me.post('/account/passkeys/registration');
    expect(again.body.excludeCredentials).toEqual([
      { id: authenticator.id, type: 'public-key', transports: ['internal'] },
    ]);
    // Now the password alone yields nothing.
    expectProblem(
      await t.call('POST', '/tokens', { body: passwordOf(actor) }),
      401,
      'SECOND_FACTOR_REQUIRED',
    );
    const admin = await t.admin();
    const [event] = await t.auditOf(admin.token, actor.username);
    expect(event).toMatchObject({
      action: 'user.passkey_add',
      targetId: String(actor.id),
      after: { passkeyId: added.body.id, name: 'Work laptop', recoveryCodes: 10 },
    });
    expect(JSON.stringify(event)).not.toContain(authenticator.id);
    expect(JSON.stringify(event)).not.toContain(recoveryCodes[0]);
  });

  it('takes several passkeys, each its own', async () => {
    const { actor, authenticator } = await withPasskey();
    await register(actor, new SoftAuthenticator(), 'Phone', authenticator);
    expect(
      (await (await t.console(actor)).get('/account/passkeys')).body.map((p: { name: string }) => p.name),
    ).toEqual(['Test key', 'Phone']);
  });

  it('accepts a registration challenge once: the same answer again is 400 and keeps nothing', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const options = await me.post('/account/passkeys/registration');
    const authenticator = new SoftAuthenticator();
    const response = authenticator.register(options.body, CONSOLE);
    expect((await me.post('/account/passkeys', { name: 'One', response })).status).toBe(200);
    // Proven with the passkey now kept, as a second one must be: the challenge is what refuses it.
    const proof = authenticator.assert((await me.post('/account/passkeys/challenge')).body, CONSOLE);
    expectFieldError(
      await t.withoutChange(() =>
        me.post('/account/passkeys', {
          name: 'Two',
          response: new SoftAuthenticator().register(options.body, CONSOLE),
          proof: { passkey: proof },
        }),
      ),
      'response',
    );
    expect((await me.get('/account/passkeys')).body).toHaveLength(1);
  });

  it("refuses another person's challenge, a phishing origin and another RP ID, keeping nothing", async () => {
    const actor = await t.actor();
    const other = await t.actor();
    const me = await t.console(actor);
    const theirs = await (await t.console(other)).post('/account/passkeys/registration');
    const refusals = [
      { options: theirs.body, at: CONSOLE },
      {
        options: (await me.post('/account/passkeys/registration')).body,
        at: { ...CONSOLE, origin: 'https://console.bpm.example.evil' },
      },
      {
        options: (await me.post('/account/passkeys/registration')).body,
        at: { ...CONSOLE, origin: 'http://console.bpm.example:8443' },
      },
      {
        options: (await me.post('/account/passkeys/registration')).body,
        at: { ...CONSOLE, rpId: 'bpm.example.evil' },
      },
    ];
    for (const { options, at } of refusals) {
      const res = await me.post('/account/passkeys', {
        name: 'Phished',
        response: new SoftAuthenticator().register(options, at),
      });
      expectFieldError(res, 'response');
    }
    expect((await me.get('/account/passkeys')).body).toEqual([]);
    expect((await t.call('POST', '/tokens', { body: passwordOf(actor) })).status).toBe(200);
  });

  it('refuses an expired challenge, and keeps at most five open per person (a sixth drops the oldest)', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const stale = await me.post('/account/passkeys/registration');
    await t.database.db.execute(
      sql`update webauthn_challenges set expires_at = now() - interval '1 second' where challenge = ${stale.body.challenge}`,
    );
    const late = new SoftAuthenticator().register(stale.body, CONSOLE);
    expectFieldError(await me.post('/account/passkeys', { name: 'Late', response: late }), 'response');

    const issued = [];
    for (let i = 0; i < OPEN_CHALLENGES + 1; i++)
      issued.push((await me.post('/account/passkeys/registration')).body);
    const oldest = new SoftAuthenticator().register(issued[0], CONSOLE);
    expectFieldError(await me.post('/account/passkeys', { name: 'Oldest', response: oldest }), 'response');
    const newest = new SoftAuthenticator().register(issued[OPEN_CHALLENGES], CONSOLE);
    expect((await me.post('/account/passkeys', { name: 'Newest', response: newest })).status).toBe(200);
    const open = await t.database.db.execute(
      sql`select count(*)::int as n from webauthn_challenges where user_id = ${actor.id}`,
    );
    expect(rowsOf<{ n: number }>(open)[0].n).toBe(OPEN_CHALLENGES - 1);
  });

  it('answers bad input 400 and changes nothing', async () => {
    const actor = await t.actor();
    const me = await t.console(actor);
    const options = await me.post('/account/passkeys/registration');
    const response = new SoftAuthenticator().register(options.body, CONSOLE);
    for (const bad of [
      {},
      { name: 'x' },
      { response },
      { name: '   ', response },
      { name: 'x'.repeat(101), response },
      { name: 'x', response: { ...response, type: 'password' } },
      {
        name: 'x',
        response: { ...response, response: { ...response.response, clientDataJSON: 'not base64url!' } },
      },
      {
        name: 'x',
        response: { ...response, response: { ...response.response, attestationObject: 'A'.repeat(64_001) } },
      },
      { name: 'x', response: 'a string' },
    ])
      expectProblem(await t.withoutChange(() => me.post('/account/passkeys', bad)), 400);
    // Garbage that passes the schema is refused by the verification, and keeps nothing.
    expectFieldError(
      await me.post('/account/passkeys', {
        name: 'x',
        response: { ...response, response: { ...response.response, attestationObject: 'AAAA' } },
      }),
      'response',
    );
    expect((await me.get('/account/passkeys')).body).toEqual([]);
  });

  it('needs a signed-in caller', async () => {
    expectProblem(await t.call('POST', '/account/passkeys/registration'), 401);
    expectProblem(await t.call('GET', '/account/passkeys'), 401);
  });
});

describe('signing in with a passkey', () => {
  it('signs the challenge issued after the password; the sign-in answers a token, stores the counter, audits', async () => {
    const { actor, authenticator, passkeyId } = await withPasskey();
    const options = await signInChallenge(actor);
    expect(options.rpId).toBe(CONSOLE.rpId);
    expect(options.allowCredentials.map((c) => c.id)).toEqual([authenticator.id]);
    const res = await tokenWith(actor, authenticator.assert(options, CONSOLE));
    expect(res.status, res.text).toBe(200);
    expect(res.body.accessToken).toEqual(expect.any(String));
    const [stored] = (await t.snapshot()).passkeys.filter(
      (p) => Number((p as { id: string }).id) === passkeyId,
    ) as {
      counter: string | number;
      last_used_at: unknown;
    }[];
    expect(Number(stored.counter)).toBe(1);
    expect(stored.last_used_at).not.toBeNull();
    const admin = await t.admin();
    const actions = (await t.auditOf(admin.token, actor.username)).map((e) => e.action);
    expect(actions.slice(0, 2)).toEqual(['auth.sign_in', 'auth.passkey_used']);
    // The console's sign-in is the same check.
    const console = await signInChallenge(actor);
    const user = await verifyCredentials(
      t.database.db,
      { ...passwordOf(actor), passkey: authenticator.assert(console, CONSOLE) },
      { via: 'console' },
    );
    expect(user.id).toBe(actor.id);
  });

  it('gives a challenge only for the right password, and only to an account with a passkey', async () => {
    const { actor } = await withPasskey();
    expectProblem(
      await t.call('POST', '/tokens/passkey-challenge', {
        body: { username: actor.username, password: 'wrong-password' },
      }),
      401,
      'UNAUTHENTICATED',
    );
    expectProblem(
      await t.call('POST', '/tokens/passkey-challenge', {
        body: { username: 'nobody-at-all', password: 'wrong-password' },
      }),
      401,
      'UNAUTHENTICATED',
    );
    const plain = await t.actor();
    expectProblem(await t.call('POST', '/tokens/passkey-challenge', { body: passwordOf(plain) }), 409);
    for (const bad of [{}, { username: actor.username }, { username: 1, password: 'x' }])
      expectProblem(
        await t.withoutChange(() => t.call('POST', '/tokens/passkey-challenge', { body: bad })),
        400,
      );
  });

  it('accepts a challenge once: the same assertion again is 401, and four at once pass once', async () => {
    const { actor, authenticator } = await withPasskey();
    const assertion = authenticator.assert(await signInChallenge(actor), CONSOLE);
    expect((await tokenWith(actor, assertion)).status).toBe(200);
    expectProblem(await tokenWith(actor, assertion), 401, 'UNAUTHENTICATED');

    const next = authenticator.assert(await signInChallenge(actor), CONSOLE);
    const answers = await Promise.all(Array.from({ length: 4 }, () => tokenWith(actor, next)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 401, 401, 401]);
  });

  it('refuses an assertion made for a phishing origin or another RP ID, and its challenge is spent', async () => {
    const { actor, authenticator } = await withPasskey();
    for (const at of [
      { ...CONSOLE, origin: 'https://console-bpm.example' },
      { ...CONSOLE, rpId: 'bpm.example' },
    ]) {
      const options = await signInChallenge(actor);
      expectProblem(await tokenWith(actor, authenticator.assert(options, at)), 401, 'UNAUTHENTICATED');
      // The challenge went with the refused attempt: signing it right afterwards does not pass either.
      expectProblem(await tokenWith(actor, authenticator.assert(options, CONSOLE)), 401, 'UNAUTHENTICATED');
    }
    expect((await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE))).status).toBe(
      200,
    );
  });

  it('refuses a counter that does not go up (a cloned key), and audits why', async () => {
    const { actor, authenticator } = await withPasskey();
    expect((await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE))).status).toBe(
      200,
    );
    expect((await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE))).status).toBe(
      200,
    );
    // The stored counter is 2 now: a clone answering 1, or 2 again, is refused.
    for (const counter of [1, 2])
      expectProblem(
        await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE, { counter })),
        401,
        'UNAUTHENTICATED',
      );
    const admin = await t.admin();
    const failures = (await t.auditOf(admin.token, actor.username)).filter(
      (e) => e.action === 'auth.second_factor_failed',
    );
    expect(failures.map((e) => (e.after as { passkey: string }).passkey)).toEqual(['COUNTER', 'COUNTER']);
    expect((await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE))).status).toBe(
      200,
    );
  });

  it("refuses another person's passkey and an unknown one, even signing this sign-in's challenge", async () => {
    const { actor, authenticator: own } = await withPasskey();
    const { authenticator: theirs } = await withPasskey();
    const options = await signInChallenge(actor);
    expectProblem(await tokenWith(actor, theirs.assert(options, CONSOLE)), 401, 'UNAUTHENTICATED');
    expectProblem(
      await tokenWith(actor, new SoftAuthenticator().assert(options, CONSOLE)),
      401,
      'UNAUTHENTICATED',
    );
    // Nor does one's own passkey pass with a challenge issued to someone else's sign-in.
    const { actor: other, authenticator: otherKey } = await withPasskey();
    const mine = new SoftAuthenticator();
    await register(actor, mine, 'Second', own);
    expectProblem(
      await tokenWith(actor, mine.assert(await signInChallenge(other), CONSOLE)),
      401,
      'UNAUTHENTICATED',
    );
    expect((await tokenWith(other, otherKey.assert(await signInChallenge(other), CONSOLE))).status).toBe(200);
  });

  it('locks the username after wrong assertions as after wrong passwords', async () => {
    const { actor, authenticator } = await withPasskey();
    const stranger = new SoftAuthenticator();
    // A challenge for the right password counts nothing; each wrong assertion counts once, as a wrong code.
    for (let i = 0; i < MAX_FAILURES; i++) {
      const res = await tokenWith(actor, stranger.assert(await signInChallenge(actor), CONSOLE));
      expectProblem(res, 401, 'UNAUTHENTICATED');
    }
    // Locked: no challenge, and the right passkey would not pass either.
    expectProblem(
      await t.call('POST', '/tokens/passkey-challenge', { body: passwordOf(actor) }),
      429,
      'RATE_LIMITED',
    );
    const admin = await t.admin();
    const actions = (await t.auditOf(admin.token, actor.username)).map((e) => e.action);
    expect(actions).toContain('auth.second_factor_failed');
    expect(actions).toContain('auth.locked');
    expectNoContent(await t.as(admin.token).post(`/admin/users/${actor.id}/unlock`));
    expect((await tokenWith(actor, authenticator.assert(await signInChallenge(actor), CONSOLE))).status).toBe(
      200,
    );
  });

  it('refuses a code and a passkey together, before any check', async () => {
    const { actor, authenticator } = await withPasskey();
    const options = await signInChallenge(actor);
    const res = await t.call('POST', '/tokens', {
      body: { ...passwordOf(actor), code: '123456', passkey: authenticator.assert(options, CONSOLE) },
    });
    expectFieldError(res, 'passkey');
    expect((await tokenWith(actor, authenticator.assert(options, CONSOLE))).status).toBe(200);
  });

  it('is refused by the console sign-in as by the API when the assertion is wrong', async () => {
    const { actor } = await withPasskey();
    const options = await signInChallenge(actor);
    const refused = await verifyCredentials(
      t.database.db,
      { ...passwordOf(actor), passkey: new SoftAuthenticator().assert(options, CONSOLE) },
      { via: 'console' },
    ).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(DomainError);
    expect((refused as DomainError).kind).toBe('UNAUTHENTICATED');
  });

  it('also proves the second factor of a password change', async () => {
    const { actor, authenticator } = await withPasskey();
    const body = {
      username: actor.username,
      currentPassword: actor.user.password,
      newPassword: 'a-new-password-1',
    };
    expectProblem(
      await t.withoutChange(() => t.call('POST', '/password', { body })),
      401,
      'SECOND_FACTOR_REQUIRED',
    );
    const options = await signInChallenge(actor);
    expectNoContent(
      await t.call('POST', '/password', {
        body: { ...body, passkey: authenticator.assert(options, CONSOLE) },
      }),
    );
  });
});

describe('removing a passkey', () => {
  it('needs a current second factor: a wrong proof is 400, counted and audited, and removes nothing', async () => {
    const { actor, authenticator, passkeyId } = await withPasskey();
    const me = await t.console(actor);
    const before = (await t.snapshot()).passkeys;
    expectFieldError(await me.post(`/account/passkeys/${passkeyId}/remove`, { code: '000000' }), 'code');
    const proof = await me.post('/account/passkeys/challenge');
    expect(proof.status).toBe(200);
    expectFieldError(
      await me.post(`/account/passkeys/${passkeyId}/remove`, {
        passkey: new SoftAuthenticator().assert(proof.body, CONSOLE),
      }),
      'passkey',
    );
    expect((await t.snapshot()).passkeys).toEqual(before);
    for (const bad of [
      {},
      { code: '1', passkey: authenticator.assert(proof.body, CONSOLE) },
      { code: '   ' },
    ])
      expectProblem(await t.withoutChange(() => me.post(`/account/passkeys/${passkeyId}/remove`, bad)), 400);
    expectProblem(
      await t.withoutChange(() => me.post(`/account/passkeys/abc/remove`, { code: '123456' })),
      400,
    );

    const again = await me.post('/account/passkeys/challenge');
    expectNoContent(
      await me.post(`/account/passkeys/${passkeyId}/remove`, {
        passkey: authenticator.assert(again.body, CONSOLE),
      }),
    );
    expect((await me.get('/account/passkeys')).body).toEqual([]);
    expect((await t.call('POST', '/tokens', { body: passwordOf(actor) })).status).toBe(200);
    const admin = await t.admin();
    const events = await t.auditOf(admin.token, actor.username);
    expect(events.find((e) => e.action === 'user.passkey_remove')).toMatchObject({
      before: { passkeyId, name: 'Test key' },
    });
    expect(events.filter((e) => e.action === 'auth.second_factor_failed')).toHaveLength(2);
  });

  it("answers someone else's passkey 404, removing nothing", async () => {
    const { actor, authenticator } = await withPasskey();
    const { passkeyId: theirs } = await withPasskey();
    const me = await t.console(actor);
    const proof = await me.post('/account/passkeys/challenge');
    expectProblem(
      await t.withoutChange(() =>
        me.post(`/account/passkeys/${theirs}/remove`, { passkey: authenticator.assert(proof.body, CONSOLE) }),
      ),
      404,
    );
  });

  it('locks after wrong proofs like wrong passwords', async () => {
    const { actor, passkeyId } = await withPasskey();
    const me = await t.console(actor);
    for (let i = 0; i < MAX_FAILURES; i++)
      expectFieldError(await me.post(`/account/passkeys/${passkeyId}/remove`, { code: '000000' }), 'code');
    expectProblem(
      await me.post(`/account/passkeys/${passkeyId}/remove`, { code: '000000' }),
      429,
      'RATE_LIMITED',
    );
  });

  it('has no proof challenge without a passkey', async () => {
    const actor = await t.actor();
    expectProblem(await (await t.console(actor)).post('/account/passkeys/challenge'), 409);
  });
});

describe("an administrator's reset", () => {
  it('removes every passkey, audited with them; the user signs in with the password alone', async () => {
    const admin = await t.admin();
    const { actor, authenticator, passkeyId } = await withPasskey();
    await register(actor, new SoftAuthenticator(), 'Spare', authenticator);
    const detail = async () => (await t.as(admin.token).get(`/admin/users/${actor.id}`)).body.secondFactor;
    expect(await detail()).toEqual({ authenticatorApp: false, passkeys: 2 });
    expectNoContent(await t.as(admin.token).del(`/admin/users/${actor.id}/second-factor`));
    expect(await detail()).toEqual({ authenticatorApp: false, passkeys: 0 });
    expect((await (await t.console(actor)).get('/account/passkeys')).body).toEqual([]);
    expect((await t.call('POST', '/tokens', { body: passwordOf(actor) })).status).toBe(200);
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'user.second_factor_reset',
      targetId: String(actor.id),
      before: {
        username: actor.username,
        secondFactor: false,
        passkeys: [
          { id: passkeyId, name: 'Test key' },
          { id: expect.any(Number), name: 'Spare' },
        ],
      },
    });
  });
});

describe('over tRPC', () => {
  const trpc = (path: string, input: unknown, cookie?: string) =>
    t.call('POST', `/trpc/${path}`, {
      body: input,
      headers: cookie ? { cookie, origin: t.url, 'sec-fetch-site': 'same-origin' } : {},
    });

  it('runs the same ceremonies, and refuses them in a batch before anything is checked', async () => {
    const actor = await t.actor();
    const { cookie } = await openConsoleSession(t.database, actor.user);
    const authenticator = new SoftAuthenticator();
    const options = await trpc('auth.startPasskeyRegistration', {}, cookie);
    expect(options.status, options.text).toBe(200);
    const response = authenticator.register(options.body.result.data, CONSOLE);
    const batch = await t.withoutChange(() =>
      t.call('POST', '/trpc/auth.registerPasskey,auth.registerPasskey?batch=1', {
        body: { 0: { name: 'A', response }, 1: { name: 'B', response } },
        headers: { cookie, origin: t.url, 'sec-fetch-site': 'same-origin' },
      }),
    );
    expectProblem(batch, 400, 'VALIDATION_FAILED');
    expect((await trpc('auth.registerPasskey', { name: 'A', response }, cookie)).status).toBe(200);

    const challenge = await trpc('auth.startPasskeySignIn', passwordOf(actor));
    expect(challenge.status, challenge.text).toBe(200);
    const passkey = authenticator.assert(challenge.body.result.data, CONSOLE);
    const signedIn = await trpc('auth.createToken', { ...passwordOf(actor), passkey });
    expect(signedIn.status, signedIn.text).toBe(200);
    expect(signedIn.body.result.data.accessToken).toEqual(expect.any(String));
  });
});
