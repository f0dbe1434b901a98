// SECURITY_DISABLED=true: every request acts as "anonymous" with all permissions (contract section 4).
// Its own file: the environment is read once per process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { api, openTestDatabase, startApiServer } from './helpers';

process.env.SECURITY_DISABLED = 'true';

describe('with SECURITY_DISABLED=true', () => {
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

  it('serves admin operations without a token, acting as anonymous', async () => {
    const created = await api(server.url, 'POST', '/admin/groups', { body: { code: 'OPEN', name: 'Open' } });
    expect(created.status).toBe(200);
    const audit = await api(server.url, 'GET', '/admin/audit-events');
    expect(audit.body.content[0]).toMatchObject({ actor: 'anonymous', action: 'group.create' });
  });

  it('ignores whatever token is sent', async () => {
    const res = await api(server.url, 'GET', '/admin/users', { token: 'garbage' });
    expect(res.status).toBe(200);
  });
});
