// The one wrapper every request passes through (API and pages alike): a request id (the client's
// X-Request-Id when it is sane, else a new one) answered in X-Request-Id, the W3C trace context, one JSON log
// line when the answer is done, and the HTTP metrics by route template. The handler gets the request's
// context (lib/request-context.ts) as its third argument.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestContext } from '../../lib/request-context';
import { requestLog } from './log';
import { observeHttpRequest, observeLongPollOvershoot } from './metrics';
import { traceRequest } from './tracing';

const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request's id: the X-Request-Id it came with when that is 1-128 plain ASCII characters, else a new one. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : randomUUID();
}

/** Pages: a numeric path segment is an id (/incidents/42 -> /incidents/{id}); Next's assets are one route. */
function pageRouteOf(pathname: string): string {
  if (pathname.startsWith('/_next/')) return '/_next/*';
  return pathname.replace(/\/\d+(?=\/|$)/g, '/{id}');
}

/**
 * Wraps `handle`. The API handler names the route template of an /api path in `context.route` (none when no
 * route answers it). Any other path that no route answers, and any page answered 404, counts as one route,
 * `(unmatched)`, so that scanners cannot blow up the metrics' cardinality.
 */
export function observeRequests(
  handle: (req: IncomingMessage, res: ServerResponse, context: RequestContext) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    const started = process.hrtime.bigint();
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0];
    const requestId = requestIdOf(req);
    // The API handler and Next's routes read the id from the request.
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    const trace = traceRequest(req, method, path);
    if (trace) res.setHeader('traceresponse', trace.header);

    const context: RequestContext = {
      requestId,
      receivedAt: Date.now(),
      traceId: trace?.traceId,
      traceparent: trace?.header,
    };
    res.once('close', () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // A long poll that timed out: how long after its deadline its answer was written.
      const overshootMs =
        context.longPollDeadline === undefined ? undefined : Date.now() - context.longPollDeadline;
      if (overshootMs !== undefined) observeLongPollOvershoot(overshootMs / 1000);
      // A client that went away before the answer was sent: 499, as proxies log it.
      const status = res.writableFinished ? res.statusCode : 499;
      const isApi = path === '/docs' || (path.startsWith('/api') && !path.startsWith('/api/auth'));
      const route = (isApi ? context.route : status !== 404 && pageRouteOf(path)) || '(unmatched)';
      observeHttpRequest(method, route, status, seconds);
      trace?.end(route, status);
      requestLog.info(
        {
          requestId,
          traceId: trace?.traceId,
          spanId: trace?.spanId,
          method,
          route,
          path,
          status,
          durationMs: Math.round(seconds * 1e4) / 10,
          longPollOvershootMs: overshootMs,
        },
        'request',
      );
    });

    if (trace) trace.run(() => handle(req, res, context));
    else handle(req, res, context);
  };
}
