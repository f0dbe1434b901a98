// Who may call the incident API, and bad input to it, over HTTP (docs/contract.md §2, §3, §4, §6 and the
// reporting part of §8): every incident operation against every kind of credential; authentication and
// permission before validation; every refusal a problem document naming the field, changing nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN,
  ALL_BUT_ADMIN,
  bearer,
  expectFieldError,
  expectNoContent,
  expectProblem,
  expectUnauthenticated,
  signAccessToken,
  tamperJwt,
  unknownApiToken,
  useTestApi,
  type Actor,
  type ApiResponse,
  type Client,
} from '../support/http-helpers';
import {
  act,
  getIncident,
  newProcessInstanceId,
  newReference,
  report,
  reportBody,
  withoutIncidentChange,
  type Incident,
} from '../support/incident-helpers';

const t = useTestApi();

let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** The incident an operation acts on, in the state that lets an admin's call succeed. */
interface Target {
  id: number;
  processInstanceId: number;
}

interface IncidentOperation {
  name: string;
  method: 'GET' | 'POST';
  /** The path for the target; `id` replaces the target's id (or process instance id) when given. */
  path(target: Target, id?: string): string;
  body?(target: Target): unknown;
  state: Incident['status'];
  /** Open to ACCESS_ENGINE_API too (reporting). */
  engine?: boolean;
  idParam?: 'id' | 'processInstanceId';
  /** Status and outcome of an admin's call. */
  expectSuccess(res: ApiResponse, target: Target): void;
}

const ok = (res: ApiResponse) => expect(res.status, res.text).toBe(200);

const OPERATIONS: IncidentOperation[] = [
  {
    name: 'list',
    method: 'GET',
    path: () => '/incidents?size=5',
    state: 'OPEN',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.content.length).toBeGreaterThan(0);
    },
  },
  {
    name: 'summary',
    method: 'GET',
    path: () => '/incidents/summary',
    state: 'OPEN',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.openIncidents).toBeGreaterThan(0);
    },
  },
  {
    name: 'get',
    method: 'GET',
    path: (tg, id) => `/incidents/${id ?? tg.id}`,
    state: 'OPEN',
    idParam: 'id',
    expectSuccess: (res, tg) => {
      ok(res);
      expect(res.body.id).toBe(tg.id);
    },
  },
  {
    name: 'events',
    method: 'GET',
    path: (tg, id) => `/incidents/${id ?? tg.id}/events`,
    state: 'OPEN',
    idParam: 'id',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.map((e: { eventType: string }) => e.eventType)).toEqual(['CREATED']);
    },
  },
  {
    name: 'ofProcessInstance',
    method: 'GET',
    path: (tg, id) => `/incidents/process-instances/${id ?? tg.processInstanceId}`,
    state: 'OPEN',
    idParam: 'processInstanceId',
    expectSuccess: (res, tg) => {
      ok(res);
      expect(res.body.map((i: Incident) => i.id)).toEqual([tg.id]);
    },
  },
  {
    name: 'report',
    method: 'POST',
    path: () => '/incidents',
    body: () => reportBody(),
    state: 'OPEN',
    engine: true,
    expectSuccess: (res) => {
      ok(res);
      expect(res.body).toMatchObject({ status: 'OPEN', occurrenceCount: 1 });
    },
  },
  {
    name: 'acknowledge',
    method: 'POST',
    path: (tg, id) => `/incidents/${id ?? tg.id}/acknowledge`,
    body: () => ({ acknowledgedBy: 'ops.jane' }),
    state: 'OPEN',
    idParam: 'id',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.status).toBe('ACKNOWLEDGED');
    },
  },
  {
    name: 'resolve',
    method: 'POST',
    path: (tg, id) => `/incidents/${id ?? tg.id}/resolve`,
    body: () => ({ resolutionNote: 'fixed', resolutionAction: 'FIXED_MANUALLY' }),
    state: 'OPEN',
    idParam: 'id',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.status).toBe('RESOLVED');
    },
  },
  {
    name: 'reopen',
    method: 'POST',
    path: (tg, id) => `/incidents/${id ?? tg.id}/reopen`,
    state: 'RESOLVED',
    idParam: 'id',
    expectSuccess: (res) => {
      ok(res);
      expect(res.body.status).toBe('OPEN');
    },
  },
  {
    name: 'bulkAcknowledge',
    method: 'POST',
    path: () => '/incidents/bulk/acknowledge',
    body: (tg) => ({ ids: [tg.id] }),
    state: 'OPEN',
    expectSuccess: (res, tg) => {
      ok(res);
      expect(res.body.results).toEqual([{ id: tg.id, outcome: 'APPLIED' }]);
    },
  },
  {
    name: 'bulkResolve',
    method: 'POST',
    path: () => '/incidents/bulk/resolve',
    body: (tg) => ({ ids: [tg.id], resolutionAction: 'OTHER' }),
    state: 'OPEN',
    expectSuccess: (res, tg) => {
      ok(res);
      expect(res.body.results).toEqual([{ id: tg.id, outcome: 'APPLIED' }]);
    },
  },
];

