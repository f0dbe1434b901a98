// Service accounts over HTTP: principals for engines and workers, with no password and no sign-in, holding
// permissions and scoped API tokens as users do; their tokens hang on nobody's person (docs/contract.md §4, §5).
import type { User } from 'next-auth';
import type { CredentialsConfig } from 'next-auth/providers/credentials';
import { beforeAll, describe, expect, it } from 'vitest';
import { setProcessDatabase } from '../../../db/client';
import { users } from '../../../db/schema';
import { bootstrapAdmin } from '../../auth/bootstrap';
import { startConsoleSession } from '../../auth/console-sessions';
import { MAX_FAILURES } from '../../auth/login';
import { getAuthOptions } from '../../auth/next-auth';
import { consoleCall, sessionCookie } from '../support/console-session-helpers';
import { callerWith, openTestDatabase, unique } from '../support/helpers';
import { reportBody } from '../support/incident-helpers';
import {
  ADMIN,
  API_TOKEN_PATTERN,
  LOCAL_DATE_TIME,
  expectFieldError,
  expectNoContent,
  expectProblem,
  expectUnauthenticated,
  newCode,
  newPassword,
  signAccessToken,
  useTestApi,
  type Actor,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

async function createAccount(body: Record<string, unknown> = {}) {
  const res = await as.post('/admin/service-accounts', { name: unique('engine'), ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; name: string; enabled: boolean };
}

async function createToken(accountId: number, body: Record<string, unknown> = {}, by: Client = as) {
  const res = await by.post(`/admin/service-accounts/${accountId}/tokens`, { name: 'engine', ...body });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; token: string; active: boolean; serviceAccountId: number };
}

describe('a service account', () => {
  it('is created with groups and permissions, listed apart from the people, and audited', async () => {
    const group = await t.group(['ACCESS_PROCESS_PORTAL']);
    const name = unique('payments.engine');
    const res = await as.post('/admin/service-accounts', {
      name,
      description: '  the payment engine  ',
      groupIds: [group.id],
      permissionCodes: ['ACCESS_ENGINE_API'],
    });
    expect(res.status, res.text).toBe(200);
    const account = res.body;
    expect(account).toEqual({
      id: expect.any(Number),
      name,
      description: 'the payment engine',
      enabled: true,
      groups: [group.code],
      permissions: ['ACCESS_ENGINE_API'],
      effectivePermissions: ['ACCESS_ENGINE_API', 'ACCESS_PROCESS_PORTAL'],
      rateLimitPerMinute: null,
      createdAt: expect.stringMatching(LOCAL_DATE_TIME),
    });
    expect((await as.get(`/admin/service-accounts/${account.id}`)).body).toEqual(account);
    expect((await as.get(`/admin/service-accounts?q=${name}`)).body).toEqual([account]);

    // Not a person: not among the users, nor among the group's members or their count.
    const person = await t.user({ groupIds: [group.id] });
    expect((await as.get(`/admin/users?q=${name}`)).body).toEqual([]);
    expectProblem(await as.get(`/admin/users/${account.id}`), 404, 'NOT_FOUND');
    expect((await as.get(`/admin/groups/${group.id}/users`)).body.map((u: { id: number }) => u.id)).toEqual([
      person.id,
    ]);
    expect((await as.get(`/admin/groups?q=${group.code}`)).body[0].memberCount).toBe(1);

    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'service_account.create',
      targetType: 'service_account',
      targetId: String(account.id),
      targetPath: `/admin/service-accounts/${account.id}`,
      after: account,
    });
  });

  it('is updated by merge, audited, and its description cleared with null', async () => {
    const account = await createAccount({ description: 'old', permissionCodes: ['ACCESS_ENGINE_API'] });
    const group = await t.group();
    const res = await as.put(`/admin/service-accounts/${account.id}`, { groupIds: [group.id] });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({
      description: 'old',
      groups: [group.code],
      permissions: ['ACCESS_ENGINE_API'],
    });
    const cleared = await as.put(`/admin/service-accounts/${account.id}`, { description: null });
    expect(cleared.body.description).toBeNull();
    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'service_account.update',
      before: { description: 'old' },
      after: { description: null },
    });
  });

  it('holds scoped tokens that act on REST with its permissions, within the scope', async () => {
    const account = await createAccount({ permissionCodes: ['ACCESS_ENGINE_API'] });
    const worker = await createToken(account.id, { scope: 'WORKER', name: 'payment worker' });
    expect(worker).toMatchObject({ serviceAccountId: account.id, active: true, scope: 'WORKER' });
    expect(worker.token).toMatch(API_TOKEN_PATTERN);
    expect(worker).not.toHaveProperty('userId');

    const reported = await t.as(worker.token).post('/incidents', reportBody());
    expect(reported.status, reported.text).toBe(200);
    // Its permissions bound it: no administration, whatever the scope.
    expectProblem(await t.as(worker.token).get('/admin/users'), 403, 'FORBIDDEN');
    // Its scope bounds it: a READ_ONLY token of the same account cannot report.
    const readOnly = await createToken(account.id, { scope: 'READ_ONLY' });
    expectProblem(await t.as(readOnly.token).post('/incidents', reportBody()), 403, 'FORBIDDEN');

    const listed = await as.get(`/admin/service-accounts/${account.id}/tokens`);
    expect(listed.body.map((token: { id: number }) => token.id)).toEqual([worker.id, readOnly.id]);
    expect(listed.body[0]).toMatchObject({
      name: 'payment worker',
      active: true,
      serviceAccountId: account.id,
    });
    expect(listed.body[0].lastUsedAt).toMatch(LOCAL_DATE_TIME);
    for (const token of listed.body) expect(token).not.toHaveProperty('token');

    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'api_token.create',
      targetType: 'api_token',
      targetPath: `/admin/service-accounts/${account.id}`,
      after: { name: 'engine', scope: 'READ_ONLY', username: account.name, serviceAccount: true },
    });
    expect(JSON.stringify(event)).not.toContain(readOnly.token);

    // Revoked through the one revocation of every API token.
    expectNoContent(await as.del(`/admin/api-tokens/${worker.id}`));
    expectUnauthenticated(await t.as(worker.token).post('/incidents', reportBody()));
  });

  it('keeps its tokens whatever happens to the person who made them: reset, lock, deletion', async () => {
    const maker = await t.admin();
    const account = await createAccount({ permissionCodes: ['ACCESS_ENGINE_API'] });
    const { token } = await createToken(account.id, { scope: 'WORKER' }, t.as(maker.token));
    const works = async () => {
      const res = await t.as(token).post('/incidents', reportBody());
      expect(res.status, res.text).toBe(200);
    };
    await works();

    expect((await as.put(`/admin/users/${maker.id}/password`, { password: newPassword() })).status).toBe(204);
    expectUnauthenticated(await t.as(maker.token).get('/admin/users'));
    await works();

    for (let i = 0; i < MAX_FAILURES; i++) await t.signIn(maker.username, `wrong-${i}`);
    expect((await as.get(`/admin/users/${maker.id}`)).body.lockedUntil).toMatch(LOCAL_DATE_TIME);
    await works();

    expectNoContent(await as.del(`/admin/users/${maker.id}`));
    await works();
    const [listed] = (await as.get(`/admin/service-accounts/${account.id}/tokens`)).body;
    expect(listed.active).toBe(true);
  });

  it('takes its tokens with it when deleted, audited with their names', async () => {
    const account = await createAccount({ permissionCodes: ['ACCESS_ENGINE_API'] });
    const first = await createToken(account.id, { name: 'first', scope: 'WORKER' });
    await createToken(account.id, { name: 'second' });
    expect((await t.as(first.token).post('/incidents', reportBody())).status).toBe(200);

    expectNoContent(await as.del(`/admin/service-accounts/${account.id}`));
    expectUnauthenticated(await t.as(first.token).post('/incidents', reportBody()));
    expectProblem(await as.get(`/admin/service-accounts/${account.id}`), 404, 'NOT_FOUND');
    expectProblem(await as.del(`/admin/service-accounts/${account.id}`), 404, 'NOT_FOUND');

    const [event] = await t.auditOf(admin.token, admin.username);
    expect(event).toMatchObject({
      action: 'service_account.delete',
      targetId: String(account.id),
      targetPath: null,
      before: { name: account.name, tokens: ['first', 'second'] },
    });
  });

  it('stops its tokens when disabled, and they stay dead when it is enabled again', async () => {
    const account = await createAccount({ permissionCodes: ['ACCESS_ENGINE_API'] });
    const { token } = await createToken(account.id, { scope: 'WORKER' });
    expect((await as.put(`/admin/service-accounts/${account.id}`, { enabled: false })).body.enabled).toBe(
      false,
    );
    expectUnauthenticated(await t.as(token).post('/incidents', reportBody()));
    await as.put(`/admin/service-accounts/${account.id}`, { enabled: true });
    expectUnauthenticated(await t.as(token).post('/incidents', reportBody()));
    const [listed] = (await as.get(`/admin/service-accounts/${account.id}/tokens`)).body;
    expect(listed.active).toBe(false);
  });

  it('cannot delete itself through its own token', async () => {
    const account = await createAccount({ permissionCodes: [ADMIN] });
    const { token } = await createToken(account.id);
    const res = await t.withoutChange(() => t.as(token).del(`/admin/service-accounts/${account.id}`));
    expectProblem(res, 409, 'CONFLICT');
  });
});

