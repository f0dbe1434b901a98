// Managing console sessions (docs/contract.md §4): each user lists their live sessions by a public handle (never
// the secret id the cookie carries) and ends one or all others; an administrator does so for any user. An end
// deletes the row, so the session's next request is refused at once, here and on every other instance, and
// each end is audited. Over REST (bearer) and tRPC (the console's cookie) alike.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../../db/client';
import { sessionHandle, startConsoleSession } from '../../auth/console-sessions';
import { getEnv } from '../../runtime/env';
import { browserSummary } from '../../../lib/browser-summary';
import { consoleCall, problemCodeOf, sessionCookie } from '../support/console-session-helpers';
import { HANG_MARGIN_MS, NOTIFICATIONS_ONLY_ENV } from '../support/hang-bounds';
import { onPostgres, type TestUser } from '../support/helpers';
import { expectProblem, useTestApi } from '../support/http-helpers';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';

const t = useTestApi();

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX_ON_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

interface Session {
  sid: string;
  handle: string;
  cookie: string;
}

/** Signs `user` in to the console as next-auth does: a session row, and the cookie that carries its id. */
async function signIn(
  user: TestUser,
  userAgent = CHROME_ON_LINUX,
  address = '203.0.113.7',
): Promise<Session> {
  const sid = await startConsoleSession(t.database.db, { userId: user.id, address, userAgent });
  const cookie = await sessionCookie({ name: user.username, uid: user.id, ver: user.tokenVersion, sid });
  return { sid, handle: sessionHandle(sid), cookie };
}

const me = (s: Session, url = t.url) => consoleCall(url, s.cookie, 'auth.me');
const works = async (s: Session) => (await me(s)).status === 200;

async function sessionIds(userId: number): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(
    await t.database.db.execute(sql`select id from console_sessions where user_id = ${userId} order by id`),
  );
  return rows.map((r) => r.id);
}

async function age(s: Session, column: 'created_at' | 'last_seen_at', minutes: number) {
  await t.database.db.execute(
    sql`update console_sessions set ${sql.raw(column)} = now() - make_interval(mins => ${minutes}) where id = ${s.sid}`,
  );
}

let admin: Awaited<ReturnType<typeof t.admin>>;
beforeAll(async () => {
  admin = await t.admin();
});