const operationsWithBody = OPERATIONS.filter((op) => op.method === 'POST');
const operationsWithId = OPERATIONS.filter((op) => op.idParam);

async function createTarget(op: IncidentOperation): Promise<Target> {
  const incident = await report(as, { processInstanceId: newProcessInstanceId() });
  if (op.state === 'RESOLVED') await act(as, 'resolve', incident.id, {});
  return { id: incident.id, processInstanceId: incident.processInstanceId };
}

function send(
  op: IncidentOperation,
  target: Target,
  opts: { headers?: Record<string, string>; body?: unknown; rawBody?: string; id?: string } = {},
) {
  const body = opts.rawBody !== undefined ? undefined : (opts.body ?? op.body?.(target));
  return t.call(op.method, op.path(target, opts.id), {
    headers: { ...(opts.rawBody !== undefined && { 'content-type': 'application/json' }), ...opts.headers },
    body,
    rawBody: opts.rawBody,
  });
}

// ---------------------------------------------------------------------------------------------------------

type Outcome = 401 | 403 | 'success' | 'engine';

interface CredentialCase {
  name: string;
  headers: () => Record<string, string>;
  /** 'engine': success for reporting, 403 for everything else. */
  outcome: Outcome;
}

const credentials: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  const nobody = await t.actor([]);
  const portal = await t.actor(['ACCESS_PROCESS_PORTAL']);
  const modeler = await t.actor(['ACCESS_BPM_MODELER']);
  const engine = await t.actor(['ACCESS_ENGINE_API']);
  const allButAdmin = await t.actor(ALL_BUT_ADMIN);
  const adminGroup = await t.group([ADMIN]);
  const groupAdmin = await t.actor([], { groupIds: [adminGroup.id] });
  const engineGroup = await t.group(['ACCESS_ENGINE_API']);
  const groupEngine = await t.actor([], { groupIds: [engineGroup.id] });
  const disabled = await t.actor([ADMIN], { enabled: false });
  const deleted = await t.admin();
  expectNoContent(await as.del(`/admin/users/${deleted.id}`));
  const adminApiToken = await t.apiTokenFor(admin.id);
  const engineApiToken = await t.apiTokenFor(engine.id);

  credentials.none = {};
  credentials.basic = { authorization: `Basic ${Buffer.from('admin:secret').toString('base64')}` };
  credentials.garbage = bearer('not-a-token');
  credentials.tampered = bearer(tamperJwt(engine.token, { sub: String(admin.id) }));
  credentials.expired = bearer(await signAccessToken(admin.id, { expiresInSeconds: -60 }));
  credentials.unknownApiToken = bearer(unknownApiToken());
  credentials.disabled = bearer(disabled.token);
  credentials.deleted = bearer(deleted.token);
  credentials.nobody = bearer(nobody.token);
  credentials.portal = bearer(portal.token);
  credentials.modeler = bearer(modeler.token);
  credentials.allButAdmin = bearer(allButAdmin.token);
  credentials.engine = bearer(engine.token);
  credentials.groupEngine = bearer(groupEngine.token);
  credentials.engineApiToken = bearer(engineApiToken.token);
  credentials.admin = bearer(admin.token);
  credentials.groupAdmin = bearer(groupAdmin.token);
  credentials.adminApiToken = bearer(adminApiToken.token);
});

