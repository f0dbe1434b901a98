// Bad input over HTTP (docs/contract.md §2, §3 and §5): every refusal is a problem document with the right
// status, code and field, and leaves the database as it was. Also conflicts, the last-admin rule, the body
// size limit and sign-in throttling.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, unique } from '../support/helpers';
import {
  ADMIN,
  bearer,
  createTarget,
  expectFieldError,
  expectProblem,
  expectUnauthenticated,
  newCode,
  newPassword,
  operationsWithBody,
  operationsWithId,
  send,
  useTestApi,
  type Actor,
  type ApiResponse,
  type Client,
} from '../support/http-helpers';

const t = useTestApi();

let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** Sends a request as the admin and asserts that it changed nothing. */
const unchanged = (request: () => Promise<ApiResponse>) => t.withoutChange(request);

describe('bodies that are not a JSON object', () => {
  const bodies: [string, string][] = [
    ['malformed JSON', '{"name": "x",'],
    ['a JSON array', '[{"name": "x"}]'],
    ['a JSON string', '"name"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
  ];

  describe.each(operationsWithBody)('$name', (op) => {
    it.each(bodies)('%s is 400 naming the body', async (_, rawBody) => {
      const target = await createTarget(t);
      const res = await unchanged(() => send(t, op, target, { headers: bearer(admin.token), rawBody }));
      expectFieldError(res, '(body)');
    });
  });

  it.each(bodies)('POST /api/tokens with %s is 400', async (_, rawBody) => {
    const res = await t.call('POST', '/tokens', { rawBody, headers: { 'content-type': 'application/json' } });
    expectProblem(res, 400, 'VALIDATION_FAILED');
  });
});

/** A request as the admin that must be 400 naming `field` and change nothing. */
async function expectRejected(field: string, method: string, path: string, body: unknown) {
  const res = await unchanged(() => t.call(method, path, { token: admin.token, body }));
  expectFieldError(res, field);
  return res;
}

describe('createUser: invalid fields', () => {
  const valid = () => ({ username: unique('u.'), password: newPassword() });
  const cases: [string, string, Record<string, unknown>][] = [
    ['username missing', 'username', { username: undefined }],
    ['password missing', 'password', { password: undefined }],
    ['username not a string', 'username', { username: 12345 }],
    ['username of 2 characters', 'username', { username: 'ab' }],
    ['username of 65 characters', 'username', { username: 'u'.repeat(65) }],
    ['username with a space', 'username', { username: 'john doe' }],
    ['username with a slash', 'username', { username: 'john/doe' }],
    ['username with a non-ASCII letter', 'username', { username: 'jöhn' }],
    ['password of 11 characters', 'password', { password: 'a'.repeat(11) }],
    ['password of 129 characters', 'password', { password: 'a'.repeat(129) }],
    ['password not a string', 'password', { password: 123456789012345 }],
    ['enabled as the string "false"', 'enabled', { enabled: 'false' }],
    ['enabled as 0', 'enabled', { enabled: 0 }],
    ['enabled null', 'enabled', { enabled: null }],
    ['groupIds with a string id', 'groupIds', { groupIds: ['1'] }],
    ['groupIds with true', 'groupIds', { groupIds: [true] }],
    ['groupIds with 1.5', 'groupIds', { groupIds: [1.5] }],
    ['groupIds with 0', 'groupIds', { groupIds: [0] }],
    ['groupIds with -1', 'groupIds', { groupIds: [-1] }],
    ['groupIds with 2^53+1', 'groupIds', { groupIds: [9007199254740993] }],
    ['groupIds not an array', 'groupIds', { groupIds: 1 }],
    ['permissionCodes not an array', 'permissionCodes', { permissionCodes: 'ACCESS_BPM_ADMIN' }],
    ['an unknown permission code', 'permissionCodes', { permissionCodes: ['ACCESS_EVERYTHING'] }],
    ['a lower-case permission code', 'permissionCodes', { permissionCodes: ['access_bpm_admin'] }],
  ];

  it.each(cases)('%s is 400', async (_, field, change) => {
    await expectRejected(field, 'POST', '/admin/users', { ...valid(), ...change });
  });

  it('the password equal to the username (ignoring case) is 400', async () => {
    const username = unique('same.as.password');
    await expectRejected('password', 'POST', '/admin/users', { username, password: username });
    await expectRejected('password', 'POST', '/admin/users', { username, password: username.toUpperCase() });
  });

  it('an unknown group id is 400 naming groupIds', async () => {
    const group = await t.group();
    await expectRejected('groupIds', 'POST', '/admin/users', { ...valid(), groupIds: [group.id, 987654321] });
  });

  it('the longest and shortest valid values are accepted', async () => {
    const username = `${unique('u')}.`.padEnd(64, 'x');
    const res = await as.post('/admin/users', { username, password: 'p'.repeat(128) });
    expect(res.status, res.text).toBe(200);
    const short = await as.post('/admin/users', { username: 'a.b', password: 'p'.repeat(12) });
    expect(short.status, short.text).toBe(200);
  });
});

describe('updateUser: invalid fields', () => {
  let user: Awaited<ReturnType<typeof t.user>>;
  beforeAll(async () => {
    user = await t.user();
  });
  const cases: [string, string, Record<string, unknown>][] = [
    ['enabled as the string "false"', 'enabled', { enabled: 'false' }],
    ['enabled null', 'enabled', { enabled: null }],
    ['groupIds with a string id', 'groupIds', { groupIds: ['1'] }],
    ['groupIds with true', 'groupIds', { groupIds: [true] }],
    ['groupIds null', 'groupIds', { groupIds: null }],
    ['an unknown permission code', 'permissionCodes', { permissionCodes: ['ACCESS_BPM_ADMIN', 'ROOT'] }],
    ['an unknown group id', 'groupIds', { groupIds: [987654321] }],
  ];

  it.each(cases)('%s is 400', async (_, field, body) => {
    await expectRejected(field, 'PUT', `/admin/users/${user.id}`, body);
  });
});

describe('resetPassword: invalid fields', () => {
  let user: Awaited<ReturnType<typeof t.user>>;
  beforeAll(async () => {
    user = await t.user({ username: unique('reset.target.') });
  });

  it.each([
    ['missing', undefined],
    ['of 11 characters', 'a'.repeat(11)],
    ['of 129 characters', 'a'.repeat(129)],
    ['not a string', 1234567890123],
  ])('a password %s is 400', async (_, password) => {
    await expectRejected('password', 'PUT', `/admin/users/${user.id}/password`, { password });
  });

  it('a password equal to the username (ignoring case) is 400', async () => {
    const path = `/admin/users/${user.id}/password`;
    await expectRejected('password', 'PUT', path, { password: user.username });
    await expectRejected('password', 'PUT', path, { password: user.username.toUpperCase() });
  });
});

describe('createGroup: invalid fields', () => {
  const valid = () => ({ code: newCode(), name: 'Group' });
  const cases: [string, string, Record<string, unknown>][] = [
    ['code missing', 'code', { code: undefined }],
    ['name missing', 'name', { name: undefined }],
    ['an empty code', 'code', { code: '' }],
    ['a lower-case code', 'code', { code: 'operators' }],
    ['a mixed-case code', 'code', { code: 'Operators' }],
    ['a code starting with a digit', 'code', { code: '1OPS' }],
    ['a code starting with _', 'code', { code: '_OPS' }],
    ['a code with a dash', 'code', { code: 'OPS-1' }],
    ['a code of 65 characters', 'code', { code: 'C'.repeat(65) }],
    ['a code that is a number', 'code', { code: 7 }],
    ['an empty name', 'name', { name: '' }],
    ['a blank name', 'name', { name: '   ' }],
    ['a name of 201 characters', 'name', { name: 'n'.repeat(201) }],
    ['a name that is not a string', 'name', { name: 5 }],
    ['an unknown permission code', 'permissionCodes', { permissionCodes: ['ACCESS_NOTHING'] }],
    ['permissionCodes with a number', 'permissionCodes', { permissionCodes: [1] }],
  ];

  it.each(cases)('%s is 400', async (_, field, change) => {
    await expectRejected(field, 'POST', '/admin/groups', { ...valid(), ...change });
  });

  it('a code of 64 characters and a name of 200 are accepted', async () => {
    const res = await as.post('/admin/groups', { code: newCode().padEnd(64, 'X'), name: 'n'.repeat(200) });
    expect(res.status, res.text).toBe(200);
  });
});

describe('updateGroup and updateGroupUsers: invalid fields', () => {
  let group: Awaited<ReturnType<typeof t.group>>;
  beforeAll(async () => {
    group = await t.group();
  });

  it.each([
    ['an empty name', 'name', { name: '' }],
    ['a name of 201 characters', 'name', { name: 'n'.repeat(201) }],
    ['a name null', 'name', { name: null }],
    ['an unknown permission code', 'permissionCodes', { permissionCodes: ['NOPE'] }],
    ['permissionCodes as a string', 'permissionCodes', { permissionCodes: 'ACCESS_BPM_MODELER' }],
  ])('updateGroup with %s is 400', async (_, field, body) => {
    await expectRejected(field, 'PUT', `/admin/groups/${group.id}`, body);
  });

  it.each([
    ['missing', 'userIds', {}],
    ['with a string id', 'userIds', { userIds: ['1'] }],
    ['with true', 'userIds', { userIds: [true] }],
    ['with 0', 'userIds', { userIds: [0] }],
    ['not an array', 'userIds', { userIds: 3 }],
  ])('updateGroupUsers with userIds %s is 400', async (_, field, body) => {
    await expectRejected(field, 'PUT', `/admin/groups/${group.id}/users`, body);
  });

  it('updateGroupUsers with an unknown user id is 400 naming userIds and keeps the members', async () => {
    const member = await t.user({ groupIds: [group.id] });
    await expectRejected('userIds', 'PUT', `/admin/groups/${group.id}/users`, {
      userIds: [member.id, 987654321],
    });
  });
});

describe('API tokens and audit events: invalid input', () => {
  it.each([
    ['name missing', 'name', {}],
    ['an empty name', 'name', { name: ' ' }],
    ['a name of 101 characters', 'name', { name: 'n'.repeat(101) }],
    ['expiresAt with an offset', 'expiresAt', { name: 'x', expiresAt: '2099-01-01T00:00:00Z' }],
    ['expiresAt as a date only', 'expiresAt', { name: 'x', expiresAt: '2099-01-01' }],
    ['expiresAt not a date', 'expiresAt', { name: 'x', expiresAt: '2099-13-45T99:99:99' }],
    ['expiresAt in the past', 'expiresAt', { name: 'x', expiresAt: '2000-01-01T00:00:00' }],
  ])('createApiToken with %s is 400', async (_, field, body) => {
    const user = await t.user();
    await expectRejected(field, 'POST', `/admin/users/${user.id}/api-tokens`, body);
  });

  it.each([
    ['page=-1', 'page'],
    ['page=x', 'page'],
    ['size=0', 'size'],
    ['size=1.5', 'size'],
  ])('listAuditEvents with %s is 400', async (query, field) => {
    expectFieldError(await as.get(`/admin/audit-events?${query}`), field);
  });

  it('a search text over 200 characters is 400', async () => {
    expectFieldError(await as.get(`/admin/users?q=${'x'.repeat(201)}`), 'q');
  });
});

describe('path ids', () => {
  const invalid = ['-1', '0', '1.5', 'abc', '9007199254740993', '1e400'];

  describe.each(operationsWithId)('$name', (op) => {
    it.each(invalid)('id %s is 400 naming the id', async (id) => {
      const target = await createTarget(t);
      const res = await unchanged(() => send(t, op, target, { headers: bearer(admin.token), id }));
      expectFieldError(res, op.idParam!);
    });

    it('an unknown well-formed id is 404 NOT_FOUND', async () => {
      const target = await createTarget(t);
      for (const id of ['987654321', '9007199254740991']) {
        const res = await unchanged(() => send(t, op, target, { headers: bearer(admin.token), id }));
        expectProblem(res, 404, 'NOT_FOUND');
      }
    });
  });
});

describe('path ids that are numbers but not written as positive integers', () => {
  // Number() reads these as 16, 1000, 5 and 5; the contract accepts only a positive integer
  // (docs/contract.md §2).
  it.each(['0x10', '1e3', '+5', '5.0', '%205'])('GET /admin/groups/%s/users is 400', async (id) => {
    const res = await as.get(`/admin/groups/${id}/users`);
    expectFieldError(res, 'id');
  });
});

describe('bulk actions by filter: a value of another JSON type is 400', () => {
  const paths = [
    '/incidents/bulk/acknowledge-matching',
    '/incidents/bulk/resolve-matching',
    '/incidents/bulk/retry-matching',
  ];
  const wrong: [string, unknown][] = [
    ['a numeric string', '5'],
    ['true', true],
    ['an array', [1]],
  ];
  const fields: [string, (value: unknown) => Record<string, unknown>][] = [
    ['afterId', (value) => ({ filter: {}, afterId: value })],
    ['limit', (value) => ({ filter: {}, limit: value })],
    ['filter.processInstanceId', (value) => ({ filter: { processInstanceId: value } })],
  ];
  describe.each(paths)('POST %s', (path) => {
    for (const [field, bodyOf] of fields) {
      it.each(wrong)(`${field} as %s`, async (_, value) => {
        await expectRejected(field, 'POST', path, bodyOf(value));
      });
    }
  });

  it('the same over tRPC, and nothing is acknowledged', async () => {
    const res = await unchanged(() =>
      api(t.url, 'POST', '/trpc/incidents.bulkAcknowledgeMatching', {
        token: admin.token,
        body: { filter: {}, limit: '5' },
      }),
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('limit');
  });

  it('a number is taken: afterId, limit and the filter as JSON numbers', async () => {
    const res = await t.call('POST', '/incidents/bulk/acknowledge-matching', {
      token: admin.token,
      body: { filter: { processInstanceId: 987654321 }, afterId: 5, limit: 1 },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ matched: 0 });
  });
});

describe('conflicts', () => {
  it('a username taken in another case is 409 CONFLICT naming username', async () => {
    const existing = await t.user({ username: unique('Taken.') });
    for (const username of [
      existing.username,
      existing.username.toUpperCase(),
      existing.username.toLowerCase(),
    ]) {
      const res = await unchanged(() => as.post('/admin/users', { username, password: newPassword() }));
      expectProblem(res, 409, 'CONFLICT');
      expect(res.body.errors).toEqual([{ field: 'username', message: expect.any(String) }]);
    }
  });

  it('a group code taken is 409 CONFLICT naming code', async () => {
    const existing = await t.group();
    const res = await unchanged(() => as.post('/admin/groups', { code: existing.code, name: 'again' }));
    expectProblem(res, 409, 'CONFLICT');
    expect(res.body.errors).toEqual([{ field: 'code', message: expect.any(String) }]);
  });

  it('concurrent creations of one username (any case) give one 200 and 409s, never a 500', async () => {
    const username = unique('race.');
    const variants = [username, username.toUpperCase(), username, username.toLowerCase(), username];
    const answers = await Promise.all(
      variants.map((name) => as.post('/admin/users', { username: name, password: newPassword() })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    expect((await as.get(`/admin/users?q=${username}`)).body).toHaveLength(1);
  });

  it('concurrent creations of one group code give one 200 and 409s', async () => {
    const code = newCode();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => as.post('/admin/groups', { code, name: 'race' })),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
  });

  it('deleting yourself is 409', async () => {
    const self = await t.admin();
    const res = await unchanged(() => t.as(self.token).del(`/admin/users/${self.id}`));
    expectProblem(res, 409, 'CONFLICT');
  });
});

describe('request size', () => {
  /** A createGroup body of exactly `bytes` bytes, padded with an ignored field. */
  function bodyOf(bytes: number) {
    const base = JSON.stringify({ code: newCode(), name: 'padded', pad: '' });
    return base.replace('"pad":""', `"pad":"${'x'.repeat(bytes - base.length)}"`);
  }

  it('a body of exactly 64 KiB is served', async () => {
    const rawBody = bodyOf(64 * 1024);
    expect(Buffer.byteLength(rawBody)).toBe(65536);
    const res = await t.call('POST', '/admin/groups', {
      token: admin.token,
      rawBody,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status, res.text).toBe(200);
  });

  it('a body over 64 KiB is 413 and changes nothing', async () => {
    const res = await unchanged(() =>
      t.call('POST', '/admin/groups', {
        token: admin.token,
        rawBody: bodyOf(64 * 1024 + 1),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectProblem(res, 413);
  });

  it('a chunked body over 64 KiB (no Content-Length) is 413', async () => {
    const chunk = new TextEncoder().encode(' '.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 5) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await fetch(`${t.url}/api/admin/groups`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect((await res.json()).status).toBe(413);
  });
});

describe('unknown routes', () => {
  it.each([
    ['GET', '/admin/nothing-here'],
    ['PATCH', '/admin/users/1'],
    ['GET', '/nothing'],
  ])('%s %s answers a problem, not a 500', async (method, path) => {
    const res = await t.call(method, path, { token: admin.token });
    expect([404, 405]).toContain(res.status);
  });
});

describe('sign-in', () => {
  it('an unknown user and a wrong password get the same 401 body', async () => {
    const user = await t.user();
    const wrong = await t.signIn(user.username, 'not-the-password');
    const unknown = await t.signIn(unique('nobody'), 'not-the-password');
    expectUnauthenticated(wrong);
    expectUnauthenticated(unknown);
    const { detail, code, title, errors, type, status } = wrong.body;
    expect(unknown.body).toEqual({ detail, code, title, errors, type, status });
  });

  it('after 5 wrong passwords the 6th attempt, even with the right password, is 429 with Retry-After', async () => {
    const user = await t.user();
    for (let i = 0; i < 5; i++) expectUnauthenticated(await t.signIn(user.username, `wrong-${i}`));
    const locked = await t.signIn(user.username, user.password);
    expectProblem(locked, 429, 'RATE_LIMITED');
    const retryAfter = Number(locked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expectProblem(await t.signIn(user.username.toUpperCase(), user.password), 429, 'RATE_LIMITED');
  });

  it('throttles unknown usernames the same way', async () => {
    const nobody = unique('nobody');
    for (let i = 0; i < 5; i++) expectUnauthenticated(await t.signIn(nobody, 'wrong-password'));
    expectProblem(await t.signIn(nobody, 'wrong-password'), 429, 'RATE_LIMITED');
  });

  it('a successful sign-in resets the count of failures', async () => {
    const user = await t.user();
    for (let i = 0; i < 4; i++) await t.signIn(user.username, 'wrong-password');
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expectUnauthenticated(await t.signIn(user.username, 'wrong-password'));
    expect((await t.signIn(user.username, user.password)).status).toBe(200);
  });

  it('throttling one user does not lock out another', async () => {
    const [locked, other] = [await t.user(), await t.user()];
    for (let i = 0; i < 6; i++) await t.signIn(locked.username, 'wrong-password');
    expect((await t.signIn(other.username, other.password)).status).toBe(200);
  });

  it.each([
    ['username missing', { password: 'x' }],
    ['password missing', { username: 'x' }],
    ['username not a string', { username: 1, password: 'x' }],
  ])('%s is 400', async (_, body) => {
    expectProblem(await t.call('POST', '/tokens', { body }), 400, 'VALIDATION_FAILED');
  });
});

// The last-admin rule needs a database in which exactly one enabled user holds ACCESS_BPM_ADMIN.
describe('LAST_ADMIN', () => {
  const own = useTestApi();

  /** Disables everyone, then makes `soleAdmin` the only enabled holder of ACCESS_BPM_ADMIN. */
  async function onlyAdmin(via: 'direct' | 'group') {
    await own.database.db.execute(sql`update users set enabled = false`);
    const adminGroup = await own.group(via === 'group' ? [ADMIN] : []);
    const soleAdmin = await own.actor(via === 'direct' ? [ADMIN] : [], { groupIds: [adminGroup.id] });
    const bystander = await own.actor(['ACCESS_PROCESS_PORTAL']);
    return { soleAdmin, adminGroup, bystander, as: own.as(soleAdmin.token) };
  }

  async function expectLastAdmin(request: () => Promise<ApiResponse>) {
    const res = await own.withoutChange(request);
    expectProblem(res, 409, 'LAST_ADMIN');
  }

  it('the sole admin cannot disable themselves', async () => {
    const { soleAdmin, as } = await onlyAdmin('direct');
    await expectLastAdmin(() => as.put(`/admin/users/${soleAdmin.id}`, { enabled: false }));
  });

  it('the sole admin cannot drop their own ACCESS_BPM_ADMIN', async () => {
    const { soleAdmin, as } = await onlyAdmin('direct');
    await expectLastAdmin(() =>
      as.put(`/admin/users/${soleAdmin.id}`, { permissionCodes: ['ACCESS_PROCESS_PORTAL'] }),
    );
  });

  it('the sole admin cannot delete themselves (409)', async () => {
    const { soleAdmin, as } = await onlyAdmin('direct');
    const res = await own.withoutChange(() => as.del(`/admin/users/${soleAdmin.id}`));
    expectProblem(res, 409);
  });

  it('the group granting the only admin its permission cannot lose ACCESS_BPM_ADMIN', async () => {
    const { adminGroup, as } = await onlyAdmin('group');
    await expectLastAdmin(() => as.put(`/admin/groups/${adminGroup.id}`, { permissionCodes: [] }));
  });

  it('that group cannot be deleted', async () => {
    const { adminGroup, as } = await onlyAdmin('group');
    await expectLastAdmin(() => as.del(`/admin/groups/${adminGroup.id}`));
  });

  it('the only admin cannot be taken out of that group', async () => {
    const { adminGroup, as } = await onlyAdmin('group');
    await expectLastAdmin(() => as.put(`/admin/groups/${adminGroup.id}/users`, { userIds: [] }));
  });

  it('the only admin cannot leave that group through updateUser', async () => {
    const { soleAdmin, as } = await onlyAdmin('group');
    await expectLastAdmin(() => as.put(`/admin/users/${soleAdmin.id}`, { groupIds: [] }));
  });

  it('with a second enabled admin the same changes succeed', async () => {
    const { soleAdmin, adminGroup, bystander, as } = await onlyAdmin('group');
    const second = await as.put(`/admin/users/${bystander.id}`, { permissionCodes: [ADMIN] });
    expect(second.status, second.text).toBe(200);
    expect((await as.put(`/admin/users/${soleAdmin.id}`, { groupIds: [] })).status).toBe(200);
    // soleAdmin is no admin any more; the second one deletes the group.
    expectProblem(await as.get('/admin/users'), 403, 'FORBIDDEN');
    expect((await own.as(bystander.token).del(`/admin/groups/${adminGroup.id}`)).status).toBe(204);
  });

  it('two admins disabling each other at once: exactly one succeeds and one admin remains', async () => {
    const { soleAdmin: a } = await onlyAdmin('direct');
    const b = await own.admin();
    const [ab, ba] = await Promise.all([
      own.as(a.token).put(`/admin/users/${b.id}`, { enabled: false }),
      own.as(b.token).put(`/admin/users/${a.id}`, { enabled: false }),
    ]);
    const statuses = [ab.status, ba.status].sort();
    expect(statuses[0]).toBe(200);
    expect([401, 409]).toContain(statuses[1]);
    const survivor = ab.status === 200 ? a : b;
    const users = (await own.as(survivor.token).get('/admin/users')).body as {
      id: number;
      enabled: boolean;
    }[];
    expect(users.filter((u) => [a.id, b.id].includes(u.id) && u.enabled)).toEqual([
      expect.objectContaining({ id: survivor.id }),
    ]);
  });

  it('enabling a disabled admin does not count until it is enabled', async () => {
    const { soleAdmin, as } = await onlyAdmin('direct');
    const disabledAdmin = await own.actor([ADMIN], { enabled: false });
    await expectLastAdmin(() => as.put(`/admin/users/${soleAdmin.id}`, { enabled: false }));
    expect((await as.put(`/admin/users/${disabledAdmin.id}`, { enabled: true })).status).toBe(200);
    expect((await as.put(`/admin/users/${soleAdmin.id}`, { enabled: false })).status).toBe(200);
  });
});
