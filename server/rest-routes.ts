// REST onto the tRPC procedures without an adapter in between: the route table of every procedure whose meta
// declares an OpenAPI path, built once at start, and the call of the matched procedure with its input taken
// from the path, the query or the body exactly as trpc-to-openapi's node adapter (3.3.0) takes it. The
// procedures stay the one source of every path, rule and schema (the OpenAPI document is still generated from
// them); what is gone is the adapter's work per request: a fetch Request and AbortSignal made from the Node
// request, a caller proxy walked by path, the error shape formatted and spread on every answer
// (docs/performance.md, "The procedure path against the bare stack").
import type { AnyProcedure } from '@trpc/server';
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import {
  coerceSchema,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  zodSupportsCoerce,
} from 'trpc-to-openapi';
import type { AppMeta, Context } from './trpc';

interface RestRoute {
  method: string;
  /** The path template (`/incidents/{id}`). */
  template: string;
  /** The template under /api, as metrics and the request line name the route (`/api/incidents/{id}`). */
  apiRoute: string;
  pattern: RegExp;
  /** The procedure's path in the router (`incidents.get`). */
  procedurePath: string;
  procedure: AnyProcedure;
  /** The procedure's middleware chain, resolver last (callRestProcedure). */
  middlewares: Middleware[];
  /** The input schema is void-like: the procedure gets no input. */
  takesNoInput: boolean;
  /** An object input schema (the adapter coerces its strings and wraps lone query values of array fields). */
  objectSchema?: { shape: Record<string, unknown> };
  /** Fields of the input that are arrays: a query value given once is still an array. */
  arrayFields: string[];
  /** The adapter coerced the schema on its first request (coerceSchema changes it in place, for tRPC too). */
  coerced: boolean;
  /** HTTP status of an empty answer (AppMeta.successStatus). */
  successStatus?: number;
  /** The largest body it takes, when not the default (AppMeta.maxBodyBytes). */
  maxBodyBytes?: number;
}

export interface RestMatch {
  route: RestRoute;
  /** The path's parameters, by name (strings, as the adapter gives them). */
  pathInput: Record<string, string>;
}

/** The route table: per method, the routes in the router's order (the first match wins, as in the adapter). */
export type RestRouteTable = Map<string, (path: string) => RestRoute[]>;

/** The first segment of a path or template, lower-cased (`/Incidents/7` -> `incidents`). */
function firstSegment(path: string): string {
  const start = path.startsWith('/') ? 1 : 0;
  const end = path.indexOf('/', start);
  return path.slice(start, end < 0 ? undefined : end).toLowerCase();
}

/**
 * `items` in their order, grouped by the first segment of their path template: given a path, the items whose
 * template could match it (the same first segment, ignoring case as the adapter's expressions do, or a
 * parameter there). A request is then tested against the few templates of its own resource instead of all
 * of them; the order within a group is the items' order, so the first match is the same as over all.
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

export function buildRestRoutes(procedures: Record<string, unknown>): RestRouteTable {
  const byMethod = new Map<string, RestRoute[]>();
  for (const [procedurePath, value] of Object.entries(procedures)) {
    const procedure = value as AnyProcedure;
    const meta = procedure._def.meta as AppMeta | undefined;
    if (!meta?.openapi || meta.openapi.enabled === false || procedure._def.type === 'subscription') continue;
    const { inputParser } = getInputOutputParsers(procedure as never);
    const schema = unwrapZodType(inputParser as never, true);
    const objectSchema =
      zodSupportsCoerce && instanceofZodTypeObject(schema)
        ? (schema as unknown as { shape: Record<string, unknown> })
        : undefined;
    const arrayFields = Object.entries(objectSchema?.shape ?? {})
      .filter(([, field]) => isArraySchema(field))
      .map(([key]) => key);
    const template = normalizePath(meta.openapi.path);
    const route: RestRoute = {
      method: meta.openapi.method,
      template,
      apiRoute: `/api${template}`,
      pattern: getPathRegExp(template),
      procedurePath,
      procedure,
      middlewares: middlewaresOf(procedure),
      takesNoInput: instanceofZodTypeLikeVoid(schema),
      objectSchema,
      arrayFields,
      coerced: false,
      successStatus: meta.successStatus,
      maxBodyBytes: meta.maxBodyBytes,
    };
    const routes = byMethod.get(route.method) ?? [];
    routes.push(route);
    byMethod.set(route.method, routes);
  }
  return new Map(
    [...byMethod].map(([method, routes]) => [method, byFirstSegment(routes, (route) => route.template)]),
  );
}

function isArraySchema(field: unknown): boolean {
  const type = (s: unknown) => (s as { _zod?: { def?: { type?: string } } })?._zod?.def?.type;
  if (type(field) === 'array') return true;
  return (
    instanceofZodTypeOptional(field as never) && type((field as { unwrap(): unknown }).unwrap()) === 'array'
  );
}

/** The route of `method` whose template matches `path` (the path without /api, its trailing slash ignored). */
export function matchRestRoute(routes: RestRouteTable, method: string, path: string): RestMatch | undefined {
  const candidates = routes.get(method);
  if (!candidates) return undefined;
  // normalizePath strips one leading and one trailing slash and puts the leading one back: a path that starts
  // with a slash and does not end with one (every ordinary request) is its own normal form.
  const normalized = path.startsWith('/') && !path.endsWith('/') ? path : normalizePath(path);
  for (const route of candidates(normalized)) {
    const match = route.pattern.exec(normalized);
    if (match) return { route, pathInput: { ...match.groups } };
  }
  return undefined;
}

