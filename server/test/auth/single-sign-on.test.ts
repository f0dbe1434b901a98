// Single sign-on through a real OpenID provider started here (oidc-provider, identity-provider.ts): each
// sign-in gets its ID token by the authorization code flow with PKCE, verified, and hands its claims to the
// console's sign-in (server/auth/oidc-sign-in.ts) as next-auth does. Provisioning, the group mapping at each
// sign-in, refusals that change nothing, the last-administrator rule, and the password entry points closed
// to people of the provider. The browser's side (the button, state, a provider down): e2e/single-sign-on.spec.ts.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../db/schema';
import { parseGroupMapping, type GroupMapping } from '../../../lib/single-sign-on';
import { getAuthOptions } from '../../auth/next-auth';
import { mappedGroupCodes, signInThroughProvider } from '../../auth/oidc-sign-in';
import { getOidcSettings } from '../../auth/oidc-settings';
import { freePort } from '../support/processes';
import {
  expectProblem,
  expectUnauthenticated,
  signAccessToken,
  useTestApi,
  type TestApi,
} from '../support/http-helpers';
import { idTokenClaimsOf, startIdentityProvider, type IdentityProvider } from '../support/identity-provider';
import { callerWith, unique } from '../support/helpers';

const client = {
  clientId: 'bpm-console',
  clientSecret: 'integration-secret',
  redirectUri: 'http://127.0.0.1:1/cb',
};

let idp: IdentityProvider;
beforeAll(async () => {
  idp = await startIdentityProvider({
    port: await freePort(),
    clientId: client.clientId,
    clientSecret: client.clientSecret,
    redirectUris: [client.redirectUri],
  });
});
afterAll(() => idp.stop());

const mapping = (text: string) => parseGroupMapping(text) as GroupMapping;
const settingsWith = (groupMapping: GroupMapping) => ({
  groupMapping,
  groupsClaim: 'groups',
  usernameClaim: 'preferred_username',
});

/** A person at the provider; answers their subject. */
function person(username: string, groups: unknown = [], claims?: Record<string, unknown>): string {
  const sub = unique('sub-');
  idp.people.set(sub, { username, groups, claims });
  return sub;
}

async function signIn(t: TestApi, sub: string, groupMapping: GroupMapping) {
  const claims = await idTokenClaimsOf(idp, client, sub);
  return signInThroughProvider(
    t.database.db,
    { claims },
    { clientAddress: '203.0.113.9' },
    settingsWith(groupMapping),
  );
}

