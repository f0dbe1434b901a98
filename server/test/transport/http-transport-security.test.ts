// The transport's rules, tried as an attacker would: REST believes a bearer token only, the console's session
// cookie counts on same-origin tRPC calls alone, and a body that is not JSON (what an HTML form on another
// page can send without asking) is 415 before anything reads or authorises it.
import { describe, expect, it } from 'vitest';
import { openConsoleSession } from '../support/console-session-helpers';
import {
  ADMIN,
  bearer,
  expectProblem,
  expectUnauthenticated,
  newCode,
  useTestApi,
  type Actor,
  type ApiResponse,
} from '../support/http-helpers';
import { api } from '../support/helpers';

const t = useTestApi();

/** A console session cookie as next-auth issues it on sign-in, over a real session row. */
async function sessionCookieOf(actor: Actor): Promise<string> {
  return (await openConsoleSession(t.database, actor.user)).cookie;
}

const ownOrigin = () => t.url;
const groupBody = () => ({ code: newCode(), name: 'Planted', permissionCodes: [ADMIN] });

/** The three bodies an HTML form can send cross-site without a preflight, each holding a valid group. */
function formBodies(): [string, { contentType: string; body: string }][] {
  const group = groupBody();
  const boundary = '----attack';
  return [
    ['text/plain', { contentType: 'text/plain', body: `${JSON.stringify(group).slice(0, -1)},"x":"="}` }],
    [
      'application/x-www-form-urlencoded',
      {
        contentType: 'application/x-www-form-urlencoded',
        body: `${encodeURIComponent(JSON.stringify(group))}=`,
      },
    ],
    [
      'multipart/form-data',
      {
        contentType: `multipart/form-data; boundary=${boundary}`,
        body: `--${boundary}\r\nContent-Disposition: form-data; name="${JSON.stringify(group).replace(/"/g, '\\"')}"\r\n\r\nx\r\n--${boundary}--\r\n`,
      },
    ],
  ];
}

describe('REST accepts a bearer token only', () => {
  it('a valid session cookie without a bearer token is 401 on every REST path, and changes nothing', async () => {
    const admin = await t.admin();
    const cookie = await sessionCookieOf(admin);
    const sameOrigin = { cookie, origin: ownOrigin(), 'sec-fetch-site': 'same-origin' };
    expectUnauthenticated(await t.call('GET', '/admin/users', { headers: sameOrigin }));
    const res = await t.withoutChange(() =>
      t.call('POST', '/admin/groups', { headers: sameOrigin, body: groupBody() }),
    );
    expectUnauthenticated(res);
    // The same request with the admin's bearer token succeeds: the cookie was the only thing missing.
    const created = await t.call('POST', '/admin/groups', {
      headers: bearer(admin.token),
      body: groupBody(),
    });
    expect(created.status, created.text).toBe(200);
  });

  it.each(formBodies())(
    'a %s body is 415 before authorisation, even with a valid bearer token',
    async (_, form) => {
      const admin = await t.admin();
      const callers: Record<string, string>[] = [
        {},
        bearer(admin.token),
        { cookie: await sessionCookieOf(admin) },
      ];
      for (const headers of callers) {
        const res = await t.withoutChange(() =>
          t.call('POST', '/admin/groups', {
            headers: { ...headers, 'content-type': form.contentType },
            rawBody: form.body,
          }),
        );
        expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
        expect(res.headers.get('www-authenticate')).toBeNull();
      }
    },
  );

  it('a non-empty body without a Content-Type is 415; an empty one stays allowed (reopen has none)', async () => {
    const admin = await t.admin();
    const res = await t.withoutChange(() =>
      t.call('POST', '/admin/groups', {
        // A Blob without a type makes fetch send no Content-Type at all.
        rawBody: new Blob([JSON.stringify(groupBody())]) as unknown as string,
        headers: bearer(admin.token),
      }),
    );
    expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const empty = await t.call('POST', '/incidents/999999999/reopen', { headers: bearer(admin.token) });
    expectProblem(empty, 404, 'NOT_FOUND');
  });

  it('application/json with a charset parameter is JSON', async () => {
    const admin = await t.admin();
    const res = await t.call('POST', '/admin/groups', {
      headers: { ...bearer(admin.token), 'content-type': 'Application/JSON; charset=utf-8' },
      rawBody: JSON.stringify(groupBody()),
    });
    expect(res.status, res.text).toBe(200);
  });
});