describe('your own sessions', () => {
  it('are listed live only, by handle, never by secret id, the current one marked (tRPC and REST)', async () => {
    const user = await t.actor();
    const here = await signIn(user.user, CHROME_ON_LINUX, '203.0.113.7');
    const there = await signIn(user.user, FIREFOX_ON_WINDOWS, '198.51.100.23');
    const idle = await signIn(user.user);
    const old = await signIn(user.user);
    await age(idle, 'last_seen_at', getEnv().SESSION_IDLE_MINUTES + 1);
    await age(old, 'created_at', getEnv().SESSION_MAX_HOURS * 60 + 1);
    const someoneElse = await signIn((await t.actor()).user);

    const listed = await consoleCall(
      t.url,
      here.cookie,
      `auth.listSessions?input=${encodeURIComponent('{}')}`,
    );
    expect(listed.status, JSON.stringify(listed.body)).toBe(200);
    const sessions = listed.body.result.data;
    // The newest sign-in first.
    expect(sessions).toEqual([
      {
        id: there.handle,
        browser: 'Firefox on Windows',
        userAgent: FIREFOX_ON_WINDOWS,
        address: '198.51.100.23',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d/),
        lastSeenAt: expect.any(String),
        current: false,
      },
      expect.objectContaining({
        id: here.handle,
        browser: 'Chrome on Linux',
        address: '203.0.113.7',
        current: true,
      }),
    ]);
    expect(here.handle).toMatch(/^[0-9a-f]{16}$/);
    const text = JSON.stringify(listed.body);
    for (const s of [here, there, idle, old, someoneElse]) expect(text).not.toContain(s.sid);

    // Over a bearer token the same two, and none is the call's own.
    const rest = await t.as(user.token).get('/sessions');
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body.map((s: { id: string }) => s.id)).toEqual([there.handle, here.handle]);
    expect(rest.body.every((s: { current: boolean }) => !s.current)).toBe(true);
    for (const s of [here, there]) expect(rest.text).not.toContain(s.sid);
  });

  it('one ended from the console is refused at once; the audit log names its handle, not its id', async () => {
    const user = await t.actor();
    const here = await signIn(user.user);
    const there = await signIn(user.user, FIREFOX_ON_WINDOWS, '198.51.100.23');
    expect(await works(there)).toBe(true); // remembered by this server now

    const ended = await consoleCall(t.url, here.cookie, 'auth.revokeSession', { sessionId: there.handle });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);

    const refused = await me(there);
    expect(refused.status).toBe(401);
    expect(problemCodeOf(refused.body)).toBe('UNAUTHENTICATED');
    expect(await works(here)).toBe(true);
    expect(await sessionIds(user.id)).toEqual([here.sid]);

    const [event] = await t.auditOf(admin.token, user.username);
    expect(event).toMatchObject({
      actor: user.username,
      action: 'session.end',
      targetType: 'user',
      targetId: String(user.id),
      before: { session: there.handle, address: '198.51.100.23', userAgent: FIREFOX_ON_WINDOWS },
    });
    expect(JSON.stringify(event)).not.toContain(there.sid);

    // Once more: it is not there any longer, a 404 problem, and nothing changes.
    const again = await t.withoutChange(() => t.as(user.token).del(`/sessions/${there.handle}`));
    expectProblem(again, 404, 'NOT_FOUND');
  });

  it('ending your current one over tRPC signs this console out', async () => {
    const user = await t.actor();
    const here = await signIn(user.user);
    const ended = await consoleCall(t.url, here.cookie, 'auth.revokeSession', { sessionId: here.handle });
    expect(ended.status).toBe(200);
    expect((await me(here)).status).toBe(401);
  });

  it('"end all others" keeps the console’s own; over a bearer token it ends them all', async () => {
    const user = await t.actor();
    const here = await signIn(user.user);
    const others = [await signIn(user.user), await signIn(user.user, FIREFOX_ON_WINDOWS)];
    const bystander = await signIn((await t.actor()).user);
    // An expired one goes too, but was not ended by this: it is neither counted nor audited.
    const expired = await signIn(user.user);
    await age(expired, 'last_seen_at', getEnv().SESSION_IDLE_MINUTES + 1);

    const res = await consoleCall(t.url, here.cookie, 'auth.revokeOtherSessions', {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result.data).toEqual({ ended: 2 });
    expect(await sessionIds(user.id)).toEqual([here.sid]);
    for (const s of others) expect((await me(s)).status).toBe(401);
    expect(await works(here)).toBe(true);
    expect(await works(bystander)).toBe(true);
    const audited = (await t.auditOf(admin.token, user.username)).filter((e) => e.action === 'session.end');
    expect(audited.map((e) => (e.before as { session: string }).session).sort()).toEqual(
      others.map((s) => s.handle).sort(),
    );

    const rest = await t.as(user.token).del('/sessions');
    expect(rest.status, rest.text).toBe(200);
    expect(rest.body).toEqual({ ended: 1 });
    expect((await me(here)).status).toBe(401);
    expect(await works(bystander)).toBe(true);
  });

  it('another user’s session cannot be ended (404, nothing changed) nor listed (403 without ACCESS_BPM_ADMIN)', async () => {
    const user = await t.actor();
    const mine = await signIn(user.user);
    const victim = await t.actor();
    const theirs = await signIn(victim.user);

    expectProblem(
      await t.withoutChange(() => t.as(user.token).del(`/sessions/${theirs.handle}`)),
      404,
      'NOT_FOUND',
    );
    const overTrpc = await consoleCall(t.url, mine.cookie, 'auth.revokeSession', {
      sessionId: theirs.handle,
    });
    expect(overTrpc.status).toBe(404);
    expect(problemCodeOf(overTrpc.body)).toBe('NOT_FOUND');
    expect(await works(theirs)).toBe(true);

    expectProblem(
      await t.withoutChange(() => t.as(user.token).get(`/admin/users/${victim.id}/sessions`)),
      403,
      'FORBIDDEN',
    );
    expectProblem(
      await t.withoutChange(() =>
        t.as(user.token).del(`/admin/users/${victim.id}/sessions/${theirs.handle}`),
      ),
      403,
      'FORBIDDEN',
    );
    const listOverTrpc = await consoleCall(
      t.url,
      mine.cookie,
      `admin.listUserSessions?input=${encodeURIComponent(JSON.stringify({ id: victim.id }))}`,
    );
    expect(listOverTrpc.status).toBe(403);
    const endAllOverTrpc = await consoleCall(t.url, mine.cookie, 'admin.revokeUserSessions', {
      id: victim.id,
    });
    expect(endAllOverTrpc.status).toBe(403);
    expect(await works(theirs)).toBe(true);
  });

  it('an expired session, a bad handle and the unauthenticated are refused with problems, nothing changed', async () => {
    const user = await t.actor();
    const idle = await signIn(user.user);
    await age(idle, 'last_seen_at', getEnv().SESSION_IDLE_MINUTES + 1);
    expectProblem(
      await t.withoutChange(() => t.as(user.token).del(`/sessions/${idle.handle}`)),
      404,
      'NOT_FOUND',
    );
    for (const bad of ['abc', idle.handle.toUpperCase(), `${idle.handle}0`, idle.sid]) {
      expectProblem(
        await t.withoutChange(() => t.as(user.token).del(`/sessions/${encodeURIComponent(bad)}`)),
        400,
        'VALIDATION_FAILED',
      );
    }
    expectProblem(await t.withoutChange(() => t.as().get('/sessions')), 401, 'UNAUTHENTICATED');
    expectProblem(await t.withoutChange(() => t.as().del('/sessions')), 401, 'UNAUTHENTICATED');
  });

  it('a READ_ONLY API token may list them but end none', async () => {
    const user = await t.actor();
    const session = await signIn(user.user);
    const created = await t
      .as(admin.token)
      .post(`/admin/users/${user.id}/api-tokens`, { name: 'reader', scope: 'READ_ONLY' });
    expect(created.status, created.text).toBe(200);
    const reader = created.body.token as string;
    expect((await t.as(reader).get('/sessions')).status).toBe(200);
    expectProblem(await t.withoutChange(() => t.as(reader).del('/sessions')), 403, 'FORBIDDEN');
    expectProblem(
      await t.withoutChange(() => t.as(reader).del(`/sessions/${session.handle}`)),
      403,
      'FORBIDDEN',
    );
  });
});

