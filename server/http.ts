// The process entry: one Node http server. /api/* (but /api/auth/*) goes to the API handler, everything
// else (pages, next-auth) to Next's request handler: in this process on PGlite and in development, in the
// console's own process with PostgreSQL (server/runtime/console-process.ts, through console-proxy.ts).
// Types only: the cluster's primary loads nothing it does not need, node:http (a large module) among them.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RequestContext } from '../lib/request-context';

const dev = process.argv.includes('--dev');
(process.env as Record<string, string>).NEXT_TELEMETRY_DISABLED ??= '1';
(process.env as Record<string, string>).NODE_ENV ??= dev ? 'development' : 'production';

// With PostgreSQL, several server processes on one port (WEB_CONCURRENCY), and the console's pages in one
// of their own: this process, the primary, only runs them (server/runtime/cluster.ts) and never goes past
// this point. It decides from the raw environment and imports nothing else of the service's, so that it
// holds little memory; each worker runs the rest of this file, the console's up to runConsoleProcess below.
const {
  clusterPlanOf,
  consoleSocketPath,
  isClusterWorker,
  isConsoleProcess,
  nameWorkerProcess,
  reportConfigured,
  runPrimary,
} = await import('./runtime/cluster');
const plan = clusterPlanOf(process.env, dev);
if (plan && !isClusterWorker()) {
  const { primaryLog } = await import('./runtime/primary-log');
  await runPrimary({ ...plan, log: primaryLog });
}
nameWorkerProcess();

const { getEnv } = await import('./runtime/env');
const { log, flushLog } = await import('./observability/log');
const { openDatabase, setProcessDatabase } = await import('../db/client');
const { bootstrapAdmin } = await import('./auth/bootstrap');
const { getAuthSecret } = await import('./auth/secret');

const env = getEnv();
getAuthSecret(); // fail at start, not at the first sign-in
// Before Next loads, here and in the console's own process, which runs next-auth too: without these
// next-auth names http://localhost:3000 in its redirects whatever the port.
const { nextAuthEnvironment } = await import('./runtime/public-url');
Object.assign(process.env, nextAuthEnvironment(env));
// The primary starts the other workers now: a bad setting is told once, by this one.
reportConfigured();
// Set by the primary when the console's pages run in a process of their own (server/runtime/cluster.ts).
const consoleSocket = consoleSocketPath();

if (env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const { startTracing } = await import('./observability/tracing');
  await startTracing(env.OTEL_EXPORTER_OTLP_ENDPOINT);
  log.info({ endpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT }, 'Tracing: spans exported over OTLP/HTTP');
}

