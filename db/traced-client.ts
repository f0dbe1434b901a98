// OpenTelemetry spans for database statements, when tracing is on (OTEL_EXPORTER_OTLP_ENDPOINT, server/observability/tracing.ts):
// the client Drizzle is given is wrapped, since every statement of either driver passes through it: postgres.js
// `unsafe(text, params)` and PGlite `query(text, params)` / `exec(text)`, and transactions through `begin` /
// `transaction` (their statements through the transaction's own client, wrapped in turn; savepoints alike).
//
// A span carries the statement as Drizzle sends it, its values bound as $1, $2...: parameters are never
// recorded, and quoted literals written into a statement's text are replaced by '?'. Its duration runs from
// the call to the answer, waiting for a connection included. Only statements made while a span is current
// (a traced request) are traced: the background sweeps would otherwise start a trace of their own every second.
import type * as OtelApi from '@opentelemetry/api';
import { sent, Statement, type Query } from './statement';

type Api = typeof OtelApi;

/** The longest statement text recorded (the text search may write found messages into its statement). */
const MAX_STATEMENT_CHARS = 2_000;

const STRING_LITERAL = /'(?:[^']|'')*'/g;

/** The statement's text without its quoted literals, and bounded in length. */
export function sanitizeStatement(text: string): string {
  const sanitized = text.replace(STRING_LITERAL, "'?'");
  return sanitized.length > MAX_STATEMENT_CHARS ? `${sanitized.slice(0, MAX_STATEMENT_CHARS)}…` : sanitized;
}

const WRITTEN_TABLE = /^\s*(?:insert\s+into|update|delete\s+from)\s+"(\w+)"/i;
const READ_TABLE = /\bfrom\s+"(\w+)"/i;

/** `SELECT incidents`, `INSERT users`...: the operation and its (first) table, as OpenTelemetry names DB spans. */
export function spanNameOf(text: string): string {
  const operation = /^\s*(\w+)/.exec(text)?.[1]?.toUpperCase() ?? 'QUERY';
  const table =
    WRITTEN_TABLE.exec(text)?.[1] ??
    (operation === 'SELECT' || operation === 'WITH' ? READ_TABLE.exec(text)?.[1] : undefined);
  return table ? `${operation} ${table}` : operation;
}

interface Tracing {
  api: Api;
  tracer: OtelApi.Tracer;
}

/** Runs `start` in a span of its own (current while it runs), ended when its promise settles. */
function inSpan<T>(
  { api, tracer }: Tracing,
  name: string,
  attributes: OtelApi.Attributes,
  start: () => PromiseLike<T>,
): Promise<T> {
  const parent = api.context.active();
  const span = tracer.startSpan(name, { kind: api.SpanKind.CLIENT, attributes }, parent);
  const settle = (error?: unknown) => {
    if (error !== undefined) {
      // The SQLSTATE or the driver's code only: a message may quote the values (a duplicate key's, say).
      const code = (error as { code?: unknown } | null)?.code;
      const type = typeof code === 'string' ? code : (error as Error)?.name || 'Error';
      span.setAttributes({
        'error.type': type,
        ...(typeof code === 'string' && { 'db.response.status_code': code }),
      });
      span.setStatus({ code: api.SpanStatusCode.ERROR });
    }
    span.end();
  };
  return api.context.with(api.trace.setSpan(parent, span), () =>
    Promise.resolve(start()).then(
      (result) => {
        if (Array.isArray(result)) span.setAttribute('db.response.returned_rows', result.length);
        else if (Array.isArray((result as { rows?: unknown })?.rows))
          span.setAttribute('db.response.returned_rows', (result as { rows: unknown[] }).rows.length);
        settle();
        return result;
      },
      (error: unknown) => {
        settle(error ?? new Error('rejected'));
        throw error;
      },
    ),
  );
}

const statementAttributes = (text: string): OtelApi.Attributes => ({
  'db.system.name': 'postgresql',
  'db.query.text': sanitizeStatement(text),
});

/** `query`, as a statement that is traced from when it is sent (postgres.js sends a query when awaited). */
const tracedQuery = (tracing: Tracing, query: Query, text: string) =>
  new Statement((arrays) =>
    inSpan(tracing, spanNameOf(text), statementAttributes(text), () => sent(query, arrays)),
  );

type Kind = 'postgres' | 'pglite';

/** `client` (or a transaction's client) whose statements and transactions are spans while a span is current. */
function traced<T extends object>(tracing: Tracing, client: T, kind: Kind): T {
  const { api } = tracing;
  const active = () => api.trace.getSpan(api.context.active())?.isRecording() === true;
  return new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function') return value;
      const method = value as (...a: unknown[]) => unknown;
      if (kind === 'postgres' && key === 'unsafe') {
        return (text: string, ...rest: unknown[]) => {
          const query = method.call(target, text, ...rest) as Query;
          return active() ? tracedQuery(tracing, query, text) : query;
        };
      }
      if (kind === 'pglite' && (key === 'query' || key === 'exec')) {
        return (text: string, ...rest: unknown[]) =>
          active()
            ? inSpan(
                tracing,
                spanNameOf(text),
                statementAttributes(text),
                () => method.call(target, text, ...rest) as Promise<unknown>,
              )
            : method.call(target, text, ...rest);
      }
      const isTransaction =
        (kind === 'postgres' && (key === 'begin' || key === 'savepoint')) ||
        (kind === 'pglite' && key === 'transaction');
      if (isTransaction) {
        return (...args: unknown[]) => {
          const work = args.pop() as (tx: object) => unknown;
          const run = () => method.call(target, ...args, (tx: object) => work(traced(tracing, tx, kind)));
          if (!active()) return run();
          const name = key === 'savepoint' ? 'SAVEPOINT' : 'TRANSACTION';
          return inSpan(tracing, name, { 'db.system.name': 'postgresql' }, () => run() as Promise<unknown>);
        };
      }
      return method.bind(target);
    },
  });
}

/** `client` traced when OpenTelemetry is on; loads @opentelemetry/api only then. */
export async function tracedClient<T extends object>(client: T, kind: Kind): Promise<T> {
  const api = await import('@opentelemetry/api');
  return traced({ api, tracer: api.trace.getTracer('bpm-admin-console/db') }, client, kind);
}