describe("an administrator and a user's sessions", () => {
  it('lists them, ends one and then all, each refused at once and audited with the administrator as actor', async () => {
    const user = await t.actor();
    const sessions = [await signIn(user.user), await signIn(user.user), await signIn(user.user)];
    for (const s of sessions) expect(await works(s)).toBe(true);
    const adminSession = await signIn(admin.user);

    const listed = await t.as(admin.token).get(`/admin/users/${user.id}/sessions`);
    expect(listed.status, listed.text).toBe(200);
    expect(listed.body.map((s: { id: string }) => s.id).sort()).toEqual(sessions.map((s) => s.handle).sort());
    for (const s of sessions) expect(listed.text).not.toContain(s.sid);

    // One, over REST.
    const one = await t.as(admin.token).del(`/admin/users/${user.id}/sessions/${sessions[0].handle}`);
    expect(one.status, one.text).toBe(204);
    expect((await me(sessions[0])).status).toBe(401);
    expect(await works(sessions[1])).toBe(true);

    // A handle of another user's session under this user is not there.
    expectProblem(
      await t.withoutChange(() =>
        t.as(admin.token).del(`/admin/users/${user.id}/sessions/${adminSession.handle}`),
      ),
      404,
      'NOT_FOUND',
    );

    // All the rest, over tRPC from the administrator's console.
    const all = await consoleCall(t.url, adminSession.cookie, 'admin.revokeUserSessions', { id: user.id });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect(all.body.result.data).toEqual({ ended: 2 });
    for (const s of sessions) expect((await me(s)).status).toBe(401);
    expect(await sessionIds(user.id)).toEqual([]);
    expect(await works(adminSession)).toBe(true);

    const events = (await t.auditOf(admin.token, admin.username)).filter(
      (e) => e.action === 'session.end' && e.targetId === String(user.id),
    );
    expect(events.map((e) => (e.before as { session: string }).session).sort()).toEqual(
      sessions.map((s) => s.handle).sort(),
    );
    for (const s of sessions) expect(JSON.stringify(events)).not.toContain(s.sid);
  });

  it('ends one over tRPC, and lists over tRPC with its own session marked only on its own user', async () => {
    const user = await t.actor();
    const theirs = await signIn(user.user);
    const adminSession = await signIn(admin.user);
    const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));

    const ofUser = await consoleCall(
      t.url,
      adminSession.cookie,
      `admin.listUserSessions?input=${input({ id: user.id })}`,
    );
    expect(ofUser.status).toBe(200);
    expect(ofUser.body.result.data).toEqual([expect.objectContaining({ id: theirs.handle, current: false })]);
    const ofSelf = await consoleCall(
      t.url,
      adminSession.cookie,
      `admin.listUserSessions?input=${input({ id: admin.id })}`,
    );
    expect(ofSelf.body.result.data).toContainEqual(
      expect.objectContaining({ id: adminSession.handle, current: true }),
    );

    const ended = await consoleCall(t.url, adminSession.cookie, 'admin.revokeUserSession', {
      id: user.id,
      sessionId: theirs.handle,
    });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    expect((await me(theirs)).status).toBe(401);
  });

  it('an unknown user is a 404 and a bad id a 400', async () => {
    expectProblem(await t.as(admin.token).get('/admin/users/999999999/sessions'), 404, 'NOT_FOUND');
    expectProblem(
      await t.withoutChange(() => t.as(admin.token).del('/admin/users/999999999/sessions')),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      await t.withoutChange(() => t.as(admin.token).del('/admin/users/abc/sessions/0123456789abcdef')),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('a browser in words', () => {
  it.each([
    [CHROME_ON_LINUX, 'Chrome on Linux'],
    [FIREFOX_ON_WINDOWS, 'Firefox on Windows'],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Safari on macOS',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Safari on iOS',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge on Windows',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome on Android',
    ],
    ['curl/8.5.0', 'curl'],
    ['integration test', 'Unknown browser'],
    [null, 'Unknown browser'],
  ])('%s is %s', (userAgent, words) => {
    expect(browserSummary(userAgent)).toBe(words);
  });
});

describe.skipIf(!onPostgres)('an end seen by every instance', () => {
  let other: ServerProcess | undefined;
  beforeAll(async () => {
    // The authentication cache keeps what it read for two minutes there: only the notification ends it sooner.
    other = await startServerProcess(await databaseUrlOf(t.database), NOTIFICATIONS_ONLY_ENV);
  }, 120_000);
  afterAll(() => (other ? stopProcess(other.process) : undefined));

  it('is refused by another instance at the notification, long before its cache would expire', async () => {
    const user = await t.actor();
    const session = await signIn(user.user);
    expect((await me(session, other!.url)).status).toBe(200);
    expect((await me(session, other!.url)).status).toBe(200);

    const res = await t.as(admin.token).del(`/admin/users/${user.id}/sessions/${session.handle}`);
    expect(res.status, res.text).toBe(204);
    const endedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - endedAt < HANG_MARGIN_MS) {
      status = (await me(session, other!.url)).status;
      if (status === 200) await new Promise((r) => setTimeout(r, 20));
    }
    expect(status).toBe(401);
  });
});
