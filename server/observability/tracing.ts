// W3C trace context for every request, and OpenTelemetry spans exported over OTLP/HTTP when
// OTEL_EXPORTER_OTLP_ENDPOINT is set. The SDK is loaded only then: without it nothing of OpenTelemetry is
// imported and a request costs a header check. A span per request is started here rather than by patching
// node:http, because this process has loaded http long before and only the request wrapper knows the route.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context, Span, Tracer } from '@opentelemetry/api';

export interface TraceParent {
  traceId: string;
  parentId: string;
  flags: string;
}

const TRACEPARENT = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;

/** A valid `traceparent` header (W3C Trace Context), or undefined for anything else. */
export function parseTraceparent(header: string | string[] | undefined): TraceParent | undefined {
  if (typeof header !== 'string' || header.length > 512) return undefined;
  const match = TRACEPARENT.exec(header.trim());
  if (!match) return undefined;
  const [, version, traceId, parentId, flags, rest] = match;
  if (version === 'ff' || (version === '00' && rest !== undefined)) return undefined;
  if (/^0+$/.test(traceId) || /^0+$/.test(parentId)) return undefined;
  return { traceId, parentId, flags };
}

export interface RequestTrace {
  traceId: string;
  spanId: string;
  /** The `traceresponse` / outbound `traceparent` value naming this request's span. */
  header: string;
  /** Runs `fn` with this request's span current (outbound calls made in it carry it). */
  run<T>(fn: () => T): T;
  end(route: string, status: number): void;
}

interface Otel {
  api: typeof import('@opentelemetry/api');
  tracer: Tracer;
  shutdown(): Promise<void>;
}

let otel: Otel | undefined;

/** Starts exporting spans to `endpoint` (an OTLP/HTTP collector base URL). */
export async function startTracing(endpoint: string, serviceName = 'bpm-admin-console'): Promise<void> {
  const api = await import('@opentelemetry/api');
  const { AsyncLocalStorageContextManager } = await import('@opentelemetry/context-async-hooks');
  const { W3CTraceContextPropagator } = await import('@opentelemetry/core');
  const { BatchSpanProcessor, TracerProvider } = await import('@opentelemetry/sdk-trace');
  const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
  const { resourceFromAttributes } = await import('@opentelemetry/resources');
  const exporter = new OTLPTraceExporter({ url: `${endpoint.replace(/\/$/, '')}/v1/traces` });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': process.env.OTEL_SERVICE_NAME ?? serviceName }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 1000 })],
  });
  api.context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  otel = { api, tracer: provider.getTracer('bpm-admin-console'), shutdown: () => provider.shutdown() };
}

/** Sends what is left of the spans (at shutdown). */
export async function stopTracing(): Promise<void> {
  await otel?.shutdown().catch(() => {});
}

function traceHeader(traceId: string, spanId: string, flags: string) {
  return `00-${traceId}-${spanId}-${flags}`;
}

/** This request's place in a trace: a span of its own, a child of the caller's `traceparent` when valid. */
export function traceRequest(req: IncomingMessage, method: string, path: string): RequestTrace | undefined {
  const parent = parseTraceparent(req.headers.traceparent);
  if (!otel) {
    if (!parent) return undefined;
    const spanId = randomBytes(8).toString('hex');
    return {
      traceId: parent.traceId,
      spanId,
      header: traceHeader(parent.traceId, spanId, parent.flags),
      run: (fn) => fn(),
      end: () => {},
    };
  }
  return otelSpan(otel, req, method, path);
}

function otelSpan({ api, tracer }: Otel, req: IncomingMessage, method: string, path: string): RequestTrace {
  const incoming: Context = api.propagation.extract(api.ROOT_CONTEXT, req.headers);
  const span: Span = tracer.startSpan(
    method,
    { kind: api.SpanKind.SERVER, attributes: { 'http.request.method': method, 'url.path': path } },
    incoming,
  );
  const current = api.trace.setSpan(incoming, span);
  const { traceId, spanId, traceFlags } = span.spanContext();
  return {
    traceId,
    spanId,
    header: traceHeader(traceId, spanId, traceFlags.toString(16).padStart(2, '0')),
    run: (fn) => api.context.with(current, fn),
    end(route, status) {
      span.updateName(`${method} ${route}`);
      span.setAttributes({ 'http.route': route, 'http.response.status_code': status });
      if (status >= 500) span.setStatus({ code: api.SpanStatusCode.ERROR });
      span.end();
    },
  };
}