describe('a service account never signs in', () => {
  const unknownName = () => unique('nobody');

  it('POST /api/tokens answers its name exactly as an unknown one', async () => {
    const account = await createAccount({ permissionCodes: [ADMIN] });
    for (const password of ['any password at all', newPassword()]) {
      const asAccount = await t.signIn(account.name, password);
      const asNobody = await t.signIn(unknownName(), password);
      expectUnauthenticated(asAccount);
      expect(asAccount.body).toEqual({ ...asNobody.body, instance: asAccount.body.instance });
    }
    const [event] = await t.auditOf(admin.token, account.name);
    expect(event).toMatchObject({ action: 'auth.sign_in_failed', targetId: null });
  });

  it("the console's sign-in refuses it, as an unknown name", async () => {
    setProcessDatabase(Promise.resolve(t.database));
    const provider = getAuthOptions().providers[0] as unknown as { options: CredentialsConfig };
    const authorize = (username: string) =>
      Promise.resolve(
        provider.options.authorize(
          { username, password: 'any password at all' },
          { headers: {}, method: 'POST', body: {}, query: {} },
        ),
      ) as Promise<User | null>;
    const account = await createAccount({ permissionCodes: [ADMIN] });
    expect(await authorize(account.name)).toBeNull();
    expect(await authorize(unknownName())).toBeNull();
  });

  it('changing its password is refused as for an unknown name', async () => {
    const account = await createAccount();
    const res = await t.call('POST', '/password', {
      body: { username: account.name, currentPassword: 'whatever it is', newPassword: newPassword() },
    });
    expectUnauthenticated(res);
  });

  it('an access token or a console session naming it counts for nothing', async () => {
    const account = await createAccount({ permissionCodes: [ADMIN] });
    expectUnauthenticated(await t.as(await signAccessToken(account.id)).get('/admin/permissions'));
    const sid = await startConsoleSession(t.database.db, { userId: account.id });
    const cookie = await sessionCookie({ name: account.name, uid: account.id, ver: 0, sid });
    expect((await consoleCall(t.url, cookie, 'auth.me')).status).toBe(401);
  });

  it('the operations on users do not reach it: no password, no person changes, no sessions', async () => {
    const account = await createAccount();
    const id = account.id;
    for (const [method, path, body] of [
      ['PUT', `/admin/users/${id}/password`, { password: newPassword() }],
      ['PUT', `/admin/users/${id}/password`, { generate: true }],
      ['PUT', `/admin/users/${id}`, { enabled: false }],
      ['DELETE', `/admin/users/${id}`, undefined],
      ['POST', `/admin/users/${id}/unlock`, undefined],
      ['POST', `/admin/users/${id}/api-tokens`, { name: 'x' }],
      ['GET', `/admin/users/${id}/api-tokens`, undefined],
      ['GET', `/admin/users/${id}/sessions`, undefined],
      ['DELETE', `/admin/users/${id}/sessions`, undefined],
    ] as const) {
      const res = await t.withoutChange(() => t.call(method, path, { token: admin.token, body }));
      expectProblem(res, 404, 'NOT_FOUND');
    }
    // Nor a person's token operations to it, nor its own to a person.
    expectProblem(await as.get(`/admin/service-accounts/${admin.id}`), 404, 'NOT_FOUND');
    expectProblem(
      await as.post(`/admin/service-accounts/${admin.id}/tokens`, { name: 'x' }),
      404,
      'NOT_FOUND',
    );
  });

  it("a group's members are set without it: its id is unknown there, and replacing the people keeps it", async () => {
    const group = await t.group();
    const account = await createAccount({ groupIds: [group.id] });
    const person = await t.user();
    const refused = await t.withoutChange(() =>
      as.put(`/admin/groups/${group.id}/users`, { userIds: [person.id, account.id] }),
    );
    expectFieldError(refused, 'userIds');
    expect((await as.put(`/admin/groups/${group.id}/users`, { userIds: [person.id] })).status).toBe(200);
    expect((await as.put(`/admin/groups/${group.id}/users`, { userIds: [] })).status).toBe(200);
    expect((await as.get(`/admin/service-accounts/${account.id}`)).body.groups).toEqual([group.code]);
  });
});

