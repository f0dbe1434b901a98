// REST onto the tRPC procedures without an adapter in between: the route table of every procedure whose meta
// declares an OpenAPI path, built once at start, and the call of the matched procedure with its input taken
// from the path, the query or the body exactly as trpc-to-openapi's node adapter (3.3.0) takes it. The
// procedures stay the one source of every path, rule and schema (the OpenAPI document is still generated from
// them); what is gone is the adapter's work per request: a fetch Request and AbortSignal made from the Node
// request, a caller proxy walked by path, the error shape formatted and spread on every answer
// (docs/performance.md, "The procedure path against the bare stack").
import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
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
  pattern: RegExp;
  /** The procedure's path in the router (`incidents.get`). */
  procedurePath: string;
  procedure: AnyProcedure;
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
}

export interface RestMatch {
  route: RestRoute;
  /** The path's parameters, by name (strings, as the adapter gives them). */
  pathInput: Record<string, string>;
}

/** The route table: per method, the routes in the router's order (the first match wins, as in the adapter). */
export function buildRestRoutes(procedures: Record<string, unknown>): Map<string, RestRoute[]> {
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
    const route: RestRoute = {
      method: meta.openapi.method,
      pattern: getPathRegExp(normalizePath(meta.openapi.path)),
      procedurePath,
      procedure,
      takesNoInput: instanceofZodTypeLikeVoid(schema),
      objectSchema,
      arrayFields,
      coerced: false,
      successStatus: meta.successStatus,
    };
    const routes = byMethod.get(route.method) ?? [];
    routes.push(route);
    byMethod.set(route.method, routes);
  }
  return byMethod;
}

function isArraySchema(field: unknown): boolean {
  const type = (s: unknown) => (s as { _zod?: { def?: { type?: string } } })?._zod?.def?.type;
  if (type(field) === 'array') return true;
  return (
    instanceofZodTypeOptional(field as never) && type((field as { unwrap(): unknown }).unwrap()) === 'array'
  );
}

/** The route of `method` whose template matches `path` (the path without /api, its trailing slash ignored). */
export function matchRestRoute(
  routes: Map<string, RestRoute[]>,
  method: string,
  path: string,
): RestMatch | undefined {
  const normalized = normalizePath(path);
  for (const route of routes.get(method) ?? []) {
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
  let input: Record<string, unknown>;
  if ('query' in source) {
    const query: Record<string, unknown> = {};
    for (const key of Object.keys(source.query)) {
      const values = source.query[key];
      if (values) query[key] = values.length === 1 ? values[0] : values;
    }
    input = Object.assign(Object.assign({}, query), pathInput);
    for (const key of route.arrayFields) {
      if (input[key] !== undefined && !Array.isArray(input[key])) input[key] = [input[key]];
    }
  } else {
    input = Object.assign(Object.assign({}, source.body), pathInput);
  }
  if (route.objectSchema && !route.coerced) {
    coerceSchema(route.objectSchema as never);
    route.coerced = true;
  }
  return input;
}

/** Runs the procedure (its middlewares, input and output validation) as a server-side caller does. */
export function callRestProcedure(route: RestRoute, input: unknown, ctx: Context): Promise<unknown> {
  return route.procedure({
    ctx,
    getRawInput: async () => input,
    path: route.procedurePath,
    type: route.procedure._def.type,
    signal: ctx.signal,
  } as never);
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
