// The process entry: one Node http server. /api/* (but /api/auth/*) goes to the API handler,
// everything else (pages, next-auth) to Next's request handler; in development and production alike.
import http from 'node:http';
import type { Duplex } from 'node:stream';

const dev = process.argv.includes('--dev');
(process.env as Record<string, string>).NEXT_TELEMETRY_DISABLED ??= '1';
(process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';

const { getEnv } = await import('./env');
const { openDatabase, setProcessDatabase } = await import('../db/client');
const { bootstrapAdmin } = await import('./auth/bootstrap');
const { getAuthSecret } = await import('./auth/secret');

const env = getEnv();
getAuthSecret(); // fail at start, not at the first sign-in

const opening = openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE } : { dataDir: env.DATA_DIR },
);
setProcessDatabase(opening);
const database = await opening;
await bootstrapAdmin(database.db, {
  username: env.ADMIN_USERNAME,
  password: env.ADMIN_PASSWORD || undefined,
});
console.log(
  `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`}`,
);

if (env.SECURITY_DISABLED) {
  console.warn(
    '\n!!! SECURITY_DISABLED=true: authentication is OFF. Every request acts as "anonymous" with all permissions.' +
      '\n!!! Never run this way where anyone else can reach the service.\n',
  );
}

// Without the console (API_ONLY), Next is never loaded.
let handleNext: (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
let handleUpgrade: ((req: http.IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>) | undefined;
if (env.API_ONLY) {
  handleNext = async (_req, res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain');
    res.end('API_ONLY=true: this instance serves only /api');
  };
} else {
  const { default: next } = await import('next');
  const app = next({ dev, dir: process.cwd() });
  await app.prepare();
  handleNext = app.getRequestHandler();
  // WebSocket upgrades (the dev server's hot reload) go to Next too, or its client reloads the page forever.
  handleUpgrade = app.getUpgradeHandler();
}
// Imported after prepare(): anything that touches next-auth must load once Next is ready (stack.md).
const { answerClientErrorsAsProblems, createApiHandler } = await import('./api-handler');
const { startDispatcher } = await import('./services/workers/dispatcher');
const dispatcher = startDispatcher(database);
const handleApi = createApiHandler(database, dispatcher);

function isApiPath(url: string): boolean {
  if (url.startsWith('/api/auth/') || url === '/api/auth') return false;
  return (
    url === '/api' ||
    url.startsWith('/api/') ||
    url.startsWith('/api?') ||
    url === '/docs' ||
    url.startsWith('/docs?')
  );
}

// next-auth builds its redirect URLs from NEXTAUTH_URL, else (with AUTH_TRUST_HOST) from the request's
// Host and X-Forwarded-Proto, assuming https when the latter is missing. Without NEXTAUTH_URL, answer on
// whatever address the browser used, with the protocol it really used.
const trustRequestHost = !process.env.NEXTAUTH_URL;
if (trustRequestHost) process.env.AUTH_TRUST_HOST ??= 'true';

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (isApiPath(url)) return void handleApi(req, res);
  if (trustRequestHost && url.startsWith('/api/auth') && !req.headers['x-forwarded-proto']) {
    req.headers['x-forwarded-proto'] = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  }
  void handleNext(req, res);
});

answerClientErrorsAsProblems(server);
// Node closes an idle keep-alive connection after 5 s. A client that sends on it at that moment gets a reset
// (seen in the e2e run), as does a proxy or load balancer whose own idle timeout (often 60 s) is longer than
// the server's. Keep idle connections longer than such proxies do.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

server.on('upgrade', (req, socket, head) => {
  if (handleUpgrade) void handleUpgrade(req, socket, head);
  else socket.destroy();
});

server.listen(env.PORT, () => {
  console.log(
    `BPM Admin Console listening on http://localhost:${env.PORT} (${dev ? 'development' : 'production'})`,
  );
  console.log(
    `  REST API  http://localhost:${env.PORT}/api   reference  http://localhost:${env.PORT}/api/docs`,
  );
});

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: shutting down`);
  server.close();
  server.closeAllConnections();
  await dispatcher.stop();
  await database.close().catch(() => {});
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