const CASES: CredentialCase[] = [
  { name: 'no token', headers: () => credentials.none, outcome: 401 },
  { name: 'a Basic Authorization header', headers: () => credentials.basic, outcome: 401 },
  { name: 'a bearer token that is no token', headers: () => credentials.garbage, outcome: 401 },
  { name: 'a tampered JWT', headers: () => credentials.tampered, outcome: 401 },
  { name: 'an expired JWT', headers: () => credentials.expired, outcome: 401 },
  { name: 'an unknown API token', headers: () => credentials.unknownApiToken, outcome: 401 },
  { name: 'a disabled admin', headers: () => credentials.disabled, outcome: 401 },
  { name: 'a deleted admin', headers: () => credentials.deleted, outcome: 401 },
  { name: 'a user without permissions', headers: () => credentials.nobody, outcome: 403 },
  { name: 'a user with ACCESS_PROCESS_PORTAL', headers: () => credentials.portal, outcome: 403 },
  { name: 'a user with ACCESS_BPM_MODELER', headers: () => credentials.modeler, outcome: 403 },
  {
    name: 'a user with every permission but admin',
    headers: () => credentials.allButAdmin,
    outcome: 'engine',
  },
  { name: 'a user with ACCESS_ENGINE_API', headers: () => credentials.engine, outcome: 'engine' },
  { name: 'ACCESS_ENGINE_API through a group', headers: () => credentials.groupEngine, outcome: 'engine' },
  { name: 'an API token of an engine user', headers: () => credentials.engineApiToken, outcome: 'engine' },
  { name: 'an admin', headers: () => credentials.admin, outcome: 'success' },
  { name: 'an admin through a group', headers: () => credentials.groupAdmin, outcome: 'success' },
  { name: 'an API token of an admin', headers: () => credentials.adminApiToken, outcome: 'success' },
];

describe.each(OPERATIONS)('$name ($method)', (op) => {
  it.each(CASES)('with $name', async ({ headers, outcome }) => {
    const target = await createTarget(op);
    const succeeds = outcome === 'success' || (outcome === 'engine' && op.engine);
    if (succeeds) {
      op.expectSuccess(await send(op, target, { headers: headers() }), target);
      return;
    }
    const res = await withoutIncidentChange(t, () => send(op, target, { headers: headers() }));
    if (outcome === 401) expectUnauthenticated(res);
    else expectProblem(res, 403, 'FORBIDDEN');
  });
});

