// Authentication through the real router: access tokens, API tokens, sessions' death, throttling, bootstrap.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { bootstrapAdmin } from '../../auth/bootstrap';
import { MAX_FAILURES } from '../../auth/login';
import { problemOf } from '../../errors';
import { problemFrom } from '../support/problem';
import {
  callerFor,
  callerWith,
  createTestUser,
  openTestDatabase,
  unique,
  type TestUser,
} from '../support/helpers';

describe('authentication', () => {
  let database: Database;
  let admin: TestUser;
  beforeAll(async () => {
    database = await openTestDatabase();
    admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
  });
  afterAll(() => database.close());

  async function signIn(username: string, password: string) {
    return (await callerWith(database)).auth.createToken({ username, password });
  }

  it('issues a bearer access token that authenticates its user', async () => {
    const token = await signIn(admin.username, admin.password);
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 3600 });
    const me = await (await callerWith(database, `Bearer ${token.accessToken}`)).auth.me();
    expect(me).toEqual({
      username: admin.username,
      permissions: ['ACCESS_BPM_ADMIN'],
      securityDisabled: false,
      viaIdentityProvider: false,
    });
  });

  it('signs in case-insensitively by username', async () => {
    const token = await signIn(admin.username.toUpperCase(), admin.password);
    expect(token.accessToken).toBeTruthy();
  });

  it('answers an unknown user exactly as a wrong password', async () => {
    const wrong = await problemFrom(signIn(admin.username, 'not-the-password'));
    const unknown = await problemFrom(signIn(unique('nobody'), 'not-the-password'));
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
  });

  it('refuses a disabled user at sign-in with the same answer', async () => {
    const user = await createTestUser(database, { enabled: false });
    expect(await problemFrom(signIn(user.username, user.password))).toMatchObject({
      status: 401,
      detail: 'Invalid username or password',
    });
  });

  it('locks a username for 15 minutes after 5 consecutive failures, also for the right password', async () => {
    const user = await createTestUser(database);
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect((await problemFrom(signIn(user.username, 'wrong password!'))).status).toBe(401);
    }
    const locked = await problemFrom(signIn(user.username, user.password));
    expect(locked).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
    expect(locked.detail).toMatch(/try again in (89\d|900) seconds/);
  });

  it('forgets failures after a successful sign-in', async () => {
    const user = await createTestUser(database);
    for (let i = 0; i < MAX_FAILURES - 1; i++) await problemFrom(signIn(user.username, 'wrong password!'));
    await signIn(user.username, user.password);
    for (let i = 0; i < MAX_FAILURES - 1; i++) await problemFrom(signIn(user.username, 'wrong password!'));
    expect((await signIn(user.username, user.password)).accessToken).toBeTruthy();
  });

  describe('a token dies with its user', () => {
    async function tokensOf(user: TestUser) {
      const adminCaller = await callerFor(database, admin);
      const access = (await signIn(user.username, user.password)).accessToken;
      const api = (await adminCaller.admin.createApiToken({ id: user.id, name: 'worker' })).token;
      return { adminCaller, access, api };
    }
    async function status(token: string) {
      const caller = await callerWith(database, `Bearer ${token}`);
      return caller.admin.listPermissions({}).then(
        () => 200,
        (e: unknown) => problemOf(e, '').status,
      );
    }

    it('when disabled, and stays dead when enabled again', async () => {
      const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
      const { adminCaller, access, api } = await tokensOf(user);
      expect([await status(access), await status(api)]).toEqual([200, 200]);
      await adminCaller.admin.updateUser({ id: user.id, enabled: false });
      expect([await status(access), await status(api)]).toEqual([401, 401]);
      await adminCaller.admin.updateUser({ id: user.id, enabled: true });
      expect([await status(access), await status(api)]).toEqual([401, 401]);
    });

    it('when the password is reset, and the new password works', async () => {
      const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
      const { adminCaller, access, api } = await tokensOf(user);
      await adminCaller.admin.resetPassword({ id: user.id, password: 'a brand new password' });
      expect([await status(access), await status(api)]).toEqual([401, 401]);
      expect((await adminCaller.admin.listApiTokens({ id: user.id }))[0].active).toBe(false);
      await expect(signIn(user.username, user.password)).rejects.toThrow();
      const fresh = await signIn(user.username, 'a brand new password');
      expect(await status(fresh.accessToken)).toBe(200);
    });

    it('when deleted', async () => {
      const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
      const { adminCaller, access, api } = await tokensOf(user);
      await adminCaller.admin.deleteUser({ id: user.id });
      expect([await status(access), await status(api)]).toEqual([401, 401]);
    });

    it('acts with the current permissions of its user', async () => {
      const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
      const { adminCaller, api } = await tokensOf(user);
      await adminCaller.admin.updateUser({ id: user.id, permissionCodes: ['ACCESS_ENGINE_API'] });
      expect(await status(api)).toBe(403);
    });
  });

  describe('API tokens', () => {
    it('are shown once, stored only as a hash, listed without the secret, and revocable', async () => {
      const adminCaller = await callerFor(database, admin);
      const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
      const created = await adminCaller.admin.createApiToken({
        id: user.id,
        name: 'engine',
        expiresAt: '2099-01-01T00:00:00',
      });
      expect(created.token).toMatch(/^bpm_[A-Za-z0-9_-]{43}$/);
      expect(created).toMatchObject({
        userId: user.id,
        name: 'engine',
        expiresAt: '2099-01-01T00:00:00',
        lastUsedAt: null,
      });

      const stored = await database.db.query.apiTokens.findFirst({
        where: (t, { eq }) => eq(t.id, created.id),
      });
      expect(JSON.stringify(stored)).not.toContain(created.token);

      const caller = await callerWith(database, `Bearer ${created.token}`);
      expect((await caller.auth.me()).username).toBe(user.username);
      const listed = await adminCaller.admin.listApiTokens({ id: user.id });
      expect(listed).toHaveLength(1);
      expect(listed[0]).not.toHaveProperty('token');
      expect(listed[0].lastUsedAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

      expect(listed[0].active).toBe(true);

      await adminCaller.admin.revokeApiToken({ tokenId: created.id });
      expect(
        (await problemFrom((await callerWith(database, `Bearer ${created.token}`)).auth.me())).status,
      ).toBe(401);
      expect((await problemFrom(adminCaller.admin.revokeApiToken({ tokenId: created.id }))).status).toBe(404);
    });

    it('refuse an expiry in the past', async () => {
      const adminCaller = await callerFor(database, admin);
      const problem = await problemFrom(
        adminCaller.admin.createApiToken({ id: admin.id, name: 'old', expiresAt: '2001-01-01T00:00:00' }),
      );
      expect(problem).toMatchObject({
        status: 400,
        errors: [{ field: 'expiresAt', message: 'must be in the future' }],
      });
    });

    it('stop working once expired', async () => {
      const adminCaller = await callerFor(database, admin);
      const created = await adminCaller.admin.createApiToken({ id: admin.id, name: 'short' });
      await database.db.execute(
        sql`update api_tokens set expires_at = now() - interval '1 second' where id = ${created.id}`,
      );
      expect(
        (await problemFrom((await callerWith(database, `Bearer ${created.token}`)).auth.me())).status,
      ).toBe(401);
    });
  });

  describe('first start', () => {
    it('creates the administrator once, with a generated password printed once', async () => {
      const fresh = await openTestDatabase();
      try {
        const lines: string[] = [];
        await bootstrapAdmin(fresh.db, { username: 'root' }, (l) => lines.push(l));
        await bootstrapAdmin(fresh.db, { username: 'root' }, (l) => lines.push(l));
        expect(lines).toHaveLength(1);
        const password = /password\n\n\s+(\S+)/.exec(lines[0])?.[1];
        expect(password).toBeTruthy();
        const token = await (
          await callerWith(fresh)
        ).auth.createToken({ username: 'root', password: password! });
        const me = await (await callerWith(fresh, `Bearer ${token.accessToken}`)).auth.me();
        expect(me.permissions).toEqual(['ACCESS_BPM_ADMIN']);
      } finally {
        await fresh.close();
      }
    });

    it('uses ADMIN_PASSWORD when given and refuses one that breaks the password rules', async () => {
      const fresh = await openTestDatabase();
      try {
        await expect(
          bootstrapAdmin(fresh.db, { username: 'admin', password: 'short' }, () => {}),
        ).rejects.toThrow(/ADMIN_PASSWORD must be 12 to 128 characters/);
        await bootstrapAdmin(fresh.db, { username: 'admin', password: 'given-password-1' }, () => {});
        const token = await (
          await callerWith(fresh)
        ).auth.createToken({ username: 'admin', password: 'given-password-1' });
        expect(token.accessToken).toBeTruthy();
      } finally {
        await fresh.close();
      }
    });
  });
});
