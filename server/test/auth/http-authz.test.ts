// Who may call the administration API over HTTP (docs/contract.md §4): every operation against every kind of
// credential, permissions through groups and API tokens, and tokens dying with their user.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALL_BUT_ADMIN,
  OPERATIONS,
  bearer,
  createTarget,
  expectNoContent,
  expectProblem,
  expectUnauthenticated,
  newPassword,
  operationsWithBody,
  operationsWithId,
  send,
  signAccessToken,
  tamperJwt,
  unknownApiToken,
  useTestApi,
  type Actor,
  type ApiResponse,
} from '../support/http-helpers';
import { HANG_MARGIN_MS } from '../support/hang-bounds';

const t = useTestApi();

/** Kinds of credentials and the answer each must get from every admin operation. */
interface CredentialCase {
  name: string;
  headers: () => Record<string, string>;
  outcome: 401 | 403 | 'success';
}

let admin: Actor;
const credentials: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  admin = await t.admin();
  const nonAdmin = await t.actor(ALL_BUT_ADMIN);
  const disabled = await t.actor([ADMIN], { enabled: false });
  const deleted = await t.admin();
  expectNoContent(await t.as(admin.token).del(`/admin/users/${deleted.id}`));

  credentials.none = {};
  credentials.malformed = { authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` };
  credentials.tampered = bearer(tamperJwt(nonAdmin.token, { sub: String(admin.id) }));
  credentials.expired = bearer(await signAccessToken(admin.id, { expiresInSeconds: -60 }));
  credentials.unknownApiToken = bearer(unknownApiToken());
  credentials.nonAdmin = bearer(nonAdmin.token);
  credentials.disabled = bearer(disabled.token);
  credentials.deleted = bearer(deleted.token);
  credentials.admin = bearer(admin.token);
});

const CASES: CredentialCase[] = [
  { name: 'no token', headers: () => credentials.none, outcome: 401 },
  { name: 'a malformed Authorization header', headers: () => credentials.malformed, outcome: 401 },
  { name: 'a tampered JWT', headers: () => credentials.tampered, outcome: 401 },
  { name: 'an expired JWT', headers: () => credentials.expired, outcome: 401 },
  { name: 'an unknown API token', headers: () => credentials.unknownApiToken, outcome: 401 },
  { name: 'a user lacking ACCESS_BPM_ADMIN', headers: () => credentials.nonAdmin, outcome: 403 },
  { name: 'a disabled admin', headers: () => credentials.disabled, outcome: 401 },
  { name: 'a deleted admin', headers: () => credentials.deleted, outcome: 401 },
  { name: 'an admin', headers: () => credentials.admin, outcome: 'success' },
];

describe.each(OPERATIONS)('$name ($method)', (op) => {
  it.each(CASES)('with $name', async ({ headers, outcome }) => {
    const target = await createTarget(t);
    if (outcome === 'success') {
      const res = await send(t, op, target, { headers: headers() });
      expect(res.status, res.text).toBe(op.success);
      if (op.success === 204) expect(res.text).toBe('');
      return;
    }
    const res = await t.withoutChange(() => send(t, op, target, { headers: headers() }));
    if (outcome === 401) expectUnauthenticated(res);
    else expectProblem(res, 403, 'FORBIDDEN');
  });
});

describe('credentials', () => {
  it.each([
    ['Basic scheme', 'Basic YWRtaW46c2VjcmV0'],
    ['Bearer without a token', 'Bearer'],
    ['Bearer with two words', 'Bearer abc def'],
    ['a bare token', 'bpm_abc'],
    ['a JWT that is not one', 'Bearer not.a.jwt'],
  ])('a malformed Authorization header (%s) is 401', async (_, authorization) => {
    expectUnauthenticated(await t.call('GET', '/admin/users', { headers: { authorization } }));
  });

  it('the Bearer scheme is case-insensitive', async () => {
    const res = await t.call('GET', '/admin/users', { headers: { authorization: `bearer ${admin.token}` } });
    expect(res.status).toBe(200);
  });

  it('an access token signed here with a future expiry is accepted (so the expired one fails for its expiry)', async () => {
    const token = await signAccessToken(admin.id, { expiresInSeconds: 600 });
    expect((await t.as(token).get('/admin/users')).status).toBe(200);
  });

  it('a JWT signed with another secret is 401', async () => {
    const { SignJWT } = await import('jose');
    const forged = await new SignJWT({ ver: 0 })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setSubject(String(admin.id))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('some-other-secret-of-enough-length'));
    expectUnauthenticated(await t.as(forged).get('/admin/users'));
  });

  it('a JWT with an "alg":"none" header is 401', async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const unsigned = `${part({ alg: 'none', typ: 'at+jwt' })}.${part({ sub: String(admin.id), ver: 0, exp: 9999999999 })}.`;
    expectUnauthenticated(await t.as(unsigned).get('/admin/users'));
  });

  it('an access token carrying a stale token version is 401', async () => {
    const token = await signAccessToken(admin.id, { ver: 1 });
    expectUnauthenticated(await t.as(token).get('/admin/users'));
  });

  it('POST /api/tokens issues a Bearer access token that works on the API', async () => {
    const user = await t.actor([ADMIN]);
    const res = await t.signIn(user.username, user.user.password);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ accessToken: expect.any(String), tokenType: 'Bearer', expiresIn: 3600 });
    const header = JSON.parse(Buffer.from(res.body.accessToken.split('.')[0], 'base64url').toString());
    expect(header).toMatchObject({ alg: 'HS256', typ: 'at+jwt' });
    expect((await t.as(res.body.accessToken).get('/admin/users')).status).toBe(200);
  });

  it('POST /api/tokens refuses a disabled user with the same 401 as a wrong password', async () => {
    const disabled = await t.actor([ADMIN], { enabled: false });
    const refused = await t.signIn(disabled.username, disabled.user.password);
    const wrong = await t.signIn(admin.username, 'not-the-password');
    expectUnauthenticated(refused);
    expect(refused.body).toEqual(wrong.body);
  });
});

describe('effective permissions', () => {
  it('an admin only through a group may read and change', async () => {
    const adminGroup = await t.group([ADMIN]);
    const viaGroup = await t.actor([], { groupIds: [adminGroup.id] });
    const as = t.as(viaGroup.token);
    expect((await as.get('/admin/users')).status).toBe(200);
    const created = await as.post('/admin/groups', {
      code: `VIA_${adminGroup.code}`,
      name: 'made via group',
    });
    expect(created.status, created.text).toBe(200);
  });

  it('losing the group that grants ACCESS_BPM_ADMIN takes effect on the next request', async () => {
    const adminGroup = await t.group([ADMIN]);
    const viaGroup = await t.actor([], { groupIds: [adminGroup.id] });
    expect((await t.as(viaGroup.token).get('/admin/users')).status).toBe(200);
    await t.as(admin.token).put(`/admin/groups/${adminGroup.id}/users`, { userIds: [] });
    expectProblem(await t.as(viaGroup.token).get('/admin/users'), 403, 'FORBIDDEN');
  });

  it("an API token acts with its user's current permissions, direct or through a group", async () => {
    const holder = await t.actor([]);
    const created = await t.as(admin.token).post(`/admin/users/${holder.id}/api-tokens`, { name: 'ext' });
    expect(created.status).toBe(200);
    const asToken = t.as(created.body.token);
    expectProblem(await asToken.get('/admin/users'), 403, 'FORBIDDEN');

    await t.as(admin.token).put(`/admin/users/${holder.id}`, { permissionCodes: [ADMIN] });
    expect((await asToken.get('/admin/users')).status).toBe(200);

    await t.as(admin.token).put(`/admin/users/${holder.id}`, { permissionCodes: [] });
    expectProblem(await asToken.get('/admin/users'), 403, 'FORBIDDEN');

    const adminGroup = await t.group([ADMIN]);
    await t.as(admin.token).put(`/admin/groups/${adminGroup.id}/users`, { userIds: [holder.id] });
    expect((await asToken.get('/admin/users')).status).toBe(200);
  });
});

describe('tokens stop working at once', () => {
  /** An admin user holding a working access token and a working API token. */
  async function userWithTokens() {
    const user = await t.actor([ADMIN]);
    const signedIn = await t.signIn(user.username, user.user.password);
    const apiToken = await t.as(admin.token).post(`/admin/users/${user.id}/api-tokens`, { name: 'ext' });
    const tokens = { access: signedIn.body.accessToken as string, api: apiToken.body.token as string };
    for (const token of Object.values(tokens))
      expect((await t.as(token).get('/admin/users')).status).toBe(200);
    return { user, tokens, tokenId: apiToken.body.id as number };
  }

  async function expectBothDead(tokens: { access: string; api: string }) {
    for (const token of Object.values(tokens)) expectUnauthenticated(await t.as(token).get('/admin/users'));
  }

  it('when the user is disabled', async () => {
    const { user, tokens } = await userWithTokens();
    expect((await t.as(admin.token).put(`/admin/users/${user.id}`, { enabled: false })).status).toBe(200);
    await expectBothDead(tokens);
  });

  it('under a stream of requests: none sent after the disable has answered is served', async () => {
    const { user, tokens } = await userWithTokens();
    let disabledAt = Number.POSITIVE_INFINITY;
    let stop = false;
    const served = { before: 0, after: 0, refusedAfter: 0 };
    // Eight clients keep both tokens busy, so that reads of the user are in flight when the change commits.
    const client = async (token: string) => {
      while (!stop) {
        const sentAt = performance.now();
        const res = await t.as(token).get('/admin/users');
        if (sentAt < disabledAt) served.before += res.status === 200 ? 1 : 0;
        else if (res.status === 200) served.after++;
        else served.refusedAfter++;
      }
    };
    const clients = [...Array(4)].flatMap(() => [client(tokens.access), client(tokens.api)]);
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect((await t.as(admin.token).put(`/admin/users/${user.id}`, { enabled: false })).status).toBe(200);
    disabledAt = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 150));
    stop = true;
    await Promise.all(clients);
    expect(served.before).toBeGreaterThan(0);
    expect(served.refusedAfter).toBeGreaterThan(0);
    expect(served.after).toBe(0);
  });

  it('when the user is deleted', async () => {
    const { user, tokens } = await userWithTokens();
    expectNoContent(await t.as(admin.token).del(`/admin/users/${user.id}`));
    await expectBothDead(tokens);
  });

  it("when the user's password is reset; the new password signs in, the old one does not", async () => {
    const { user, tokens } = await userWithTokens();
    const password = newPassword();
    expectNoContent(await t.as(admin.token).put(`/admin/users/${user.id}/password`, { password }));
    await expectBothDead(tokens);
    expectUnauthenticated(await t.signIn(user.username, user.user.password));
    expect((await t.signIn(user.username, password)).status).toBe(200);
  });

  it('when the API token is revoked (the access token keeps working)', async () => {
    const { tokens, tokenId } = await userWithTokens();
    expectNoContent(await t.as(admin.token).del(`/admin/api-tokens/${tokenId}`));
    expectUnauthenticated(await t.as(tokens.api).get('/admin/users'));
    expect((await t.as(tokens.access).get('/admin/users')).status).toBe(200);
  });

  it('when the API token passes its expiry', async () => {
    const holder = await t.actor([ADMIN]);
    const inTwoSeconds = new Date(Date.now() + 2000).toISOString().slice(0, 19); // TZ is UTC in tests
    const created = await t
      .as(admin.token)
      .post(`/admin/users/${holder.id}/api-tokens`, { name: 'short', expiresAt: inTwoSeconds });
    expect(created.status, created.text).toBe(200);
    expect(created.body.expiresAt).toBe(inTwoSeconds);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expectUnauthenticated(await t.as(created.body.token).get('/admin/users'));
  });
});

// The service remembers what credentials resolve to (server/auth/auth-cache.ts). Its own changes are
// seen by the very next request (above); a change made by anyone else (another server process, psql) is
// announced by the database's triggers and must be heard. The tests' servers keep what they read for two
// minutes (AUTH_CACHE_TTL_MS, vitest.config.ts), so a refusal within the hang margin came by notification.
describe('changes made outside the service', () => {
  async function untilRefused(token: string, status: 401 | 403): Promise<void> {
    const started = Date.now();
    while ((await t.as(token).get('/admin/users')).status !== status) {
      if (Date.now() - started > HANG_MARGIN_MS) throw new Error(`still not ${status} after the margin`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  async function workingTokens() {
    const user = await t.actor([ADMIN]);
    const apiToken = await t.as(admin.token).post(`/admin/users/${user.id}/api-tokens`, { name: 'ext' });
    const tokens = { access: user.token, api: apiToken.body.token as string };
    for (const token of Object.values(tokens))
      expect((await t.as(token).get('/admin/users')).status).toBe(200);
    return { user, tokens, tokenId: apiToken.body.id as number };
  }

  it('a user disabled in the database loses both tokens at the notification', async () => {
    const { user, tokens } = await workingTokens();
    await t.database.db.execute(sql`update users set enabled = false where id = ${user.id}`);
    for (const token of Object.values(tokens)) await untilRefused(token, 401);
  });

  it('a user deleted in the database loses both tokens at the notification', async () => {
    const { user, tokens } = await workingTokens();
    await t.database.db.execute(sql`delete from users where id = ${user.id}`);
    for (const token of Object.values(tokens)) await untilRefused(token, 401);
  });

  it('an API token deleted or expired in the database stops working at the notification', async () => {
    const first = await workingTokens();
    await t.database.db.execute(sql`delete from api_tokens where id = ${first.tokenId}`);
    await untilRefused(first.tokens.api, 401);
    const second = await workingTokens();
    await t.database.db.execute(
      sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${second.tokenId}`,
    );
    await untilRefused(second.tokens.api, 401);
    expect((await t.as(second.tokens.access).get('/admin/users')).status).toBe(200);
  });

  it("a permission taken from a user's group in the database is gone at the notification", async () => {
    const adminGroup = await t.group([ADMIN]);
    const member = await t.actor([], { groupIds: [adminGroup.id] });
    expect((await t.as(member.token).get('/admin/users')).status).toBe(200);
    await t.database.db.execute(sql`update groups set permissions = '{}' where id = ${adminGroup.id}`);
    await untilRefused(member.token, 403);
  });
});

