// One declaration per operation (server/transport/operation.ts), two transports: the REST route table finds the same
// operation as a scan of every route in order, every procedure of the router was declared as an operation,
// and REST's run of an operation answers what tRPC's caller answers, results and errors alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { appOperations, appRouter } from '../../routers';
import { runOperation } from '../../transport/operation';
import { buildRestRoutes, byFirstSegment, matchRestRoute, normalizePath } from '../../transport/rest-routes';
import { createContext, type Context } from '../../transport/trpc';
import { reportIncident } from '../../services/incidents/report-incident';
import { accessTokenFor, createTestUser, dispatcherOf, openTestDatabase } from '../support/helpers';

describe('the REST route table', () => {
  const table = buildRestRoutes(appOperations);

  it('holds every operation of the router, as the caller reaches it', () => {
    const caller = appRouter.createCaller({} as Context) as unknown as Record<
      string,
      Record<string, unknown>
    >;
    expect(appOperations.size).toBeGreaterThan(50);
    for (const path of appOperations.keys()) {
      const [area, name] = path.split('.');
      expect(typeof caller[area][name], path).toBe('function');
    }
  });

  it('finds by first segment what a scan of every route in the router order finds', () => {
    // The reference: every route, in the router's order, each with an expression of its path written here.
    const everyRoute = [...appOperations].flatMap(([name, { meta, type }]) => {
      const openapi = meta.openapi;
      if (!openapi || openapi.enabled === false || type === 'subscription') return [];
      const template = normalizePath(openapi.path);
      const pattern = new RegExp(`^${template.replace(/\{(.+?)\}/g, '(?<$1>[^/]+)')}$`, 'i');
      return [{ name, method: openapi.method, template, pattern }];
    });
    // Every template with 7 for its parameters, and paths none answers or that differ in case or slash.
    const paths = [...new Set(everyRoute.map((r) => r.template.replace(/\{[^}]+\}/g, '7')))];
    paths.push('/Incidents/7', '/incidents/summary/', '/nothing/here', '/', '/incidents/7/nothing');
    expect(paths).toContain('/incidents/7');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of paths) {
        const scanned = everyRoute.find((r) => r.method === method && r.pattern.test(normalizePath(path)));
        expect(matchRestRoute(table, method, path)?.route.operationPath, `${method} ${path}`).toBe(
          scanned?.name,
        );
      }
    }
  });

  it('groups by first segment, keeping the order, parameter-first templates in every group', () => {
    const items = ['/a/{id}', '/{any}/x', '/b', '/a/summary', '/A/y'];
    const of = byFirstSegment(items, (t) => t);
    expect(of('/a/1')).toEqual(['/a/{id}', '/{any}/x', '/a/summary', '/A/y']);
    expect(of('/B')).toEqual(['/{any}/x', '/b']);
    expect(of('/c/x')).toEqual(['/{any}/x']);
  });
});

describe('REST runs an operation as its tRPC procedure runs', () => {
  let database: Database;
  let ctx: Context;
  const table = buildRestRoutes(appOperations);
  /** REST's run of the operation of `method path`, with this raw input. */
  const rest = (method: string, path: string, rawInput: unknown, context = ctx) => {
    const { operation, operationPath } = matchRestRoute(table, method, path)!.route;
    return runOperation(operation, { ctx: context, path: operationPath, rawInput });
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    const user = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
    ctx = await createContext({
      db: database.db,
      dispatcher: dispatcherOf(database),
      credentials: { authorization: `Bearer ${await accessTokenFor(user)}` },
    });
  });
  afterAll(() => database?.close());

  /** What tRPC's own caller answers, or the error it throws (code and message). */
  const settle = (promise: Promise<unknown>) =>
    promise.then(
      (data) => ({ data }),
      (error: { code: string; message: string }) => ({ code: error.code, message: error.message }),
    );

  it('answers the same data, and the same errors, as the caller', async () => {
    const incident = await reportIncident(database.db, {
      processInstanceId: 1,
      nodeId: 'n',
      source: 'PROCESS_ENGINE',
      severity: 'LOW',
      message: 'same answer',
      externalReferenceId: `rest-routes:${Date.now()}${Math.floor(Math.random() * 1000)}`,
    });
    const caller = appRouter.createCaller(ctx);
    const get = `/incidents/${incident.id}`;
    expect(await settle(rest('GET', get, { id: incident.id }))).toEqual(
      await settle(caller.incidents.get({ id: incident.id })),
    );
    // Not found (the service's DomainError given its status by server/transport/trpc.ts), and invalid input.
    for (const input of [{ id: 999_999_999 }, { id: -1 }]) {
      const answer = await settle(rest('GET', get, input));
      expect(answer).toEqual(await settle(caller.incidents.get(input)));
      expect(answer).toHaveProperty('code');
    }
    // A transition, then its refusal the second time (409).
    const acknowledge = `/incidents/${incident.id}/acknowledge`;
    const first = await settle(rest('POST', acknowledge, { id: incident.id }));
    expect(first).toMatchObject({ data: { id: incident.id, status: 'ACKNOWLEDGED' } });
    expect(await settle(rest('POST', acknowledge, { id: incident.id }))).toEqual(
      await settle(caller.incidents.acknowledge({ id: incident.id })),
    );
  });

  it('refuses a caller without credentials as the caller does', async () => {
    const anonymous = await createContext({ db: database.db, dispatcher: dispatcherOf(database) });
    const answer = await settle(rest('GET', '/incidents/summary', {}, anonymous));
    expect(answer).toEqual(await settle(appRouter.createCaller(anonymous).incidents.summary({})));
    expect(answer).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
