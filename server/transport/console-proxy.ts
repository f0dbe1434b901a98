// Where the console's pages run in a process of their own (server/runtime/console-process.ts), an API
// process passes them every request that is not the API's: method, path, headers and body as they came
// (with the client address and forwarded headers server/http.ts has already made trustworthy), over a Unix
// socket only this user can reach, and streams the answer back. While that process is not there (starting,
// or restarted after a crash) a page answers 503 with Retry-After: the API is up, and says so.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';

/** Headers of one connection, not of the request or answer (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
]);

function endToEnd(headers: IncomingHttpHeaders): IncomingHttpHeaders {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase());
  const passed: IncomingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined && !HOP_BY_HOP.has(name) && !named.includes(name)) passed[name] = value;
  }
  return passed;
}

/** Bodiless and safe to send twice: the only requests retried when a kept connection was closed under them. */
const isRetryable = (req: IncomingMessage) =>
  (req.method === 'GET' || req.method === 'HEAD') &&
  req.headers['content-length'] === undefined &&
  req.headers['transfer-encoding'] === undefined;

function answerUnavailable(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 503;
  res.setHeader('Retry-After', '2');
  res.setHeader('Cache-Control', 'no-store');
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('The console is starting up. The API is available; this page will be back in a few seconds.\n');
}

export function consoleProxy(socketPath: string) {
  // Connections to the console process are kept between requests, and closed by this side first (after
  // `timeout` idle) rather than by the console process's keep-alive timeout, which is longer.
  const agent = new http.Agent({ keepAlive: true, timeout: 30_000 });

  return function passToConsole(req: IncomingMessage, res: ServerResponse, retried = false): void {
    const upstream = http.request({
      agent,
      socketPath,
      method: req.method,
      path: req.url,
      headers: endToEnd(req.headers),
    });
    upstream.on('response', (answer) => {
      if (res.destroyed) {
        answer.destroy();
        return;
      }
      for (const [name, value] of Object.entries(endToEnd(answer.headers))) res.setHeader(name, value!);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
      answer.pipe(res);
      answer.on('error', () => res.destroy());
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // A kept connection the console process closed just as this request went out (Node's documented
      // case for `reusedSocket`): once more, on a new connection.
      if (!retried && upstream.reusedSocket && error.code === 'ECONNRESET' && isRetryable(req)) {
        passToConsole(req, res, true);
        return;
      }
      answerUnavailable(res);
    });
    // A client that goes away ends the request it made of the console too.
    res.on('close', () => {
      if (!res.writableFinished) upstream.destroy();
    });
    if (isRetryable(req)) {
      // Without a body the request is whole at once, and can be sent again as it is.
      if (!retried) req.resume();
      upstream.end();
    } else req.pipe(upstream);
  };
}