describe('single sign-on', () => {
  const t = useTestApi();
  let adminToken: string;
  const SETTINGS = () =>
    mapping('bpm-admins=SSO_ADMINS,bpm-ops=SSO_OPS,bpm-ops=SSO_READERS,/acme/x=NOT_A_GROUP');
  beforeAll(async () => {
    adminToken = (await t.admin()).token;
    await t.group(['ACCESS_BPM_ADMIN'], 'SSO_ADMINS');
    await t.group(['ACCESS_ENGINE_API', 'ACCESS_PROCESS_PORTAL'], 'SSO_OPS');
    await t.group(['ACCESS_PROCESS_PORTAL'], 'SSO_READERS');
  });

  it('provisions a person at the first sign-in, with no password and the mapped groups', async () => {
    const name = unique('ann');
    const sub = person(name, ['bpm-ops', 'unmapped', '/acme/x']);
    const result = await signIn(t, sub, SETTINGS());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, result.user.id));
    expect(row).toMatchObject({
      username: name,
      kind: 'PERSON',
      passwordHash: null,
      oidcIssuer: idp.issuer,
      oidcSubject: sub,
    });

    const detail = await t.as(adminToken).get(`/admin/users/${result.user.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      username: name,
      groups: ['SSO_OPS', 'SSO_READERS'],
      permissions: [],
      effectivePermissions: ['ACCESS_ENGINE_API', 'ACCESS_PROCESS_PORTAL'],
      identityProvider: idp.issuer,
    });
    expect(detail.body.permissionSources).toEqual([
      { permission: 'ACCESS_ENGINE_API', source: 'IDENTITY_PROVIDER', group: 'SSO_OPS' },
      { permission: 'ACCESS_PROCESS_PORTAL', source: 'IDENTITY_PROVIDER', group: 'SSO_OPS' },
      { permission: 'ACCESS_PROCESS_PORTAL', source: 'IDENTITY_PROVIDER', group: 'SSO_READERS' },
    ]);

    const audit = await t.auditOf(adminToken, name);
    expect(audit.map((e) => e.action)).toEqual(['auth.sign_in', 'user.groups_from_provider', 'user.create']);
    expect(audit[0].after).toEqual({
      address: '203.0.113.9',
      via: 'single_sign_on',
      groups: ['SSO_OPS', 'SSO_READERS'],
    });
    expect(audit[2].after).toEqual({ username: name, identityProvider: idp.issuer, subject: sub });
  });

  it('applies the groups the provider gives at each sign-in, the same person each time', async () => {
    const name = unique('ben');
    const sub = person(name, ['bpm-ops']);
    const first = await signIn(t, sub, SETTINGS());
    idp.people.set(sub, { username: name, groups: 'bpm-admins' });
    const second = await signIn(t, sub, SETTINGS());
    expect(second).toEqual(first);
    if (!second.ok) return;
    const detail = await t.as(adminToken).get(`/admin/users/${second.user.id}`);
    expect(detail.body).toMatchObject({ groups: ['SSO_ADMINS'], effectivePermissions: ['ACCESS_BPM_ADMIN'] });
    const [changed] = (await t.auditOf(adminToken, name)).filter(
      (e) => e.action === 'user.groups_from_provider',
    );
    expect(changed).toMatchObject({
      before: { groups: ['SSO_OPS', 'SSO_READERS'] },
      after: { groups: ['SSO_ADMINS'] },
    });

    // An administrator's direct permission stays theirs; groups the provider stops giving go.
    await t.as(adminToken).put(`/admin/users/${second.user.id}`, { permissionCodes: ['ACCESS_BPM_MODELER'] });
    idp.people.set(sub, { username: name });
    await signIn(t, sub, SETTINGS());
    const after = await t.as(adminToken).get(`/admin/users/${second.user.id}`);
    expect(after.body).toMatchObject({ groups: [], effectivePermissions: ['ACCESS_BPM_MODELER'] });
    expect(after.body.permissionSources).toEqual([
      { permission: 'ACCESS_BPM_MODELER', source: 'DIRECT', group: null },
    ]);
  });

  it('gives a person with no mapped group no permission: signed in to nothing', async () => {
    const sub = person(unique('cid'), ['someone-else']);
    const result = await signIn(t, sub, SETTINGS());
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const token = await signAccessToken(result.user.id, { ver: result.user.tokenVersion });
    expectProblem(await t.as(token).get('/admin/users'), 403);
    expectProblem(await t.as(token).get('/incidents'), 403);
  });

  it('never lets a person of the provider in by password, nor gives them one', async () => {
    const name = unique('dee');
    const result = await signIn(t, person(name), SETTINGS());
    if (!result.ok) throw new Error(result.refusal);
    expectUnauthenticated(await t.signIn(name, 'any password at all'));
    const unknown = await t.signIn(unique('nobody'), 'any password at all');
    expect((await t.signIn(name, 'any password at all')).body).toEqual(unknown.body);
    // tRPC's sign-in and the password change, the other password entry points, alike.
    await expect(
      (await callerWith(t.database)).auth.createToken({ username: name, password: 'any password at all' }),
    ).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const change = await t.call('POST', '/password', {
      body: { username: name, currentPassword: 'any password at all', newPassword: 'a brand new password' },
    });
    expectUnauthenticated(change);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, result.user.id));
    expect(row.passwordHash).toBeNull();
    const reset = await t.withoutChange(() =>
      t.as(adminToken).put(`/admin/users/${result.user.id}/password`, { password: 'a long new password' }),
    );
    expectProblem(reset, 409, 'CONFLICT');
  });

  it('refuses a name already taken here (a local account or a service account): never linked by name', async () => {
    const local = await t.user();
    const service = await t.serviceAccount();
    for (const name of [local.username, local.username.toUpperCase(), service.name]) {
      const before = await t.snapshot();
      const result = await signIn(t, person(name, ['bpm-admins']), SETTINGS());
      expect(result).toEqual({ ok: false, refusal: 'OidcNameTaken' });
      const after = await t.snapshot();
      expect({ ...after, audit: undefined }).toEqual({ ...before, audit: undefined });
    }
    const [failed] = await t.auditOf(adminToken, local.username);
    expect(failed).toMatchObject({
      action: 'auth.sign_in_failed',
      after: { via: 'single_sign_on', reason: 'OidcNameTaken' },
    });
  });

  it('refuses claims it cannot use, changing nothing but the audit log', async () => {
    const cases: [string, unknown, Record<string, unknown>?][] = [
      [unique('eve'), 7],
      [unique('eve'), [1, 2]],
      [unique('eve'), { admins: true }],
      ['no spaces allowed', []],
      ['x', []],
      [unique('eve'), [], { preferred_username: undefined }],
    ];
    for (const [name, groups, claims] of cases) {
      const before = await t.snapshot();
      const result = await signIn(t, person(name, groups, claims), SETTINGS());
      expect(result, JSON.stringify([name, groups])).toEqual({ ok: false, refusal: 'OidcClaimsInvalid' });
      const after = await t.snapshot();
      expect({ ...after, audit: undefined }).toEqual({ ...before, audit: undefined });
    }
  });

  it('refuses a disabled person of the provider', async () => {
    const name = unique('fay');
    const sub = person(name, ['bpm-ops']);
    const first = await signIn(t, sub, SETTINGS());
    if (!first.ok) throw new Error(first.refusal);
    await t.as(adminToken).put(`/admin/users/${first.user.id}`, { enabled: false });
    expect(await signIn(t, sub, SETTINGS())).toEqual({ ok: false, refusal: 'OidcDisabled' });
  });

  it('provisions one person when their first two sign-ins arrive at once', async () => {
    const name = unique('gus');
    const sub = person(name, ['bpm-ops']);
    const [a, b] = await Promise.all([idTokenClaimsOf(idp, client, sub), idTokenClaimsOf(idp, client, sub)]);
    const results = await Promise.all(
      [a, b].map((claims) => signInThroughProvider(t.database.db, { claims }, {}, settingsWith(SETTINGS()))),
    );
    expect(results[0]).toEqual(results[1]);
    const rows = await t.database.db.select().from(users).where(eq(users.oidcSubject, sub));
    expect(rows).toHaveLength(1);
  });
});

describe('the last administrator, with people of the provider', () => {
  const t = useTestApi();

  it('counts an administrator of the provider, and keeps the last one', async () => {
    await t.group(['ACCESS_BPM_ADMIN'], 'SSO_ADMINS');
    const groups = mapping('bpm-admins=SSO_ADMINS');
    const local = await t.admin();
    const name = unique('hal');
    const sub = person(name, ['bpm-admins']);
    const signedIn = await signIn(t, sub, groups);
    if (!signedIn.ok) throw new Error(signedIn.refusal);

    // The provider's administrator counts: the local one may go (deleted by the provider's).
    const token = await signAccessToken(signedIn.user.id, { ver: signedIn.user.tokenVersion });
    expect((await t.as(token).del(`/admin/users/${local.id}`)).status).toBe(204);

    // Now the last one: not disabled, not removed by a sign-in whose groups no longer make them one.
    expectProblem(
      await t.withoutChange(() => t.as(token).put(`/admin/users/${signedIn.user.id}`, { enabled: false })),
      409,
      'LAST_ADMIN',
    );
    idp.people.set(sub, { username: name, groups: [] });
    const before = await t.snapshot();
    expect(await signIn(t, sub, groups)).toEqual({ ok: false, refusal: 'OidcLastAdmin' });
    expect({ ...(await t.snapshot()), audit: undefined }).toEqual({ ...before, audit: undefined });
    const [failed] = await t.auditOf(token, name);
    expect(failed).toMatchObject({ action: 'auth.sign_in_failed', after: { reason: 'OidcLastAdmin' } });
  });
});

describe('without OIDC_* in the environment', () => {
  it('has no provider but the password: no SSO button, the console as before', () => {
    expect(getOidcSettings()).toBeNull();
    expect(getAuthOptions().providers.map((p) => p.id)).toEqual(['credentials']);
  });
});

describe('OIDC_GROUP_MAPPING', () => {
  const entries = (text: string) => {
    const parsed = parseGroupMapping(text);
    return typeof parsed === 'string' ? parsed : [...parsed];
  };

  it('reads value=CODE pairs, a value again for more groups, or a JSON object', () => {
    expect(entries('')).toEqual([]);
    expect(entries(' bpm-admins = ADMINS , bpm-ops=OPS,bpm-ops=READERS,bpm-ops=OPS')).toEqual([
      ['bpm-admins', ['ADMINS']],
      ['bpm-ops', ['OPS', 'READERS']],
    ]);
    // The last '=' separates: a value may hold one.
    expect(entries('cn=admins=ADMINS')).toEqual([['cn=admins', ['ADMINS']]]);
    expect(entries('{"/acme/bpm admins, EU": ["ADMINS", "OPS"], "ops": "OPS"}')).toEqual([
      ['/acme/bpm admins, EU', ['ADMINS', 'OPS']],
      ['ops', ['OPS']],
    ]);
  });

  it('says what is wrong with a mapping it cannot read', () => {
    expect(entries('bpm-admins')).toMatch(/not claimValue=GROUP_CODE/);
    expect(entries('bpm-admins=admins')).toMatch(/not a group code/);
    expect(entries('=ADMINS')).toMatch(/claim value is empty/);
    expect(entries('{"a": 1}')).toMatch(/not a group code/);
    expect(entries('{"a": ')).toMatch(/not valid JSON/);
    expect(entries('{}')).toEqual([]);
  });

  it('maps a claim value to its codes and ignores values it does not name', () => {
    expect(mappedGroupCodes(['b', 'x', 'a'], { groupMapping: mapping('a=A,b=B,b=A') })).toEqual(['A', 'B']);
  });
});