describe("permission changes through the API apply to the user's next request", () => {
  it('taking the permission from the group, then the membership', async () => {
    const adminGroup = await t.group([ADMIN]);
    const member = await t.actor([], { groupIds: [adminGroup.id] });
    const memberCalls = () => t.as(member.token).get('/admin/users');
    expect((await memberCalls()).status).toBe(200);
    const change = async (path: string, body: object) =>
      expect((await t.as(admin.token).put(path, body)).status).toBe(200);
    await change(`/admin/groups/${adminGroup.id}`, { permissionCodes: [] });
    expectProblem(await memberCalls(), 403, 'FORBIDDEN');
    await change(`/admin/groups/${adminGroup.id}`, { permissionCodes: [ADMIN] });
    expect((await memberCalls()).status).toBe(200);
    await change(`/admin/users/${member.id}`, { groupIds: [] });
    expectProblem(await memberCalls(), 403, 'FORBIDDEN');
  });

  it('granting a direct permission', async () => {
    const user = await t.actor([]);
    expectProblem(await t.as(user.token).get('/admin/users'), 403, 'FORBIDDEN');
    const granted = await t.as(admin.token).put(`/admin/users/${user.id}`, { permissionCodes: [ADMIN] });
    expect(granted.body.effectivePermissions).toEqual([ADMIN]);
    expect((await t.as(user.token).get('/admin/users')).status).toBe(200);
  });
});

