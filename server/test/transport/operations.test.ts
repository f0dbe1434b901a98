// One declaration per operation (server/transport/operation.ts), one table of routes (server/transport/api-router.ts):
// every procedure of the router was declared as an operation, every REST operation is a route the table finds
// by its method and path whatever the routers' order, and the table's rules (case, trailing slash, HEAD, 405,
// parameters) hold for every route alike.
import { describe, expect, it } from 'vitest';
import { appOperations, appRouter } from '../../routers';
import { ApiRouter } from '../../transport/api-router';
import { restRoutes, type RestRoute } from '../../transport/rest-routes';
import type { Context } from '../../transport/trpc';

const routes = restRoutes(appOperations);
const table = new ApiRouter<RestRoute>();
for (const route of routes) table.add([route.method], route.template, route);

/** The operation the table finds for `method path`, or the status it answers instead. */
const found = (method: string, path: string) => {
  const match = table.match(method, path);
  return match.status === 200 ? match.route.operationPath : match.status;
};

describe('the REST route table', () => {
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

  it('finds every operation at its own template, in any case and with a trailing slash', () => {
    expect(routes.length).toBeGreaterThan(50);
    for (const { method, template, operationPath } of routes) {
      const path = template.replace(/\{[^}]+\}/g, '7');
      expect(found(method, path), `${method} ${path}`).toBe(operationPath);
      expect(found(method, `${path}/`), `${method} ${path}/`).toBe(operationPath);
      expect(found(method, path.toUpperCase().replace('/API/', '/api/')), path).toBe(operationPath);
    }
  });

  it('puts a fixed segment before a parameter, whatever the routers declare first', () => {
    expect(found('GET', '/api/incidents/summary')).toBe('incidents.summary');
    expect(found('GET', '/api/incidents/7')).toBe('incidents.get');
    expect(found('GET', '/api/incidents/process-instances/7')).toBe('incidents.ofProcessInstance');
    // Added in the other order, the table finds the same.
    const reversed = new ApiRouter<RestRoute>();
    for (const route of [...routes].reverse()) reversed.add([route.method], route.template, route);
    for (const { method, template } of routes) {
      const path = template.replace(/\{[^}]+\}/g, 'x');
      const match = reversed.match(method, path);
      expect(match.status === 200 && match.route.operationPath, `${method} ${path}`).toBe(
        found(method, path),
      );
    }
  });

  it('answers HEAD as GET, 405 with the methods of a known path, 404 for any other', () => {
    expect(found('HEAD', '/api/incidents/7')).toBe('incidents.get');
    expect(table.match('DELETE', '/api/incidents/7')).toMatchObject({
      status: 405,
      allowed: ['GET', 'HEAD'],
    });
    expect(table.match('PATCH', '/api/incidents')).toMatchObject({
      status: 405,
      allowed: ['GET', 'HEAD', 'POST'],
      route: { template: '/api/incidents' },
    });
    expect(table.match('GET', '/api/incidents/7/nothing')).toEqual({ status: 404, route: undefined });
    expect(table.match('GET', '/api/nothing/here')).toEqual({ status: 404, route: undefined });
    expect(table.match('GET', '/api')).toEqual({ status: 404, route: undefined });
  });

  it('gives a parameter percent-decoded, in the case it was sent, of any length', () => {
    const match = table.match('GET', '/api/admin/users/Ab%20c');
    expect(match).toMatchObject({ status: 200, params: { id: 'Ab c' } });
    const long = '9'.repeat(2000);
    expect(table.match('GET', `/api/incidents/${long}`)).toMatchObject({ params: { id: long } });
  });

  it('answers a fallback route only where no other route of the path answers', () => {
    const withFallback = new ApiRouter<string>();
    withFallback.add(['POST'], '/api/x/{id}/go', 'go');
    withFallback.add(['GET', 'POST'], '/api/x/*', 'fallback', { fallback: true });
    expect(withFallback.match('POST', '/api/x/1/go')).toMatchObject({ status: 200, route: 'go' });
    expect(withFallback.match('GET', '/api/x/1/go')).toMatchObject({ status: 405, allowed: ['POST'] });
    expect(withFallback.match('POST', '/api/x/1/stop')).toEqual({ status: 404, route: 'fallback' });
    expect(withFallback.allowedMethods('/api/x/1/stop')).toEqual([]);
  });
});
