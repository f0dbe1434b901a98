// A person who signs in through the identity provider passes its second factor there: enrolling one here
// (an authenticator app, a passkey) in the console is refused with a 409 that changes nothing,
// and `auth.me` tells the console so, which then offers none. A local person enrols as before.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { webauthnChallenges, secondFactors, users } from '../../../db/schema';
import { expectProblem, signAccessToken, useTestApi } from '../support/http-helpers';
import { consoleCallerFor } from '../support/console-session-helpers';
import { callerWith, unique } from '../support/helpers';

const t = useTestApi();

async function ssoPerson() {
  const [person] = await t.database.db
    .insert(users)
    .values({
      username: unique('sso-person'),
      oidcIssuer: 'https://idp.example',
      oidcSubject: unique('sub'),
      permissions: ['ACCESS_PROCESS_PORTAL'],
    })
    .returning({ id: users.id, username: users.username, tokenVersion: users.tokenVersion });
  return {
    id: person.id,
    token: await signAccessToken(person.id, { ver: person.tokenVersion }),
    // No password of ours: they signed in to the console through the identity provider.
    user: { ...person, password: '' },
  };
}

describe('a person of the identity provider', () => {
  it('is refused a second factor of this console, over REST and tRPC, and nothing is kept', async () => {
    const person = await ssoPerson();
    const me = await t.console({ ...person, username: person.user.username });
    expectProblem(await me.post('/account/second-factor'), 409, 'CONFLICT');
    expectProblem(await me.post('/account/second-factor/confirm', { code: '123456' }), 409, 'CONFLICT');
    expectProblem(await me.post('/account/passkeys/registration'), 409, 'CONFLICT');
    const caller = await consoleCallerFor(t.database, person.user);
    await expect(caller.auth.startTotpEnrolment({})).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await caller.auth.me()).toMatchObject({ viaIdentityProvider: true });

    const db = t.database.db;
    expect(await db.select().from(secondFactors).where(eq(secondFactors.userId, person.id))).toEqual([]);
    expect(
      await db.select().from(webauthnChallenges).where(eq(webauthnChallenges.userId, person.id)),
    ).toEqual([]);
  });

  it('leaves a local person to enrol as before', async () => {
    const person = await t.actor(['ACCESS_PROCESS_PORTAL']);
    const me = await t.console(person);
    const started = await me.post('/account/second-factor');
    expect(started.status, started.text).toBe(200);
    expect((await me.post('/account/passkeys/registration')).status).toBe(200);
    const caller = await callerWith(t.database, `Bearer ${person.token}`);
    expect(await caller.auth.me()).toMatchObject({ viaIdentityProvider: false });
  });
});