describe('authentication and permission come before input validation', () => {
  const nonAdmin = () => credentials.nonAdmin;
  const cases: [string, () => Record<string, string>, (res: ApiResponse) => void][] = [
    ['without a token: 401', () => credentials.none, expectUnauthenticated],
    ['with a non-admin token: 403', nonAdmin, (res) => expectProblem(res, 403, 'FORBIDDEN')],
  ];

  describe.each(cases)('%s', (_, headers, expectRefusal) => {
    it.each(operationsWithBody)('$name with a body that is not JSON', async (op) => {
      const target = await createTarget(t);
      expectRefusal(
        await t.withoutChange(() => send(t, op, target, { headers: headers(), rawBody: '{"a":' })),
      );
    });

    it.each(operationsWithBody)('$name with a body of wrong fields', async (op) => {
      const target = await createTarget(t);
      const body = { code: 'lower', name: 7, userIds: ['x'], username: '', password: 1, enabled: 'no' };
      expectRefusal(await t.withoutChange(() => send(t, op, target, { headers: headers(), body })));
    });

    it.each(operationsWithId)('$name with an invalid path id', async (op) => {
      const target = await createTarget(t);
      expectRefusal(await t.withoutChange(() => send(t, op, target, { headers: headers(), id: 'abc' })));
    });

    it('listAuditEvents with an invalid page', async () => {
      expectRefusal(await t.call('GET', '/admin/audit-events?page=-1&size=0', { headers: headers() }));
    });

    it('a body over 64 KiB is refused without reading it as input', async () => {
      const res = await t.withoutChange(() =>
        t.call('POST', '/admin/groups', {
          headers: { ...headers(), 'content-type': 'application/json' },
          rawBody: JSON.stringify({ code: 'BIG', name: 'x'.repeat(70 * 1024) }),
        }),
      );
      // The transport may refuse the size first (413); it must never get as far as the procedure.
      expect([401, 403, 413]).toContain(res.status);
    });
  });
});
