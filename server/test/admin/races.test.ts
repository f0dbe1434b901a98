// Concurrent real HTTP requests against PostgreSQL: uniqueness, last-admin protection and membership
// replacement hold under races. (PGlite has one connection and cannot race; these run on PostgreSQL.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import {
  accessTokenFor,
  api,
  createTestGroup,
  createTestUser,
  onPostgres,
  openTestDatabase,
  startApiServer,
  unique,
} from '../support/helpers';

const N = 12;

describe.runIf(onPostgres)('races on PostgreSQL', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startApiServer>>;
  let token: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startApiServer(database);
    token = await accessTokenFor(await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] }));
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

  it(`${N} concurrent creations of one username (any case) make exactly one user`, async () => {
    const username = unique('race');
    const results = await Promise.all(
      Array.from({ length: N }, (_, i) =>
        api(server.url, 'POST', '/admin/users', {
          token,
          body: { username: i % 2 ? username.toUpperCase() : username, password: 'race password 123' },
        }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(N - 1).fill(409)]);
    const listed = await api(server.url, 'GET', `/admin/users?q=${username}`, { token });
    expect(listed.body).toHaveLength(1);
  });

  it(`${N} concurrent creations of one group code make exactly one group`, async () => {
    const code = unique('RACE').toUpperCase();
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        api(server.url, 'POST', '/admin/groups', { token, body: { code, name: 'Race' } }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(N - 1).fill(409)]);
  });

  it('two last admins disabling each other at once: exactly one succeeds', async () => {
    const db = await openTestDatabase();
    const srv = await startApiServer(db);
    try {
      const [a, b] = [
        await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] }),
        await createTestUser(db, { permissions: ['ACCESS_BPM_ADMIN'] }),
      ];
      const [ta, tb] = [await accessTokenFor(a), await accessTokenFor(b)];
      const results = await Promise.all([
        api(srv.url, 'PUT', `/admin/users/${b.id}`, { token: ta, body: { enabled: false } }),
        api(srv.url, 'PUT', `/admin/users/${a.id}`, { token: tb, body: { enabled: false } }),
      ]);
      // The loser is refused: LAST_ADMIN, or 401 when the winner's change (disabling the loser, which
      // kills the loser's tokens) committed before the loser's request was authenticated.
      const loser = results.find((r) => r.status !== 200);
      expect(results.filter((r) => r.status === 200)).toHaveLength(1);
      expect([409, 401]).toContain(loser?.status);
      if (loser?.status === 409) expect(loser.body.code).toBe('LAST_ADMIN');
      const winner = results[0].status === 200 ? ta : tb;
      const users = await api(srv.url, 'GET', '/admin/users', { token: winner });
      expect(users.body.filter((u: { enabled: boolean }) => u.enabled)).toHaveLength(1);
    } finally {
      await srv.close();
      await db.close();
    }
  });

  it(`${N} concurrent membership replacements leave exactly one of the requested sets`, async () => {
    const group = await createTestGroup(database);
    const members = await Promise.all(Array.from({ length: 6 }, () => createTestUser(database)));
    const sets = Array.from({ length: N }, (_, i) => [
      members[i % 6].id,
      members[(i + 1) % 6].id,
      members[(i + 3) % 6].id,
    ]);
    const results = await Promise.all(
      sets.map((userIds) =>
        api(server.url, 'PUT', `/admin/groups/${group.id}/users`, { token, body: { userIds } }),
      ),
    );
    expect(statuses(results)).toEqual(Array(N).fill(200));
    const final = (await api(server.url, 'GET', `/admin/groups/${group.id}/users`, { token })).body.map(
      (u: { id: number }) => u.id,
    );
    expect(sets.map((s) => [...s].sort((x, y) => x - y).join())).toContain(final.join());
  });

  it(`${N} concurrent wrong passwords check exactly 5, then the username is locked`, async () => {
    const user = await createTestUser(database);
    const results = await Promise.all(
      Array.from({ length: N }, () =>
        api(server.url, 'POST', '/tokens', { body: { username: user.username, password: 'wrong password' } }),
      ),
    );
    // Each attempt is counted before its password is checked: five are checked, the others refused.
    expect(statuses(results).filter((s) => s === 401)).toHaveLength(5);
    expect(statuses(results).filter((s) => s === 429)).toHaveLength(N - 5);
    const after = await api(server.url, 'POST', '/tokens', {
      body: { username: user.username, password: user.password },
    });
    expect(after.status).toBe(429);
    expect(Number(after.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});