describe('an incident', () => {
  it('is assigned to people only: a service account is an unknown username there', async () => {
    const account = await createAccount();
    const incident = await t.as(admin.token).post('/incidents', reportBody());
    expect(incident.status, incident.text).toBe(200);
    const res = await t.withoutChange(() =>
      as.post(`/incidents/${incident.body.id}/assign`, { username: account.name }),
    );
    expectFieldError(res, 'username');
    expect((await as.get(`/incidents/${incident.body.id}`)).body.assignee).toBeNull();
  });
});

describe('bad input changes nothing', () => {
  it('refuses a bad or taken name, unknown groups and permissions, a long description', async () => {
    const person = await t.user();
    const taken = await createAccount();
    const cases: [Record<string, unknown>, string, number][] = [
      [{ name: '' }, 'name', 400],
      [{ name: 'no spaces allowed' }, 'name', 400],
      [{ name: 'x'.repeat(65) }, 'name', 400],
      [{ name: 7 }, 'name', 400],
      [{ name: unique('e'), groupIds: [987_654_321] }, 'groupIds', 400],
      [{ name: unique('e'), permissionCodes: ['ROOT'] }, 'permissionCodes.0', 400],
      [{ name: unique('e'), description: 'x'.repeat(501) }, 'description', 400],
      [{ name: unique('e'), enabled: 'yes' }, 'enabled', 400],
      [{ name: person.username.toUpperCase() }, 'name', 409],
      [{ name: taken.name }, 'name', 409],
    ];
    for (const [body, field, status] of cases) {
      const res = await t.withoutChange(() => as.post('/admin/service-accounts', body));
      expect(res.status, `${JSON.stringify(body)}: ${res.text}`).toBe(status);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    // A person cannot take a service account's name either.
    const res = await t.withoutChange(() =>
      as.post('/admin/users', { username: taken.name, password: newPassword() }),
    );
    expectProblem(res, 409, 'CONFLICT');
  });

  it('refuses bad changes and bad tokens', async () => {
    const account = await createAccount();
    for (const body of [
      { description: 'x'.repeat(501) },
      { groupIds: [987_654_321] },
      { permissionCodes: ['ROOT'] },
      { enabled: 'no' },
    ]) {
      const res = await t.withoutChange(() => as.put(`/admin/service-accounts/${account.id}`, body));
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
    for (const body of [
      { name: '   ' },
      { name: 'x', scope: 'ROOT' },
      { name: 'x', expiresAt: '2001-01-01T00:00:00' },
    ]) {
      const res = await t.withoutChange(() => as.post(`/admin/service-accounts/${account.id}/tokens`, body));
      expectProblem(res, 400, 'VALIDATION_FAILED');
    }
  });
});

describe('the last-administrator rule counts people only', () => {
  // A database of its own, so that its one person administrator is the last one.
  const solo = useTestApi();

  it('a service account holding ACCESS_BPM_ADMIN does not let the last person administrator go', async () => {
    const root = await solo.admin();
    const created = await solo.as(root.token).post('/admin/service-accounts', {
      name: unique('provisioner'),
      permissionCodes: [ADMIN],
    });
    expect(created.status, created.text).toBe(200);
    const tokenRes = await solo
      .as(root.token)
      .post(`/admin/service-accounts/${created.body.id}/tokens`, { name: 'provisioning' });
    const robot = solo.as(tokenRes.body.token);

    for (const change of [{ enabled: false }, { permissionCodes: [] }]) {
      const res = await solo.withoutChange(() => robot.put(`/admin/users/${root.id}`, change));
      expectProblem(res, 409, 'LAST_ADMIN');
    }
    expectProblem(await solo.withoutChange(() => robot.del(`/admin/users/${root.id}`)), 409, 'LAST_ADMIN');

    // With a second person administrator, the first may go: the robot's rights were never the reason.
    const group = await solo.group([ADMIN], newCode());
    const second = await solo.user({ groupIds: [group.id] });
    expectNoContent(await robot.del(`/admin/users/${root.id}`));
    expect((await robot.get(`/admin/users/${second.id}`)).status).toBe(200);
  });
});

describe('the first start', () => {
  it('creates the administrator on a database that holds only service accounts', async () => {
    const fresh = await openTestDatabase();
    try {
      await fresh.db
        .insert(users)
        .values({ kind: 'SERVICE', username: unique('engine'), passwordHash: null });
      const password = newPassword();
      await bootstrapAdmin(fresh.db, { username: 'root', password }, () => {});
      const token = await (await callerWith(fresh)).auth.createToken({ username: 'root', password });
      const me = await (await callerWith(fresh, `Bearer ${token.accessToken}`)).auth.me();
      expect(me.permissions).toEqual([ADMIN]);
    } finally {
      await fresh.close();
    }
  });
});
