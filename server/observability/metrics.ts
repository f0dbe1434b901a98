// The service's Prometheus metrics (prom-client), served at GET /api/metrics and, when METRICS_PORT is set,
// on a port of their own. Services and the dispatcher report through the small functions below (one call at
// the point where their work committed); what the database knows is read at scrape time.
import http from 'node:http';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../db/client';
import type { Principal } from '../auth/principal';
import { scopeAllows } from '../auth/token-scopes';
import { log } from './log';
import { ADMIN_PERMISSION } from '../permissions';

/** What the scrape reads from the database (watchDatabase sets it). */
interface ScrapeSource {
  database?: Database;
  incidentCounts?: () => Promise<{ status: string; severity: string; count: number }[]>;
  outboxBacklog?: () => Promise<number>;
}

/** A figure that cannot be read (the database is down) is left out of the scrape, not failed. */
async function orNothing<T>(read: (() => Promise<T>) | undefined): Promise<T | undefined> {
  if (!read) return undefined;
  try {
    return await read();
  } catch (error) {
    log.warn({ err: error }, 'metrics: a database figure could not be read');
    return undefined;
  }
}

function databaseGauges(registry: Registry, scrape: ScrapeSource): void {
  const registers = [registry];
  new Gauge({
    name: 'bpm_incidents',
    help: 'Incidents by status and severity (from the incident_counts counters)',
    labelNames: ['status', 'severity'] as const,
    registers,
    async collect() {
      const rows = await orNothing(scrape.incidentCounts);
      this.reset();
      for (const r of rows ?? []) this.set({ status: r.status, severity: r.severity }, r.count);
    },
  });
  new Gauge({
    name: 'bpm_outbox_backlog',
    help: 'Republished worker requests that no worker has locked yet',
    registers,
    async collect() {
      const backlog = await orNothing(scrape.outboxBacklog);
      if (backlog !== undefined) this.set(backlog);
    },
  });
  new Gauge({
    name: 'bpm_db_pool_connections',
    help: 'Database connections of this process: the pool size, those in use, and queries waiting for one',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const usage = scrape.database?.poolUsage?.();
      if (!usage) return;
      this.set({ state: 'size' }, usage.size);
      this.set({ state: 'in_use' }, usage.inUse);
      this.set({ state: 'waiting' }, usage.waiting);
    },
  });
}