describe('tRPC accepts the session cookie from the console’s own pages only', () => {
  /** tRPC answers in its own envelope (the problem document rides in it); 415s come before tRPC. */
  async function trpc(procedure: string, headers: Record<string, string>, body?: string) {
    const res = await api(t.url, body === undefined ? 'GET' : 'POST', `/trpc/${procedure}`, {
      headers,
      rawBody: body,
    });
    expect(res.status, res.text).toBeLessThan(500);
    return res;
  }
  const createGroup = (headers: Record<string, string>, body = JSON.stringify(groupBody())) =>
    trpc('admin.createGroup', headers, body);
  const expectOk = (res: ApiResponse) => expect(res.status, res.text).toBe(200);
  const expectRefused = (res: ApiResponse) => {
    expect(res.status, res.text).toBe(401);
    expect(res.body.error.problem.code).toBe('UNAUTHENTICATED');
  };
  const json = { 'content-type': 'application/json' };

  it('same-origin calls with the cookie work (Sec-Fetch-Site, or the Origin header where that is missing)', async () => {
    const cookie = await sessionCookieOf(await t.admin());
    expectOk(await trpc('auth.me', { cookie, 'sec-fetch-site': 'same-origin' }));
    expectOk(await createGroup({ cookie, ...json, 'sec-fetch-site': 'same-origin', origin: ownOrigin() }));
    expectOk(await createGroup({ cookie, ...json, origin: ownOrigin() }));
  });

  it.each([
    ['Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: 'http://evil.example' }],
    [
      'Sec-Fetch-Site same-site (another port)',
      { 'sec-fetch-site': 'same-site', origin: 'http://127.0.0.1:1' },
    ],
    ['Sec-Fetch-Site none', { 'sec-fetch-site': 'none' }],
    ['an Origin of another site', { origin: 'http://evil.example' }],
    ['an Origin of another port', { origin: 'http://127.0.0.1:1' }],
    ['the own Origin but Sec-Fetch-Site cross-site', { 'sec-fetch-site': 'cross-site', origin: '(own)' }],
    ['neither Origin nor Sec-Fetch-Site', {}],
  ])(
    'a call with the cookie and %s is refused and changes nothing',
    async (_, where: Record<string, string>) => {
      const cookie = await sessionCookieOf(await t.admin());
      const site = where.origin === '(own)' ? { ...where, origin: ownOrigin() } : where;
      expectRefused(await trpc('auth.me', { cookie, ...site }));
      expectRefused(await t.withoutChange(() => createGroup({ cookie, ...json, ...site })));
    },
  );

  it.each(formBodies())(
    'a same-origin %s body with the cookie is 415 and changes nothing',
    async (_, form) => {
      const cookie = await sessionCookieOf(await t.admin());
      const sameOrigin = { cookie, 'sec-fetch-site': 'same-origin', origin: ownOrigin() };
      const res = await t.withoutChange(() =>
        createGroup({ ...sameOrigin, 'content-type': form.contentType }, form.body),
      );
      expectProblem(res, 415, 'UNSUPPORTED_MEDIA_TYPE');
    },
  );

  it('a mutation with the cookie and no Content-Type is 415 and changes nothing', async () => {
    const cookie = await sessionCookieOf(await t.admin());
    const res = await t.withoutChange(() =>
      api(t.url, 'POST', '/trpc/admin.createGroup', { headers: { cookie, 'sec-fetch-site': 'same-origin' } }),
    );
    expect(res.status, res.text).toBe(415);
    expect(res.body.error.problem.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('a bearer token needs no Origin (scripts use tRPC too)', async () => {
    const admin = await t.admin();
    expectOk(await createGroup({ ...bearer(admin.token), ...json }));
  });
});
