// An administrator's reset that generates the password and requires a change, and the change itself
// (server/services/admin/users.ts resetPassword, server/auth/password-change.ts).
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { api } from '../support/helpers';
import { consoleCall, openConsoleSession, problemCodeOf } from '../support/console-session-helpers';
import {
  ADMIN,
  expectFieldError,
  expectNoContent,
  expectProblem,
  expectUnauthenticated,
  newPassword,
  signAccessToken,
  useTestApi,
} from '../support/http-helpers';

const t = useTestApi();

const changePassword = (username: string, currentPassword: string, newPassword: string) =>
  t.call('POST', '/password', { body: { username, currentPassword, newPassword } });

async function mustChange(userId: number): Promise<boolean> {
  const [row] = rowsOf<{ must_change_password: boolean }>(
    await t.database.db.execute(sql`select must_change_password from users where id = ${userId}`),
  );
  return row.must_change_password;
}

/** A user whose password an administrator has just reset with generate + requireChange. */
async function resetByAdmin(requireChange = true) {
  const admin = await t.admin();
  const user = await t.user({ permissions: [ADMIN] });
  // Not t.call: its check that no answer carries a password would refuse the one answer made to carry it.
  const res = await api(t.url, 'PUT', `/admin/users/${user.id}/password`, {
    token: admin.token,
    body: { generate: true, requireChange },
  });
  expect(res.status, res.text).toBe(200);
  return { admin, user, generated: res.body.password as string, res };
}

describe('a generated password', () => {
  it('is answered once, strong, and replaces the old one', async () => {
    const { user, generated, res } = await resetByAdmin(false);
    expect(Object.keys(res.body)).toEqual(['password']);
    expect(generated).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expectUnauthenticated(await t.signIn(user.username, user.password));
    expect((await t.signIn(user.username, generated)).status).toBe(200);
    expect(await mustChange(user.id)).toBe(false);
  });

  it('is audited without the password', async () => {
    const { admin, user, generated } = await resetByAdmin();
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'user.password_reset',
      targetId: String(user.id),
      after: { username: user.username, generated: true, requireChange: true },
    });
    expect(JSON.stringify(event)).not.toContain(generated);
  });

  it('is not mixed with a given password, and one of the two is required', async () => {
    const admin = await t.admin();
    const user = await t.user();
    const as = t.as(admin.token);
    expectFieldError(
      await as.put(`/admin/users/${user.id}/password`, { generate: true, password: newPassword() }),
      'password',
    );
    expectFieldError(await as.put(`/admin/users/${user.id}/password`, { requireChange: true }), 'password');
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
  });

  it('leaves the seed’s reset as it was: a given password, 204 and no change required', async () => {
    const admin = await t.admin();
    const user = await t.user();
    const password = newPassword();
    expectNoContent(await t.as(admin.token).put(`/admin/users/${user.id}/password`, { password }));
    expect(await mustChange(user.id)).toBe(false);
    expect((await t.signIn(user.username, password)).status).toBe(200);
  });
});

describe('a password that must be changed', () => {
  it('gets no token (403 PASSWORD_CHANGE_REQUIRED) until it is changed, then the new one works', async () => {
    const { user, generated } = await resetByAdmin();
    const refused = await t.signIn(user.username, generated);
    expectProblem(refused, 403, 'PASSWORD_CHANGE_REQUIRED');
    expect(refused.text).not.toContain('accessToken');
    // A wrong password is still just wrong: the 403 tells only someone who knows the password.
    expectUnauthenticated(await t.signIn(user.username, `${generated}x`));

    const chosen = newPassword();
    expectNoContent(await changePassword(user.username, generated, chosen));
    expect(await mustChange(user.id)).toBe(false);
    expectUnauthenticated(await t.signIn(user.username, generated));
    const signedIn = await t.signIn(user.username, chosen);
    expect(signedIn.status).toBe(200);
    expect((await t.as(signedIn.body.accessToken).get('/admin/permissions')).status).toBe(200);
  });

  it('is refused through tRPC as through REST', async () => {
    const { user, generated } = await resetByAdmin();
    const res = await consoleCall(t.url, '', 'auth.createToken', {
      username: user.username,
      password: generated,
    });
    expect(res.status).toBe(403);
    expect(problemCodeOf(res.body)).toBe('PASSWORD_CHANGE_REQUIRED');
  });

  it('holds at the entry points outside the procedures too: the metrics and the Camunda paths', async () => {
    const { user } = await resetByAdmin();
    // No sign-in issues such a token (it is 403 above): one signed as the service signs them stands in.
    const token = await signAccessToken(user.id, { ver: user.tokenVersion + 1 });
    expectProblem(await t.as(token).get('/metrics'), 403, 'PASSWORD_CHANGE_REQUIRED');
    const fetched = await api(t.url, 'POST', '/engine-rest/external-task/fetchAndLock', {
      token,
      body: { workerId: 'w', maxTasks: 1, topics: [{ topicName: 't', lockDuration: 1000 }] },
    });
    expect(fetched.status, fetched.text).toBe(403);
  });

  it('lets a console session do nothing but change it; the change ends that session', async () => {
    const { user, generated } = await resetByAdmin();
    const session = await openConsoleSession(t.database, { ...user, tokenVersion: user.tokenVersion + 1 });
    for (const procedure of ['auth.me', 'admin.listUsers', 'incidents.summary']) {
      const res = await consoleCall(t.url, session.cookie, procedure);
      expect(res.status, procedure).toBe(403);
      expect(problemCodeOf(res.body), procedure).toBe('PASSWORD_CHANGE_REQUIRED');
    }
    const changed = await consoleCall(t.url, session.cookie, 'auth.changePassword', {
      username: user.username,
      currentPassword: generated,
      newPassword: newPassword(),
    });
    expect(changed.status).toBe(200);
    expect((await consoleCall(t.url, session.cookie, 'auth.me')).status).toBe(401);
  });

  it('is changed only to an acceptable new password, with the right current one', async () => {
    const { user, generated } = await resetByAdmin();
    expectUnauthenticated(await changePassword(user.username, `${generated}x`, newPassword()));
    expectFieldError(await changePassword(user.username, generated, generated), 'newPassword');
    expectFieldError(await changePassword(user.username, generated, 'short'), 'newPassword');
    expectFieldError(
      await changePassword(user.username, generated, user.username.toUpperCase().padEnd(12, 'x')),
      'newPassword',
    );
    expect(await mustChange(user.id)).toBe(true);
  });

  it('is changed with the same throttling as a sign-in', async () => {
    const { user, generated } = await resetByAdmin();
    for (let i = 0; i < 5; i++) {
      expectUnauthenticated(await changePassword(user.username, `wrong-${i}-password`, newPassword()));
    }
    expectProblem(await changePassword(user.username, generated, newPassword()), 429, 'RATE_LIMITED');
    expectProblem(await t.signIn(user.username, generated), 429, 'RATE_LIMITED');
  });

  it('is audited as a change by the user, without either password', async () => {
    const { admin, user, generated } = await resetByAdmin();
    const chosen = newPassword();
    await changePassword(user.username, generated, chosen);
    const [event] = await t.auditOf(admin.token, user.username);
    expect(event).toMatchObject({
      action: 'user.password_change',
      targetType: 'user',
      targetId: String(user.id),
    });
    expect(JSON.stringify(event)).not.toContain(generated);
    expect(JSON.stringify(event)).not.toContain(chosen);
  });
});
