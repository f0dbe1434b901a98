// Console sessions end on the server: a signed cookie counts only while its console_sessions row lives and is
// within the idle and absolute limits; sign-out, disabling and password resets end it at once, also on other
// instances (server/auth/console-sessions.ts).
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { endConsoleSession } from '../../auth/console-sessions';
import { getEnv } from '../../runtime/env';
import {
  consoleCall,
  openConsoleSession,
  problemCodeOf,
  sessionCookie,
} from '../support/console-session-helpers';
import { HANG_MARGIN_MS, NOTIFICATIONS_ONLY_ENV } from '../support/hang-bounds';
import { onPostgres } from '../support/helpers';
import { ADMIN, newPassword, useTestApi } from '../support/http-helpers';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';

const t = useTestApi();

const me = (cookie: string, url = t.url) => consoleCall(url, cookie, 'auth.me');

async function sessionRow(sid: string) {
  return rowsOf<{ last_seen_at: Date | string; address: string; user_agent: string }>(
    await t.database.db.execute(
      sql`select last_seen_at, address, user_agent from console_sessions where id = ${sid}`,
    ),
  )[0];
}

/** Moves a session's clock back, as if it had been signed in or last used that long ago. */
async function age(sid: string, column: 'created_at' | 'last_seen_at', minutes: number) {
  await t.database.db.execute(
    sql`update console_sessions set ${sql.raw(column)} = now() - make_interval(mins => ${minutes}) where id = ${sid}`,
  );
}

describe('a console session', () => {
  it('works while its row lives and is refused at once after sign-out, which the audit log records', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const session = await openConsoleSession(t.database, user);
    expect(session.sid).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sessionRow(session.sid)).toMatchObject({
      address: '203.0.113.7',
      user_agent: 'integration test',
    });
    const before = await me(session.cookie);
    expect(before.status).toBe(200);
    expect(before.body.result.data.username).toBe(user.username);

    await endConsoleSession(t.database.db, { id: session.sid });

    const after = await me(session.cookie);
    expect(after.status).toBe(401);
    expect(problemCodeOf(after.body)).toBe('UNAUTHENTICATED');
    expect(await sessionRow(session.sid)).toBeUndefined();

    const admin = await t.admin();
    const [event] = await t.auditOf(admin.token, user.username);
    expect(event).toMatchObject({
      action: 'auth.sign_out',
      targetType: 'user',
      targetId: String(user.id),
      before: { address: '203.0.113.7', userAgent: 'integration test' },
    });
    // The session id is what the cookie carries: it never goes into the log.
    expect(JSON.stringify(event)).not.toContain(session.sid);
  });

  it('is refused without a session id (a cookie from before sessions were kept) or with another user’s', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const other = await t.user({ permissions: [ADMIN] });
    const others = await openConsoleSession(t.database, other);
    expect((await me(await sessionCookie({ uid: user.id, ver: user.tokenVersion }))).status).toBe(401);
    const borrowed = await sessionCookie({ uid: user.id, ver: user.tokenVersion, sid: others.sid });
    expect((await me(borrowed)).status).toBe(401);
    expect((await me(others.cookie)).status).toBe(200);
  });

  it('slides while in use: a session used a few minutes ago is moved forward', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const session = await openConsoleSession(t.database, user);
    await age(session.sid, 'last_seen_at', 5);
    const stale = new Date((await sessionRow(session.sid)).last_seen_at).getTime();
    expect((await me(session.cookie)).status).toBe(200);
    const seen = new Date((await sessionRow(session.sid)).last_seen_at).getTime();
    expect(seen - stale).toBeGreaterThan(4 * 60_000);
  });

  it('ends after the idle limit without use', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const session = await openConsoleSession(t.database, user);
    await age(session.sid, 'last_seen_at', getEnv().SESSION_IDLE_MINUTES + 1);
    expect((await me(session.cookie)).status).toBe(401);
  });

  it('ends after the absolute limit however much it is used', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const session = await openConsoleSession(t.database, user);
    await age(session.sid, 'created_at', getEnv().SESSION_MAX_HOURS * 60 + 1);
    expect((await me(session.cookie)).status).toBe(401);
  });

  it('ends when an administrator disables the user or resets the password, and the rows go', async () => {
    const admin = await t.admin();
    const disabled = await t.user({ permissions: [ADMIN] });
    const reset = await t.user({ permissions: [ADMIN] });
    const sessions = [
      await openConsoleSession(t.database, disabled),
      await openConsoleSession(t.database, reset),
    ];
    for (const s of sessions) expect((await me(s.cookie)).status).toBe(200);

    expect((await t.as(admin.token).put(`/admin/users/${disabled.id}`, { enabled: false })).status).toBe(200);
    await t
      .as(admin.token)
      .put(`/admin/users/${reset.id}/password`, { password: newPassword() })
      .then((res) => expect(res.status).toBe(204));

    for (const s of sessions) {
      expect((await me(s.cookie)).status).toBe(401);
      expect(await sessionRow(s.sid)).toBeUndefined();
    }
  });

  it('goes with its user when the user is deleted', async () => {
    const admin = await t.admin();
    const user = await t.user();
    const session = await openConsoleSession(t.database, user);
    expect((await t.as(admin.token).del(`/admin/users/${user.id}`)).status).toBe(204);
    expect(await sessionRow(session.sid)).toBeUndefined();
  });
});

describe.skipIf(!onPostgres)('a sign-out seen by every instance', () => {
  let instances: ServerProcess[] = [];
  beforeAll(async () => {
    const url = await databaseUrlOf(t.database);
    // The authentication cache keeps what it read for two minutes here: only the notification ends it sooner.
    instances = await Promise.all([
      startServerProcess(url, NOTIFICATIONS_ONLY_ENV),
      startServerProcess(url, NOTIFICATIONS_ONLY_ENV),
    ]);
  }, 120_000);
  afterAll(() => Promise.all(instances.map((p) => stopProcess(p.process))));

  it('is refused by both at the notification, long before the authentication cache would expire', async () => {
    const user = await t.user({ permissions: [ADMIN] });
    const session = await openConsoleSession(t.database, user);
    // Both instances have it remembered now.
    for (const instance of instances) {
      expect((await me(session.cookie, instance.url)).status).toBe(200);
      expect((await me(session.cookie, instance.url)).status).toBe(200);
    }

    await endConsoleSession(t.database.db, { id: session.sid });
    const endedAt = Date.now();

    for (const instance of instances) {
      let status = 200;
      while (status === 200 && Date.now() - endedAt < HANG_MARGIN_MS) {
        status = (await me(session.cookie, instance.url)).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    }
  });
});