describe('authentication and permission come before input validation', () => {
  const cases: [string, () => Record<string, string>, (res: ApiResponse) => void][] = [
    ['without a token: 401', () => credentials.none, expectUnauthenticated],
    [
      'with a portal user token: 403',
      () => credentials.portal,
      (res) => expectProblem(res, 403, 'FORBIDDEN'),
    ],
  ];

  describe.each(cases)('%s', (_, headers, expectRefusal) => {
    it.each(operationsWithBody)('$name with a body that is not JSON', async (op) => {
      const target = await createTarget(op);
      expectRefusal(
        await withoutIncidentChange(t, () => send(op, target, { headers: headers(), rawBody: '{"a":' })),
      );
    });

    it.each(operationsWithBody)('$name with a body of wrong fields', async (op) => {
      const target = await createTarget(op);
      const body = {
        ids: 'x',
        acknowledgedBy: 5,
        resolutionNote: 'n'.repeat(5000),
        resolutionAction: 'NOPE',
        source: 'FTP',
        processInstanceId: '5',
      };
      expectRefusal(await withoutIncidentChange(t, () => send(op, target, { headers: headers(), body })));
    });

    it.each(operationsWithId)('$name with an invalid path id', async (op) => {
      const target = await createTarget(op);
      expectRefusal(
        await withoutIncidentChange(t, () => send(op, target, { headers: headers(), id: 'abc' })),
      );
    });

    it('list with an invalid query', async () => {
      expectRefusal(
        await t.call('GET', '/incidents?page=-1&size=0&status=CLOSED&sort=bogus', { headers: headers() }),
      );
    });
  });

  it('an engine user (allowed to report) gets 403, not 400, from the other operations with bad input', async () => {
    const target = await createTarget(OPERATIONS[0]);
    const headers = credentials.engine;
    for (const [method, path, body] of [
      ['POST', `/incidents/${target.id}/acknowledge`, { acknowledgedBy: 5 }],
      ['POST', `/incidents/${target.id}/resolve`, { resolutionAction: 'NOPE' }],
      ['POST', '/incidents/bulk/acknowledge', { ids: [] }],
      ['GET', '/incidents?status=CLOSED', undefined],
      ['GET', '/incidents/abc', undefined],
    ] as const) {
      const res = await withoutIncidentChange(t, () => t.call(method, path, { headers, body }));
      expectProblem(res, 403, 'FORBIDDEN');
    }
  });

  it('an engine user reporting a bad body gets 400 (it holds the permission)', async () => {
    const res = await withoutIncidentChange(t, () =>
      t.call('POST', '/incidents', { headers: credentials.engine, body: { ...reportBody(), source: 'FTP' } }),
    );
    expectFieldError(res, 'source');
  });

  it.each([
    ['without a token', () => credentials.none, 401],
    ['with a portal user token', () => credentials.portal, 403],
  ] as const)(
    'a report over 64 KiB %s is refused without reading it as input',
    async (_, headers, status) => {
      const res = await withoutIncidentChange(t, () =>
        t.call('POST', '/incidents', {
          headers: { ...headers(), 'content-type': 'application/json' },
          rawBody: JSON.stringify(reportBody({ message: 'x'.repeat(70 * 1024) })),
        }),
      );
      expect([status, 413]).toContain(res.status);
    },
  );
});

// ---------------------------------------------------------------------------------------------------------

/** A request as the admin that must be 400 naming `field` and change nothing. */
async function expectRejected(field: string, method: string, path: string, body: unknown) {
  const res = await withoutIncidentChange(t, () => t.call(method, path, { token: admin.token, body }));
  expectFieldError(res, field);
  return res;
}

