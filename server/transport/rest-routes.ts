// The REST transport's routes: every operation whose meta declares an OpenAPI method and path
// (server/transport/operation.ts), found by the request's method and path, with its input taken from the path and the
// query (GET, DELETE) or the body (any other method). The input schema parses what arrives: a query value
// is a string, or an array of strings when the parameter is repeated, and the query schemas say how each
// becomes a number, a list or a date (server/schemas/); a body is JSON and keeps its types, so a number sent
// as "5" is a 400 there as everywhere.
import { TRPCError } from '@trpc/server';
import type { Operation } from './operation';

export interface RestRoute {
  method: string;
  /** The path template (`/incidents/{id}`). */
  template: string;
  /** The template under /api, as metrics and the request line name the route (`/api/incidents/{id}`). */
  apiRoute: string;
  pattern: RegExp;
  /** The operation's path (`incidents.get`). */
  operationPath: string;
  operation: Operation;
  /** HTTP status of an empty answer (AppMeta.successStatus). */
  successStatus?: number;
  /** The largest body it takes, when not the default (AppMeta.maxBodyBytes). */
  maxBodyBytes?: number;
}

export interface RestMatch {
  route: RestRoute;
  /** The path's parameters, by name (strings). */
  pathInput: Record<string, string>;
}

/** The route table: per method, the routes in the routers' order (the first match wins). */
export type RestRouteTable = Map<string, (path: string) => RestRoute[]>;

/** `/{a}/b/` -> `/{a}/b`: one leading slash, none trailing. */
export function normalizePath(path: string): string {
  return `/${path.replace(/^\/|\/$/g, '')}`;
}

/** The expression of a path template: each `{name}` one segment, captured as `name`; case ignored. */
function patternOf(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/\{([^}]+?)\}/g, (_, key: string) => `(?<${key}>[^/]+)`)}$`, 'i');
}

/** The first segment of a path or template, lower-cased (`/Incidents/7` -> `incidents`). */
function firstSegment(path: string): string {
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.indexOf('/', start);
  return path.slice(start, end < 0 ? undefined : end).toLowerCase();
}

/**
 * `items` in their order, grouped by the first segment of their path template: given a path, the items whose
 * template could match it (the same first segment, ignoring case as the expressions do, or a parameter
 * there). A request is then tested against the few templates of its own resource instead of all of them;
 * the order within a group is the items' order, so the first match is the same as over all.
 */
export function byFirstSegment<T>(items: T[], templateOf: (item: T) => string): (path: string) => T[] {
  const isParameter = (segment: string) => segment.startsWith('{');
  const segments = items.map((item) => firstSegment(templateOf(item)));
  const underAnySegment = items.filter((_, i) => isParameter(segments[i]));
  const groups = new Map<string, T[]>();
  for (const segment of new Set(segments.filter((s) => !isParameter(s)))) {
    groups.set(
      segment,
      items.filter((_, i) => segments[i] === segment || isParameter(segments[i])),
    );
  }
  return (path) => groups.get(firstSegment(path)) ?? underAnySegment;
}

/** The route table of the operations (by path, in the routers' order) that declare a REST method and path. */
export function buildRestRoutes(operations: ReadonlyMap<string, Operation>): RestRouteTable {
  const byMethod = new Map<string, RestRoute[]>();
  for (const [operationPath, operation] of operations) {
    const openapi = operation.meta.openapi;
    if (!openapi || openapi.enabled === false || operation.type === 'subscription') continue;
    const template = normalizePath(openapi.path);
    const route: RestRoute = {
      method: openapi.method,
      template,
      apiRoute: `/api${template}`,
      pattern: patternOf(template),
      operationPath,
      operation,
      successStatus: operation.meta.successStatus,
      maxBodyBytes: operation.meta.maxBodyBytes,
    };
    byMethod.set(route.method, [...(byMethod.get(route.method) ?? []), route]);
  }
  return new Map(
    [...byMethod].map(([method, routes]) => [method, byFirstSegment(routes, (route) => route.template)]),
  );
}

/** The route of `method` whose template matches `path` (the path without /api, its trailing slash ignored). */
export function matchRestRoute(routes: RestRouteTable, method: string, path: string): RestMatch | undefined {
  const candidates = routes.get(method);
  if (!candidates) return undefined;
  // A path that starts with a slash and does not end with one (every ordinary request) is its own normal form.
  const normalized = path.startsWith('/') && !path.endsWith('/') ? path : normalizePath(path);
  for (const route of candidates(normalized)) {
    const match = route.pattern.exec(normalized);
    if (match) return { route, pathInput: { ...match.groups } };
  }
  return undefined;
}

/**
 * The operation's raw input: the query (a value given once as itself, more as an array) or the body, with
 * the path's parameters over it; undefined for an operation without input.
 */
export function restInput(
  { route, pathInput }: RestMatch,
  source: { query: Record<string, string[]> } | { body: unknown },
): unknown {
  if (!route.operation.input) return undefined;
  // Copied by spreading, never by assignment: an own key `__proto__` (JSON.parse keeps one) stays a key, which
  // server/transport/input-guard.ts refuses, instead of becoming the prototype of the input.
  if ('query' in source) {
    const query = Object.fromEntries(
      Object.entries(source.query).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    );
    return { ...query, ...pathInput };
  }
  return { ...(source.body as object), ...pathInput };
}

/** Anything thrown, as a TRPCError (an unknown error is a 500). */
export function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof TRPCError) return cause;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}