function createMetrics() {
  const registry = new Registry();
  // Process CPU and memory, heap, handles, GC, and the event-loop lag (nodejs_eventloop_lag_seconds).
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const scrape: ScrapeSource = {};
  databaseGauges(registry, scrape);
  return {
    registry,
    scrape,
    httpRequestDuration: new Histogram({
      name: 'bpm_http_request_duration_seconds',
      help: 'HTTP requests by route template, method and status: duration in seconds',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    longPollOvershoot: new Histogram({
      name: 'bpm_worker_long_poll_overshoot_seconds',
      help: 'Long polls that timed out: from the end of their waitMs to their answer written, in seconds',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers,
    }),
    transitions: new Counter({
      name: 'bpm_incident_transitions_total',
      help: 'Incident transitions committed (ACKNOWLEDGED, UNACKNOWLEDGED, RESOLVED, REOPENED, RETRY_REQUESTED, ...)',
      labelNames: ['event'] as const,
      registers,
    }),
    reports: new Counter({
      name: 'bpm_incident_reports_total',
      help: 'Incident reports committed (new incidents, occurrences and reopenings), by source and severity',
      labelNames: ['source', 'severity'] as const,
      registers,
    }),
    longPolls: new Gauge({
      name: 'bpm_worker_long_polls_waiting',
      help: 'Long-polling fetch-and-lock requests waiting for a publish on this instance',
      registers,
    }),
    eventStreams: new Gauge({
      name: 'bpm_incident_event_streams_open',
      help: 'Incident change streams (server-sent events) open on this instance',
      registers,
    }),
    exportsOpen: new Gauge({
      name: 'bpm_exports_open',
      help: 'File exports (CSV, NDJSON) being written on this instance',
      registers,
    }),
    exportBytes: new Counter({
      name: 'bpm_export_bytes_total',
      help: 'Bytes of file exports handed to their clients',
      registers,
    }),
    wakeUps: new Counter({
      name: 'bpm_worker_wake_ups_total',
      help: 'Waiting long polls woken by a publish',
      registers,
    }),
    lockExpiries: new Counter({
      name: 'bpm_worker_lock_expiries_total',
      help: 'Worker requests returned to PENDING because their lock expired',
      registers,
    }),
    authFailures: new Counter({
      name: 'bpm_auth_failures_total',
      help: 'Refused sign-ins (wrong username or password) and refused bearer tokens',
      labelNames: ['kind'] as const,
      registers,
    }),
    notificationAttempts: new Histogram({
      name: 'bpm_notification_attempt_duration_seconds',
      help: 'Notification attempts by channel and outcome (succeeded, retrying, failed): duration in seconds',
      labelNames: ['channel', 'outcome'] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    lockouts: new Counter({
      name: 'bpm_auth_lockouts_total',
      help: 'Sign-ins refused because the username is locked after too many failures',
      registers,
    }),
  };
}

// Next's routes (next-auth's sign-in) load this module through their own loader: one registry per process.
const globalKey = Symbol.for('bpm-admin-console.metrics');
type GlobalWithMetrics = typeof globalThis & { [globalKey]?: ReturnType<typeof createMetrics> };
const metrics = ((globalThis as GlobalWithMetrics)[globalKey] ??= createMetrics());

export function observeHttpRequest(method: string, route: string, status: number, seconds: number): void {
  metrics.httpRequestDuration.observe({ method, route, status: String(status) }, seconds);
}

export function observeLongPollOvershoot(seconds: number): void {
  metrics.longPollOvershoot.observe(Math.max(0, seconds));
}

export function countTransition(event: string): void {
  metrics.transitions.inc({ event });
}

export function countIncidentReport(source: string, severity: string): void {
  metrics.reports.inc({ source, severity });
}

/** A long poll began (1) or ended (-1) waiting on this instance. */
export function countLongPolls(change: 1 | -1): void {
  metrics.longPolls.inc(change);
}

export function countEventStreams(change: 1 | -1): void {
  metrics.eventStreams.inc(change);
}

export function countExports(change: 1 | -1): void {
  metrics.exportsOpen.inc(change);
}

export function countExportBytes(bytes: number): void {
  metrics.exportBytes.inc(bytes);
}

export function countWakeUps(woken: number): void {
  if (woken > 0) metrics.wakeUps.inc(woken);
}

export function countLockExpiries(released: number): void {
  if (released > 0) metrics.lockExpiries.inc(released);
}

export function countAuthFailure(kind: 'password' | 'token' | 'second_factor' | 'single_sign_on'): void {
  metrics.authFailures.inc({ kind });
}

export function countLockout(): void {
  metrics.lockouts.inc();
}

/** One attempt of a notification recorded; its histogram's _count by outcome is the deliveries by outcome. */
export function observeNotificationAttempt(channel: string, outcome: string, seconds: number): void {
  metrics.notificationAttempts.observe({ channel, outcome }, seconds);
}

/**
 * Who may read /api/metrics: an API token of scope METRICS, or an ACCESS_BPM_ADMIN holder whose credentials'
 * scope admits it (the same scopeAllows every procedure is checked with: FULL and READ_ONLY do, the other
 * narrow scopes do not).
 */
export function canReadMetrics(principal: Principal): boolean {
  if (!scopeAllows(principal.scope, { scope: 'METRICS', type: 'query' })) return false;
  return principal.scope === 'METRICS' || principal.permissions.has(ADMIN_PERMISSION);
}

/** Reads the database's figures at scrape time from `database` (the last one given, in tests). */
export function watchDatabase(database: Database): void {
  const { db } = database;
  metrics.scrape.database = database;
  metrics.scrape.incidentCounts = async () => {
    const rows = rowsOf<{ status: string; severity: string; count: string | number }>(
      await db.execute(
        sql`select status, severity, sum(count) as count from incident_counts group by status, severity`,
      ),
    );
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  };
  metrics.scrape.outboxBacklog = async () => {
    const [row] = rowsOf<{ n: string | number }>(
      await db.execute(sql`select count(*) as n from outbox where delivered_at is null`),
    );
    return Number(row.n);
  };
}

export const METRICS_CONTENT_TYPE = metrics.registry.contentType;

export async function metricsText(): Promise<string> {
  // prom-client writes "Nan" for a figure with no sample yet (the event-loop lag right after the previous
  // scrape reset it): a spelling the exposition format does not have and parsers refuse. No sample is said
  // better by no line.
  return (await metrics.registry.metrics()).replace(/^[^#\n][^\n]* Nan\n/gm, '');
}

/** Serves the metrics, without authentication, on a port of their own (for scrapers inside the cluster). */
export function startMetricsServer(port: number): http.Server {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || !(req.url ?? '/').startsWith('/metrics')) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('GET /metrics');
      return;
    }
    metricsText().then(
      (text) => res.writeHead(200, { 'Content-Type': METRICS_CONTENT_TYPE }).end(text),
      (error) => {
        log.error({ err: error }, 'metrics: scrape failed');
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end('scrape failed');
      },
    );
  });
  server.listen(port, () => log.info({ port }, `Metrics on http://localhost:${port}/metrics`));
  return server;
}
