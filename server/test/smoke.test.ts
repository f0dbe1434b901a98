import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { api, createTestUser, openTestDatabase, startApiServer } from './helpers';

describe('smoke', () => {
  let database: Database;
  let server: Awaited<ReturnType<typeof startApiServer>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    server = await startApiServer(database);
  });
  afterAll(async () => {
    await server.close();
    await database.close();
  });

  it('issues a token and lists users', async () => {
    const admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
    const tok = await api(server.url, 'POST', '/tokens', {
      body: { username: admin.username, password: admin.password },
    });
    expect(tok.status).toBe(200);
    const list = await api(server.url, 'GET', '/admin/users', { token: tok.body.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.map((u: { username: string }) => u.username)).toContain(admin.username);
  });
});
