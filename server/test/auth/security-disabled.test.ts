// SECURITY_DISABLED=true: every request acts as "anonymous" with all permissions (docs/contract.md §4).
// Its own file: the environment is read once per process.
import { describe, expect, it } from 'vitest';
import { useTestApi } from '../support/http-helpers';

process.env.SECURITY_DISABLED = 'true';

describe('with SECURITY_DISABLED=true', () => {
  const t = useTestApi();

  it('serves admin operations without a token, acting as anonymous', async () => {
    const created = await t.as().post('/admin/groups', { code: 'OPEN', name: 'Open' });
    expect(created.status).toBe(200);
    const audit = await t.as().get('/admin/audit-events');
    expect(audit.body.content[0]).toMatchObject({ actor: 'anonymous', action: 'group.create' });
  });

  it('ignores whatever token is sent', async () => {
    expect((await t.as('garbage').get('/admin/users')).status).toBe(200);
  });
});