const tuning = {
  poolSize: env.DATABASE_POOL_SIZE,
  connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
  statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  idleInTransactionTimeoutMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  queryTimeoutMs: env.DATABASE_QUERY_TIMEOUT_MS,
  ...(env.DATABASE_APPLICATION_NAME && { applicationName: env.DATABASE_APPLICATION_NAME }),
};
const opening = openDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR }),
  tuning,
  traceQueries: Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT),
  // Under the migrations' lock: instances starting together create the administrator once.
  afterMigrate: (db) =>
    bootstrapAdmin(db, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD || undefined }),
});
setProcessDatabase(opening);
const database = await opening;
log.info(
  `Database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`}`,
);

if (env.SECURITY_DISABLED) {
  log.warn(
    'SECURITY_DISABLED=true: authentication is OFF. Every request acts as "anonymous" with all permissions. ' +
      'Never run this way where anyone else can reach the service.',
  );
}

if (isConsoleProcess()) {
  const { runConsoleProcess } = await import('./runtime/console-process');
  await runConsoleProcess({
    socketPath: consoleSocket!,
    database,
    drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS,
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    log,
    flushLog,
  });
}

// Without the console (API_ONLY), Next is never loaded; with the console in a process of its own, not in
// this one.
let handleNext: (req: IncomingMessage, res: ServerResponse) => unknown;
let handleUpgrade: ((req: IncomingMessage, socket: Duplex, head: Buffer) => Promise<void>) | undefined;
if (env.API_ONLY) {
  handleNext = async (_req, res) => {
    res.statusCode = 404;
    res.setHeader('Content-Type', 'text/plain');
    res.end('API_ONLY=true: this instance serves only /api');
  };
} else if (consoleSocket) {
  const { consoleProxy } = await import('./transport/console-proxy');
  handleNext = consoleProxy(consoleSocket);
} else {
  // Next, as shipped: loading it replaces the global Date and process.nextTick with wrappers that serve its
  // prerenders (cacheComponents), and they stay for the API too (docs/decisions/0007-frameworks-as-shipped.md).
  const { default: next } = await import('next');
  const app = next({ dev, dir: process.cwd() });
  await app.prepare();
  handleNext = app.getRequestHandler();
  // WebSocket upgrades (the dev server's hot reload) go to Next too, or its client reloads the page forever.
  handleUpgrade = app.getUpgradeHandler();
}
// Imported after prepare(): anything that touches next-auth must load once Next is ready
// (docs/decisions/0001-thin-node-server.md).
const { answerClientErrorsAsProblems, createApiHandler } = await import('./transport/api-handler');
const { observeRequests } = await import('./observability/observe-requests');
const { startDispatcher } = await import('./services/workers/dispatcher');
const { keepProcessInstanceAnswers } = await import('./services/incidents/process-instance-answers');
keepProcessInstanceAnswers(env.PROCESS_INSTANCE_ANSWERS_MB);
const dispatcher = startDispatcher(database, { sweepIntervalMs: env.WORKER_SWEEP_INTERVAL_MS });
// Snoozes whose time has come end within a second, on whichever instance looks first.
const { startSnoozeClock } = await import('./services/incidents/snooze');
const snoozeClock = startSnoozeClock(database);
// Notifications are delivered off the request path: with PostgreSQL in a thread of its own, with its own
// pool (server/runtime/run-deliverer-thread.ts); on PGlite, whose database lives in this thread, in this thread.
// Either way they yield to requests: while the API is busy (server/runtime/api-load.ts) they trickle.
const { isBusy, watchApiLoad } = await import('./runtime/api-load');
const apiLoad = watchApiLoad({ busyUtilization: env.NOTIFICATION_BUSY_UTILIZATION });
const { notificationSettings } = await import('./runtime/notification-settings');
// Silences whose time has come end within a second, with their summaries, on whichever instance looks first.
const { startSilenceClock } = await import('./services/incidents/silences');
const silenceClock = startSilenceClock(database, notificationSettings());
const deliverer = await startNotificationDeliverer();
async function startNotificationDeliverer() {
  if (database.kind === 'pglite' || env.NOTIFICATION_DELIVERER === 'in-process') {
    const { startDeliverer } = await import('./services/notifications/deliverer');
    return startDeliverer(database, {
      settings: notificationSettings(),
      apiBusy: () => isBusy(apiLoad.flag),
      busyPace: env.NOTIFICATION_BUSY_PACE,
    });
  }
  const { startDelivererThread } = await import('./runtime/run-deliverer-thread');
  const { POSTGRES_DEFAULTS } = await import('../db/resilient-postgres');
  return startDelivererThread({
    // This module is server/http.ts under tsx, dist/server/http.mjs once built (scripts/build-server.mjs).
    entry: new URL(`./deliverer-thread.${import.meta.url.endsWith('.ts') ? 'ts' : 'mjs'}`, import.meta.url),
    databaseUrl: env.DATABASE_URL!,
    tuning: {
      ...tuning,
      poolSize: env.NOTIFICATION_DATABASE_POOL_SIZE,
      // Its backends told apart from the API's in pg_stat_activity.
      applicationName: `${tuning.applicationName ?? POSTGRES_DEFAULTS.applicationName}/deliverer`.slice(
        0,
        63,
      ),
    },
    options: { settings: notificationSettings(), busyPace: env.NOTIFICATION_BUSY_PACE },
    busyFlag: apiLoad.flag,
    stopTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  });
}
const { manageLifecycle } = await import('./runtime/shutdown');
const { closeIncidentStreams } = await import('./transport/event-stream');
// `lifecycle` (below) exists before the server listens, so before readiness asks it.
const { parseCorsOrigins } = await import('./transport/cors');
const handleApi = createApiHandler(database, dispatcher, {
  isDraining: () => lifecycle.draining,
  corsOrigins: parseCorsOrigins(env.CORS_ORIGINS),
  rateLimitPerMinute: env.API_RATE_LIMIT_PER_MINUTE,
  rateLimitShareIntervalMs: env.API_RATE_LIMIT_SHARE_INTERVAL_MS,
});

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

const { CLIENT_ADDRESS_HEADER, clientAddressOf } = await import('./transport/client-address');
const { REQUEST_PATH_HEADER } = await import('../lib/sign-in-path');
const { setSecurityHeaders } = await import('./transport/security-headers');
const { replaceUntrustedForwardedHeaders } = await import('./transport/transport-rules');

const handle = (req: IncomingMessage, res: ServerResponse, context: RequestContext) => {
  const url = req.url ?? '/';
  setSecurityHeaders(req, res);
  if (isApiPath(url)) return void handleApi(req, res, context);
  // Next's routes (next-auth's sign-in throttling) see a Request without the socket: hand them the address.
  req.headers[CLIENT_ADDRESS_HEADER] = clientAddressOf(req);
  // A console page whose session ended sends the browser to sign in and back to this address.
  req.headers[REQUEST_PATH_HEADER] = url;
  replaceUntrustedForwardedHeaders(req);
  void handleNext(req, res);
};
const observed = observeRequests(handle);
const { createServer } = await import('node:http');
const server = createServer((req, res) => {
  apiLoad.requestStarted();
  observed(req, res);
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
  log.info(
    { port: env.PORT, mode: dev ? 'development' : 'production' },
    `BPM Admin Console listening on http://localhost:${env.PORT}; REST API /api, reference /api/docs`,
  );
});
const { startMetricsServer } = await import('./observability/metrics');
const metricsServer = env.METRICS_PORT ? startMetricsServer(env.METRICS_PORT) : undefined;

const lifecycle = manageLifecycle(server, {
  drainDelayMs: env.SHUTDOWN_DRAIN_DELAY_MS,
  timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  // Event streams end with the long polls: their clients reconnect elsewhere with their last event id.
  answerLongPolls: () => {
    dispatcher.drain();
    void closeIncidentStreams(database);
  },
  stopBackground: () => {
    apiLoad.stop();
    return Promise.all([
      dispatcher.stop(),
      deliverer.stop(),
      snoozeClock.stop(),
      silenceClock.stop(),
      handleApi.stopSharingRateLimits(),
    ]).then(() => {});
  },
  closeDatabase: () => database.close(),
  log: (message) => log.info(message),
});

async function shutdown(signal: string) {
  // Should closing the database hang, the bound still holds.
  setTimeout(() => {
    log.error(`${signal}: shutdown exceeded SHUTDOWN_TIMEOUT_MS, exiting`);
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS + 1_000).unref();
  metricsServer?.close();
  await lifecycle.shutdown(signal);
  const { stopTracing } = await import('./observability/tracing');
  await stopTracing();
  // The log is written asynchronously (server/observability/log.ts): every line, the last request's too, before the exit.
  await flushLog();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
