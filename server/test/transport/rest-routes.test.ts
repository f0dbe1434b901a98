// The REST route table (server/rest-routes.ts) against what it replaces: the lookup by first segment finds
// the same route as a scan of every route in order, and its own walk of a procedure's middleware chain
// answers what tRPC's caller answers, results and errors alike. It relies on @trpc/server keeping a
// procedure's middlewares in `_def.middlewares`; these tests fail first when an upgrade changes that.
import type { AnyProcedure } from '@trpc/server';
import { getPathRegExp, normalizePath } from 'trpc-to-openapi';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { appRouter } from '../../routers';
import { buildRestRoutes, byFirstSegment, callRestProcedure, matchRestRoute } from '../../rest-routes';
import { createContext, type AppMeta, type Context } from '../../trpc';
import { reportIncident } from '../../services/incidents/report-incident';
import { accessTokenFor, createTestUser, dispatcherOf, openTestDatabase } from '../support/helpers';

const procedures = appRouter._def.procedures as Record<string, unknown>;

describe('the REST route table', () => {
  const table = buildRestRoutes(procedures);

  it('keeps every procedure middleware chain, as functions, resolver last', () => {
    for (const [path, procedure] of Object.entries(procedures)) {
      const middlewares = (procedure as { _def: { middlewares: unknown } })._def.middlewares;
      expect(Array.isArray(middlewares), path).toBe(true);
      expect(
        (middlewares as unknown[]).every((m) => typeof m === 'function'),
        path,
      ).toBe(true);
    }
  });

  it('finds by first segment what a scan of every route in the router order finds', () => {
    // The reference: every route, in the router's order, each with the adapter's expression of its path.
    const everyRoute = Object.entries(procedures).flatMap(([name, value]) => {
      const def = (value as AnyProcedure)._def;
      const openapi = (def.meta as AppMeta | undefined)?.openapi;
      if (!openapi || openapi.enabled === false || def.type === 'subscription') return [];
      const template = normalizePath(openapi.path);
      return [{ name, method: openapi.method, template, pattern: getPathRegExp(template) }];
    });
    // Every template with 7 for its parameters, and paths none answers or that differ in case or slash.
    const paths = [...new Set(everyRoute.map((r) => r.template.replace(/\{[^}]+\}/g, '7')))];
    paths.push('/Incidents/7', '/incidents/summary/', '/nothing/here', '/', '/incidents/7/nothing');
    expect(paths).toContain('/incidents/7');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE']) {
      for (const path of paths) {
        const scanned = everyRoute.find((r) => r.method === method && r.pattern.test(normalizePath(path)));
        expect(matchRestRoute(table, method, path)?.route.procedurePath, `${method} ${path}`).toBe(
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

describe('a REST call walks the procedure as tRPC calls it', () => {
  let database: Database;
  let ctx: Context;
  const table = buildRestRoutes(procedures);
  const route = (method: string, path: string) => matchRestRoute(table, method, path)!.route;

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
    const get = route('GET', `/incidents/${incident.id}`);
    expect(await settle(callRestProcedure(get, { id: incident.id }, ctx))).toEqual(
      await settle(caller.incidents.get({ id: incident.id })),
    );
    // Not found (the service's DomainError given its status by server/trpc.ts), and invalid input.
    for (const input of [{ id: 999_999_999 }, { id: -1 }]) {
      const rest = await settle(callRestProcedure(get, input, ctx));
      expect(rest).toEqual(await settle(caller.incidents.get(input)));
      expect(rest).toHaveProperty('code');
    }
    // A transition, then its refusal the second time (409).
    const acknowledge = route('POST', `/incidents/${incident.id}/acknowledge`);
    const first = await settle(callRestProcedure(acknowledge, { id: incident.id }, ctx));
    expect(first).toMatchObject({ data: { id: incident.id, status: 'ACKNOWLEDGED' } });
    expect(await settle(callRestProcedure(acknowledge, { id: incident.id }, ctx))).toEqual(
      await settle(caller.incidents.acknowledge({ id: incident.id })),
    );
  });

  it('refuses a caller without credentials as the caller does', async () => {
    const anonymous = await createContext({ db: database.db, dispatcher: dispatcherOf(database) });
    const summary = route('GET', '/incidents/summary');
    const rest = await settle(callRestProcedure(summary, {}, anonymous));
    expect(rest).toEqual(await settle(appRouter.createCaller(anonymous).incidents.summary({})));
    expect(rest).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});
