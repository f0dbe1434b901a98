// REQUIRE_SECOND_FACTOR_FOR_ADMINS=true: an administrator signed in without a second factor may do nothing
// but enrol one. Its own file: the environment is read once per process.
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { relyingParty } from '../../auth/passkeys';
import { expectProblem, useTestApi } from '../support/http-helpers';
import { SoftAuthenticator } from '../support/soft-authenticator';

process.env.REQUIRE_SECOND_FACTOR_FOR_ADMINS = 'true';

const t = useTestApi();

const codeOf = (secret: string) => TOTP.generate({ secret: Secret.fromBase32(secret) });

describe('with REQUIRE_SECOND_FACTOR_FOR_ADMINS=true', () => {
  it('lets an administrator without one do nothing but enrol it; then everything', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    expectProblem(await as.get('/admin/users'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expectProblem(await as.get('/sessions'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await as.get('/account/second-factor')).status).toBe(200);
    const started = await as.post('/account/second-factor');
    expect(started.status).toBe(200);
    const confirmed = await as.post('/account/second-factor/confirm', { code: codeOf(started.body.secret) });
    expect(confirmed.status).toBe(200);
    expect((await as.get('/admin/users')).status).toBe(200);
  });

  it('is satisfied by a passkey, registered while nothing else is allowed', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    expectProblem(await as.get('/admin/users'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');
    expect((await as.get('/account/passkeys')).status).toBe(200);
    const options = await as.post('/account/passkeys/registration');
    expect(options.status, options.text).toBe(200);
    const { origin, rpID } = relyingParty();
    const response = new SoftAuthenticator().register(options.body, { origin, rpId: rpID });
    expect((await as.post('/account/passkeys', { name: 'Key', response })).status).toBe(200);
    const after = await as.get('/admin/users');
    expect(after.status, after.text).toBe(200);
    // And sign-in asks for it.
    expectProblem(
      await t.call('POST', '/tokens', { body: { username: admin.username, password: admin.user.password } }),
      401,
      'SECOND_FACTOR_REQUIRED',
    );
  });

  it('holds no one else to it, nor an administrator’s API token', async () => {
    const plain = await t.actor(['ACCESS_PROCESS_PORTAL']);
    expect((await t.as(plain.token).get('/sessions')).status).toBe(200);
    const admin = await t.admin();
    const { token } = await t.apiTokenFor(admin.id);
    expect((await t.as(token).get('/admin/users')).status).toBe(200);
  });

  it('still asks an enrolled administrator for the code at sign-in', async () => {
    const admin = await t.admin();
    const as = t.as(admin.token);
    const { body } = await as.post('/account/second-factor');
    await as.post('/account/second-factor/confirm', { code: codeOf(body.secret) });
    const res = await t.call('POST', '/tokens', {
      body: { username: admin.username, password: admin.user.password },
    });
    expectProblem(res, 401, 'SECOND_FACTOR_REQUIRED');
  });
});