/**
 * The procedure's input: the query (a value given once as itself, more as an array) or the body, with the
 * path's parameters over it; undefined for a procedure without input. The same steps as the adapter, so that
 * the same request meets the same schema with the same values.
 */
export function restInput(
  { route, pathInput }: RestMatch,
  source: { query: Record<string, string[]> } | { body: unknown },
): unknown {
  if (route.takesNoInput) return undefined;
  // Copied by spreading, never by assignment: an own key `__proto__` (JSON.parse keeps one) stays a key, which
  // server/input-guard.ts refuses, instead of becoming the prototype of the input.
  let input: Record<string, unknown>;
  if ('query' in source) {
    const query = Object.fromEntries(
      Object.entries(source.query).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
    );
    input = { ...query, ...pathInput };
    for (const key of route.arrayFields) {
      if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    }
  } else {
    input = { ...(source.body as object), ...pathInput };
  }
  if (route.objectSchema && !route.coerced) {
    coerceSchema(route.objectSchema as never);
    route.coerced = true;
  }
  return input;
}

/** One step of a procedure's chain, as tRPC calls it (also server/procedure-chain.ts). */
export type Middleware = (opts: MiddlewareCall) => Promise<MiddlewareResult>;
export interface MiddlewareCall {
  ctx: Context;
  type: string;
  path: string;
  input: unknown;
  getRawInput: () => Promise<unknown>;
  meta: unknown;
  next(opts?: {
    ctx?: object;
    input?: unknown;
    getRawInput?: () => Promise<unknown>;
  }): Promise<MiddlewareResult>;
}
export type MiddlewareResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };

/**
 * The procedure's middlewares, in tRPC's order (its rules, input, output, resolver; one step for the API's
 * procedures since server/procedure-chain.ts).
 */
function middlewaresOf(procedure: AnyProcedure): Middleware[] {
  const middlewares = (procedure._def as { middlewares?: unknown }).middlewares;
  if (!Array.isArray(middlewares) || !middlewares.every((m) => typeof m === 'function')) {
    // server/test/transport/rest-routes.test.ts checks this holds for the installed @trpc/server.
    throw new Error("@trpc/server no longer keeps a procedure's middlewares in _def.middlewares");
  }
  return middlewares as Middleware[];
}

/**
 * One step of the procedure's middleware chain, as tRPC's own `callRecursive` (@trpc/server 11) takes it:
 * each middleware gets the call's context, input, raw input, meta, path and type, and `next` hands the next
 * one the context merged with what it passes (`{ ...ctx, ...given }`), the input and raw input it passes or
 * the same; what a middleware throws becomes a failed result for the one before. tRPC copies every option
 * into a new object at every step with Babel's spread helper (about 6% of the CPU of a cheap read:
 * docs/performance.md); here the few options are named once.
 */
async function callMiddleware(
  middlewares: Middleware[],
  index: number,
  call: Omit<MiddlewareCall, 'next'>,
): Promise<MiddlewareResult> {
  try {
    return await middlewares[index]({
      ctx: call.ctx,
      type: call.type,
      path: call.path,
      input: call.input,
      getRawInput: call.getRawInput,
      meta: call.meta,
      next: (given) =>
        callMiddleware(middlewares, index + 1, {
          ctx: given?.ctx ? { ...call.ctx, ...given.ctx } : call.ctx,
          type: call.type,
          path: call.path,
          input: given && 'input' in given ? given.input : call.input,
          getRawInput: given?.getRawInput ?? call.getRawInput,
          meta: call.meta,
        }),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

/**
 * Runs the procedure as a server-side caller does: its middlewares (the rules of server/trpc.ts, the
 * error formatting, the validation of input and output) and its resolver, in the chain of tRPC's own
 * procedure caller (callMiddleware). The client's going away is `ctx.clientSignal()`, made when first asked
 * for (createContext); subscriptions, the only procedures reading the call's own `signal`, are not REST
 * operations.
 */
export async function callRestProcedure(route: RestRoute, input: unknown, ctx: Context): Promise<unknown> {
  const result = await callMiddleware(route.middlewares, 0, {
    ctx,
    type: route.procedure._def.type,
    path: route.procedurePath,
    input: undefined,
    getRawInput: async () => input,
    meta: route.procedure._def.meta,
  });
  if (!result) throw new TRPCError({ code: 'INTERNAL_SERVER_ERROR', message: 'No result from middlewares' });
  if (!result.ok) throw result.error;
  return result.data;
}

/** Anything thrown, as the TRPCError the adapter would have answered (an unknown error is a 500). */
export function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof Error && cause.name === 'TRPCError') return cause as TRPCError;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}