describe('reporting: invalid bodies', () => {
  const cases: [string, string, Record<string, unknown>][] = [
    ['an unknown source', 'source', { source: 'FTP' }],
    ['a lower-case source', 'source', { source: 'worker' }],
    ['source missing', 'source', { source: undefined }],
    ['source not a string', 'source', { source: 1 }],
    ['an unknown severity', 'severity', { severity: 'URGENT' }],
    ['a lower-case severity', 'severity', { severity: 'high' }],
    ['severity missing', 'severity', { severity: undefined }],
    ['message missing', 'message', { message: undefined }],
    ['message empty', 'message', { message: '' }],
    ['message only blanks', 'message', { message: '   ' }],
    ['message not a string', 'message', { message: 42 }],
    ['message null', 'message', { message: null }],
    ['nodeId missing', 'nodeId', { nodeId: undefined }],
    ['nodeId empty', 'nodeId', { nodeId: '' }],
    ['nodeId not a string', 'nodeId', { nodeId: 7 }],
    ['processInstanceId missing', 'processInstanceId', { processInstanceId: undefined }],
    ['processInstanceId the string "5"', 'processInstanceId', { processInstanceId: '5' }],
    ['processInstanceId -1', 'processInstanceId', { processInstanceId: -1 }],
    ['processInstanceId 0', 'processInstanceId', { processInstanceId: 0 }],
    ['processInstanceId 1.5', 'processInstanceId', { processInstanceId: 1.5 }],
    ['processInstanceId 2^53', 'processInstanceId', { processInstanceId: 2 ** 53 }],
    ['processInstanceId true', 'processInstanceId', { processInstanceId: true }],
    ['processInstanceId null', 'processInstanceId', { processInstanceId: null }],
    ['externalReferenceId missing', 'externalReferenceId', { externalReferenceId: undefined }],
    [
      'externalReferenceId without a number',
      'externalReferenceId',
      { externalReferenceId: 'worker-request' },
    ],
    [
      'externalReferenceId with an empty number',
      'externalReferenceId',
      { externalReferenceId: 'worker-request:' },
    ],
    ['externalReferenceId without a kind', 'externalReferenceId', { externalReferenceId: ':42' }],
    [
      'externalReferenceId with a non-numeric id',
      'externalReferenceId',
      { externalReferenceId: 'worker-request:abc' },
    ],
    [
      'externalReferenceId with a negative id',
      'externalReferenceId',
      { externalReferenceId: 'worker-request:-1' },
    ],
    ['externalReferenceId with a space', 'externalReferenceId', { externalReferenceId: 'worker request:1' }],
    ['externalReferenceId with two colons', 'externalReferenceId', { externalReferenceId: 'a:1:2' }],
    ['externalReferenceId not a string', 'externalReferenceId', { externalReferenceId: 42 }],
    ['technicalDetails not a string', 'technicalDetails', { technicalDetails: 42 }],
  ];

  it.each(cases)('%s is 400 naming %s', async (_, field, overrides) => {
    await expectRejected(field, 'POST', '/incidents', { ...reportBody(), ...overrides });
  });

  it('a body naming nothing is 400 naming every required field', async () => {
    const res = await expectRejected('processInstanceId', 'POST', '/incidents', {});
    const fields = res.body.errors.map((e: { field: string }) => e.field);
    expect(fields).toEqual(
      expect.arrayContaining([
        'processInstanceId',
        'nodeId',
        'source',
        'severity',
        'message',
        'externalReferenceId',
      ]),
    );
  });

  it('an empty body is 400 naming the required fields', async () => {
    const res = await withoutIncidentChange(t, () => t.call('POST', '/incidents', { token: admin.token }));
    expectFieldError(res, 'message');
  });

  it.each([
    ['malformed JSON', '{"message": "x",'],
    ['a JSON array', '[{"message": "x"}]'],
    ['a JSON string', '"message"'],
    ['a JSON number', '42'],
    ['JSON null', 'null'],
  ])('%s is 400 naming the body', async (_, rawBody) => {
    const res = await withoutIncidentChange(t, () =>
      t.call('POST', '/incidents', {
        token: admin.token,
        rawBody,
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectFieldError(res, '(body)');
  });

  it('a body over 64 KiB is 413 and changes nothing', async () => {
    const res = await withoutIncidentChange(t, () =>
      t.call('POST', '/incidents', {
        token: admin.token,
        rawBody: JSON.stringify(reportBody({ technicalDetails: 'x'.repeat(70 * 1024) })),
        headers: { 'content-type': 'application/json' },
      }),
    );
    expectProblem(res, 413);
  });

  it('unknown fields are ignored: a report cannot set status, count or resolution', async () => {
    const res = await as.post('/incidents', {
      ...reportBody(),
      id: 1,
      status: 'RESOLVED',
      occurrenceCount: 99,
      resolvedBy: 'mallory',
      createdAt: '2001-01-01T00:00:00',
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'OPEN', occurrenceCount: 1, resolvedBy: null });
    expect(res.body.createdAt).not.toBe('2001-01-01T00:00:00');
  });

  it('a reference kind may hold letters, digits, dot, dash and underscore', async () => {
    for (const kind of ['worker-request', 'Job.Run_2', 'x']) {
      const ref = newReference(kind);
      expect((await report(as, { externalReferenceId: ref })).externalReferenceId).toBe(ref);
    }
  });
});

describe('GET /incidents: invalid query values', () => {
  it.each([
    ['status=CLOSED', 'status'],
    ['status=', 'status'],
    ['status=OPEN,CLOSED', 'status'],
    ['status=OPEN&status=CLOSED', 'status'],
    ['status=OPEN,', 'status'],
    ['severity=HIGH,urgent', 'severity'],
    ['source=FTP', 'source'],
    ['severity=URGENT', 'severity'],
    ['processInstanceId=abc', 'processInstanceId'],
    ['processInstanceId=0', 'processInstanceId'],
    ['processInstanceId=-1', 'processInstanceId'],
    ['processInstanceId=1.5', 'processInstanceId'],
    ['page=-1', 'page'],
    ['size=0', 'size'],
    ['size=abc', 'size'],
    ['sort=bogus', 'sort'],
    ['sort=createdAt,sideways', 'sort'],
  ])('%s is 400 naming %s', async (query, field) => {
    const res = await as.get(`/incidents?${query}`);
    expectFieldError(res, field);
  });
});

describe('path ids', () => {
  describe.each(operationsWithId)('$name', (op) => {
    it.each(['abc', '-1', '0', '1.5', '1e3', '0x10', '9007199254740992', '%20'])(
      'id %s is 400 and changes nothing',
      async (id) => {
        const target = await createTarget(op);
        const res = await withoutIncidentChange(t, () =>
          send(op, target, { headers: bearer(admin.token), id }),
        );
        expectFieldError(res, op.idParam!);
      },
    );

    it('a well-formed unknown id is 404 (or an empty list for a process instance)', async () => {
      const target = await createTarget(op);
      const res = await withoutIncidentChange(t, () =>
        send(op, target, { headers: bearer(admin.token), id: '9007199254740991' }),
      );
      if (op.idParam === 'processInstanceId') {
        expect(res.status).toBe(200);
        expect(res.body).toEqual([]);
      } else expectProblem(res, 404, 'NOT_FOUND');
    });
  });
});

describe('lifecycle bodies', () => {
  const path = (id: number, action: string) => `/incidents/${id}/${action}`;

  it.each([
    ['acknowledgedBy not a string', 'acknowledge', 'acknowledgedBy', { acknowledgedBy: 42 }],
    ['acknowledgedBy empty', 'acknowledge', 'acknowledgedBy', { acknowledgedBy: '' }],
    ['acknowledgedBy only blanks', 'acknowledge', 'acknowledgedBy', { acknowledgedBy: '   ' }],
    ['resolvedBy not a string', 'resolve', 'resolvedBy', { resolvedBy: 42 }],
    ['resolvedBy empty', 'resolve', 'resolvedBy', { resolvedBy: '' }],
    ['resolutionNote not a string', 'resolve', 'resolutionNote', { resolutionNote: 42 }],
    ['resolutionNote of 4001 characters', 'resolve', 'resolutionNote', { resolutionNote: 'n'.repeat(4001) }],
    ['an unknown resolutionAction', 'resolve', 'resolutionAction', { resolutionAction: 'FIXED' }],
    ['a lower-case resolutionAction', 'resolve', 'resolutionAction', { resolutionAction: 'other' }],
    ['resolutionAction not a string', 'resolve', 'resolutionAction', { resolutionAction: 3 }],
  ] as const)('%s is 400 naming the field', async (_, action, field, body) => {
    const incident = await report(as);
    await expectRejected(field, 'POST', path(incident.id, action), body);
    expect((await getIncident(as, incident.id)).status).toBe('OPEN');
  });

  describe.each(['acknowledge', 'resolve', 'reopen'])('%s', (action) => {
    it.each([
      ['malformed JSON', '{"acknowledgedBy": "x",'],
      ['a JSON array', '[]'],
      ['a JSON string', '"x"'],
      ['JSON null', 'null'],
    ])('a body of %s is 400 naming the body', async (_, rawBody) => {
      const incident = await report(as);
      if (action === 'reopen') await act(as, 'resolve', incident.id, {});
      const res = await withoutIncidentChange(t, () =>
        t.call('POST', path(incident.id, action), {
          token: admin.token,
          rawBody,
          headers: { 'content-type': 'application/json' },
        }),
      );
      expectFieldError(res, '(body)');
    });
  });

  it('unknown fields are ignored: an acknowledgement cannot set status or resolution', async () => {
    const incident = await report(as);
    const res = await as.post(path(incident.id, 'acknowledge'), {
      status: 'RESOLVED',
      resolvedBy: 'mallory',
      id: incident.id + 1,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ id: incident.id, status: 'ACKNOWLEDGED', resolvedBy: null });
  });

  it('reopen ignores a body it does not need', async () => {
    const incident = await report(as);
    await act(as, 'resolve', incident.id, {});
    const res = await as.post(path(incident.id, 'reopen'), { reopenedBy: 'x', status: 'ACKNOWLEDGED' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.status).toBe('OPEN');
  });
});

describe('bulk bodies', () => {
  describe.each(['acknowledge', 'resolve'])('bulk/%s', (action) => {
    const path = `/incidents/bulk/${action}`;

    it.each([
      ['ids missing', {}],
      ['ids empty', { ids: [] }],
      ['251 ids', { ids: Array.from({ length: 251 }, (_, i) => i + 1) }],
      ['ids not an array', { ids: 'all' }],
      ['ids a single number', { ids: 5 }],
      ['an id as a string', { ids: ['1'] }],
      ['an id of -1', { ids: [-1] }],
      ['an id of 0', { ids: [0] }],
      ['an id of 1.5', { ids: [1.5] }],
      ['an id null', { ids: [null] }],
    ])('%s is 400 naming ids', async (_, body) => {
      await expectRejected('ids', 'POST', path, body);
    });

    it('an invalid id among valid ones is 400 and applies none of them', async () => {
      const incident = await report(as);
      await expectRejected('ids', 'POST', path, { ids: [incident.id, 'x'] });
      expect((await getIncident(as, incident.id)).status).toBe('OPEN');
    });

    it.each([
      ['malformed JSON', '{"ids": [1,'],
      ['a JSON array', '[1, 2]'],
    ])('a body of %s is 400 naming the body', async (_, rawBody) => {
      const res = await withoutIncidentChange(t, () =>
        t.call('POST', path, {
          token: admin.token,
          rawBody,
          headers: { 'content-type': 'application/json' },
        }),
      );
      expectFieldError(res, '(body)');
    });
  });

  it.each([
    ['acknowledge', 'acknowledgedBy', { acknowledgedBy: 42 }],
    ['resolve', 'resolvedBy', { resolvedBy: '' }],
    ['resolve', 'resolutionNote', { resolutionNote: 'n'.repeat(4001) }],
    ['resolve', 'resolutionAction', { resolutionAction: 'FIXED' }],
  ] as const)('bulk/%s with a bad %s is 400 and applies nothing', async (action, field, extra) => {
    const incident = await report(as);
    await expectRejected(field, 'POST', `/incidents/bulk/${action}`, { ids: [incident.id], ...extra });
    expect((await getIncident(as, incident.id)).status).toBe('OPEN');
  });
});
