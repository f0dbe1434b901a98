// REQUIRE_SECOND_FACTOR_FOR_ADMINS=true holds local accounts only: an administrator who signs in through the
// identity provider has the provider's second factor, and is never sent to enrol one here. Its own file:
// the environment is read once per process.
import { describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { expectProblem, signAccessToken, useTestApi } from '../support/http-helpers';
import { unique } from '../support/helpers';

process.env.REQUIRE_SECOND_FACTOR_FOR_ADMINS = 'true';

const t = useTestApi();

describe('with REQUIRE_SECOND_FACTOR_FOR_ADMINS=true', () => {
  it('holds a local administrator to it, never one of the identity provider', async () => {
    const local = await t.admin();
    expectProblem(await t.as(local.token).get('/admin/users'), 403, 'SECOND_FACTOR_ENROLMENT_REQUIRED');

    const [person] = await t.database.db
      .insert(users)
      .values({
        username: unique('sso-admin'),
        oidcIssuer: 'https://idp.example',
        oidcSubject: unique('sub'),
        permissions: ['ACCESS_BPM_ADMIN'],
      })
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    const token = await signAccessToken(person.id, { ver: person.tokenVersion });
    expect((await t.as(token).get('/admin/users')).status).toBe(200);
  });
});
