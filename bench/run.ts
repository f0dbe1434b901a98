// npm run bench: the incident API at one million incidents on PostgreSQL.
//
// 1. (Re)creates the database bpm_bench next to BENCH_DATABASE_URL, migrates it (db/client.ts) and seeds
//    1,000,000 incidents in set-based SQL (bench/seed.ts).
// 2. Starts the real server (dist/server/http.mjs, the production build that npm start runs) on it and takes a token.
// 3. For every REST read and for acknowledge: wrk with CONCURRENCY connections over HTTP (reads in
//    BENCH_WINDOWS back-to-back windows, judged on the median one), then the same service function called
//    directly here (postgres.js, same pool size, no HTTP), and the ratio.
//    Before that, the headline: the service against the bare baseline (bench/bare.ts: node:http and the same
//    driver, same statements, same JSON) started beside it on the same database, for one incident, the
//    summary, the first list page and acknowledge, in alternating rounds: the ratio of requests/s and the
//    CPU per request of each server process (bench/ratio.ts).
// 4. Three back-to-back 20 s loads of the first list page on the same server process: does it slow down?
// 5. Prints a table, and the resident memory of each of the server's processes and of the bare baseline's,
//    idle after their start (BENCH_IDLE_SETTLE_SECONDS, 5) and at the end of their loads; writes
//    bench/results/<timestamp>.json, stops the server, drops bpm_bench (kept with BENCH_KEEP=1, for EXPLAIN).
// 6. Then (package.json) the storms of bench/storm.ts: 1,000 concurrent reports, distinct incidents and one
//    incident, on PostgreSQL and PGlite, with one core kept busy elsewhere (BENCH_BUSY_CORE=0 not to).
//
// Settings (environment): BENCH_DATABASE_URL, BENCH_PORT (3400; the bare baseline on the next port),
// BENCH_CONCURRENCY (16), BENCH_SECONDS (5 per window and per round), BENCH_WINDOWS (3), BENCH_ROUNDS (3
// rounds of each side against the bare baseline), BENCH_DRIFT_SECONDS (20), BENCH_INCIDENTS (1000000),
// BENCH_KEEP, BENCH_ONLY (a regular expression: only the operations whose names match, e.g.
// BENCH_ONLY='summary|status'), BENCH_RATIO_ONLY=1 (the comparison with the bare baseline only),
// BENCH_REUSE=1 (keep a seeded bpm_bench of the same size instead of seeding again; implies BENCH_KEEP),
// BENCH_DATABASE_NAME (bpm_bench), API_ONLY=true (the server without the console: no Next build needed),
// BENCH_RATIO_WARMUP_SECONDS (5: each side's unmeasured load before its rounds against the bare baseline),
// BENCH_QUICK=1 (a smoke run of a few minutes: 20,000 incidents, 2-s windows and rounds, one window, 2 s
// of drift; every default above still overridable).
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openDatabase, type Database } from '../db/client';
import type { Principal } from '../server/auth/principal';
import { ListIncidentsQuery } from '../server/schemas/incidents';
import { getIncident } from '../server/services/incidents/get-incident';
import { getIncidentEvents } from '../server/services/incidents/get-incident-events';
import { getIncidentSummary } from '../server/services/incidents/get-incident-summary';
import { listIncidents } from '../server/services/incidents/list-incidents';
import { listIncidentsOfProcessInstance } from '../server/services/incidents/list-incidents-of-process-instance';
import { getIncidentStats } from '../server/services/incidents/incident-stats';
import { acknowledgeIncident } from '../server/services/incidents/acknowledge-incident';
import { directLoad, wrkLoad, type LoadStats } from './load';
import { stopProcessGroup } from '../scripts/process-group';
import {
  assertPortsFree,
  compareWithBare,
  printRatioTable,
  ratioWarmupSeconds,
  type RatioCase,
  type RatioResult,
} from './ratio';
import { seedBenchIncidents, type BenchDataset } from './seed';
import {
  IDLE_SETTLE_SECONDS,
  idleMemory,
  memoryTable,
  processTreeMemory,
  type ProcessMemory,
} from './server';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DB_NAME = process.env.BENCH_DATABASE_NAME || 'bpm_bench';
const PORT = Number(process.env.BENCH_PORT || 3400);
const BARE_PORT = PORT + 1;
const QUICK = process.env.BENCH_QUICK === '1';
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || (QUICK ? 2 : 5));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || (QUICK ? 2 : 3)));
const RATIO_ONLY = process.env.BENCH_RATIO_ONLY === '1';
const REUSE = process.env.BENCH_REUSE === '1';
// This machine is a VM shared with other work: now and then a second or two runs slowly for every process
// on it, whatever it does (a trivial get {id} shows it as much as anything). Each read is therefore measured
// in several back-to-back windows and judged on the median window; the table shows every window's p99.
const WINDOWS = Math.max(1, Number(process.env.BENCH_WINDOWS || (QUICK ? 1 : 3)));
const WARMUP_SECONDS = 1;
const DRIFT_SECONDS = Number(process.env.BENCH_DRIFT_SECONDS || (QUICK ? 2 : 20));
const TOTAL = Number(process.env.BENCH_INCIDENTS || (QUICK ? 20_000 : 1_000_000));
const PROCESS_INSTANCES = Math.max(1, Math.round(TOTAL / 250));
const KEEP = process.env.BENCH_KEEP === '1' || REUSE;
const ADMIN_PASSWORD = 'bench-admin-password';
/** The caller of direct service calls: acts as the bench's admin, as its HTTP requests do. */
const BENCH_CALLER: Principal = {
  userId: 1,
  username: 'admin',
  permissions: new Set(['ACCESS_BPM_ADMIN' as const]),
  scope: 'FULL',
};
const TARGETS = {
  firstPageP99Ms: 50,
  summaryP99Ms: 20,
  statsP99Ms: 50,
  /** A process instance's incidents (about 250), at 16 clients as every read. */
  processInstanceP99Ms: 50,
  driftPct: 10,
};
/** Before each measurement, wait (up to 30 s, 90 s in all) until other processes use less than this share
 *  of the CPU; the table shows what they used. */
const QUIET_BUSY_PCT = 15;

const root = process.cwd();
const benchUrl = (() => {
  const url = new URL(BASE_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();
const apiBase = `http://127.0.0.1:${PORT}`;

const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

interface Case {
  name: string;
  group: 'first page' | 'summary' | 'stats' | 'process instance' | 'other';
  method: 'GET' | 'POST';
  paths: string[];
  direct: (i: number) => Promise<unknown>;
  /** Acknowledge: every id once, HTTP and direct on separate ids. */
  directPaths?: number;
  /** Also measure with one client (latency as one person sees it). */
  single?: boolean;
}

interface CaseResult {
  name: string;
  group: Case['group'];
  sample: string;
  http: LoadStats;
  direct: LoadStats;
  /** HTTP throughput / direct throughput, and HTTP p50 / direct p50. */
  throughputRatio: number;
  p50Ratio: number;
  rows?: string;
  /** p99 of each HTTP window, in the order measured (`http` is the median window by p99). */
  windowP99s: number[];
  /** The same over HTTP with one connection (what one person waits), for the text searches. */
  single?: LoadStats;
  /** CPU in use by other processes just before the measurement (this benchmark idle), percent. */
  busyBeforePct?: number;
}

// ---------------------------------------------------------------------------------------------------------

/** Share of the machine's CPU in use over `ms` (Linux /proc/stat), while this benchmark is idle: others' work. */
async function machineBusyPct(ms = 1000): Promise<number | undefined> {
  const sample = () => {
    try {
      const fields = readFileSync('/proc/stat', 'utf8')
        .split('\n')[0]
        .trim()
        .split(/\s+/)
        .slice(1)
        .map(Number);
      return { idle: fields[3] + (fields[4] ?? 0), total: fields.reduce((a, b) => a + b, 0) };
    } catch {
      return undefined;
    }
  };
  const a = sample();
  await new Promise((r) => setTimeout(r, ms));
  const b = sample();
  if (!a || !b || b.total === a.total) return undefined;
  return 100 * (1 - (b.idle - a.idle) / (b.total - a.total));
}

/** Seconds left, over the whole run, to wait for a quiet machine (keeps the run within about 10 minutes). */
let quietBudgetSeconds = 90;

/** Waits (up to `maxSeconds`, within the budget) for other work on the machine to calm down; answers the
 *  last reading. */
async function waitForQuiet(maxSeconds: number): Promise<number | undefined> {
  const start = Date.now();
  const deadline = start + Math.min(maxSeconds, quietBudgetSeconds) * 1000;
  let busy = await machineBusyPct();
  while (busy !== undefined && busy > QUIET_BUSY_PCT && Date.now() < deadline) busy = await machineBusyPct();
  quietBudgetSeconds = Math.max(0, quietBudgetSeconds - (Date.now() - start) / 1000);
  return busy;
}

async function recreateDatabase(): Promise<void> {
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
    await admin.unsafe(`create database ${DB_NAME}`);
  } finally {
    await admin.end();
  }
}

/** The incidents of an existing bpm_bench (BENCH_REUSE), or undefined when there is none. */
async function seededIncidents(): Promise<number | undefined> {
  const admin = postgres(benchUrl, { max: 1, onnotice: () => {} });
  try {
    const [{ n }] = await admin<{ n: number }[]>`select count(*)::int as n from incidents`;
    return n;
  } catch {
    return undefined;
  } finally {
    await admin.end();
  }
}

async function dropDatabase(): Promise<void> {
  const admin = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists ${DB_NAME} with (force)`);
  } finally {
    await admin.end();
  }
}

/** What `npm start` runs (npm run build compiles it). */
const SERVER_ENTRY = path.join('dist', 'server', 'http.mjs');

function ensureProductionBuild(): void {
  if (process.env.API_ONLY === 'true') {
    // The server never loads Next, but it is still the compiled one.
    if (existsSync(path.join(root, SERVER_ENTRY))) return;
    log(`no compiled server in ${SERVER_ENTRY}: node scripts/build-server.mjs`);
    execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', cwd: root });
    return;
  }
  const distDir = process.env.NEXT_DIST_DIR || '.next'; // next.config.mjs honours NEXT_DIST_DIR
  if (existsSync(path.join(root, distDir, 'BUILD_ID')) && existsSync(path.join(root, SERVER_ENTRY))) return;
  log(`no production build in ${distDir} and ${SERVER_ENTRY}: npm run build`);
  execFileSync('npm', ['run', 'build'], { stdio: 'inherit', cwd: root });
}

/** The bare baseline (bench/bare.ts) on the same database, its own process group, the service's pool size. */
function startBare(logFile: string): ChildProcess {
  const out = openSync(logFile, 'a');
  return spawn(
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'bench/bare.ts'],
    {
      cwd: root,
      detached: true,
      stdio: ['ignore', out, out],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        BARE_DATABASE_URL: benchUrl,
        BARE_PORT: String(BARE_PORT),
      },
    },
  );
}

async function waitForBare(bare: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (bare.exitCode !== null)
      throw new Error(`the bare baseline exited (${bare.exitCode}); see ${logFile}`);
    try {
      await fetch(`http://127.0.0.1:${BARE_PORT}/api/incidents/summary`);
      return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the bare baseline did not answer within 60 s; see ${logFile}`);
}

function startServer(logFile: string): ChildProcess {
  const out = openSync(logFile, 'a');
  // Its own process group (detached), so that stopping it also stops every process it started.
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: benchUrl,
      PORT: String(PORT),
      // The bench's one token sends thousands of requests a second: a limit it could reach would time the refusals.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_SECRET: 'bench-signing-secret-0123456789',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD,
      ACCESS_TOKEN_TTL_SECONDS: '7200',
      SECURITY_DISABLED: 'false',
      // One server process unless asked for more (docs/performance.md, "Every core").
      WEB_CONCURRENCY: process.env.WEB_CONCURRENCY || '1',
    },
  });
}

/** The same read from the service and the bare baseline must answer the same JSON, or the ratio means nothing. */
async function sameAnswers(token: string, paths: string[]): Promise<void> {
  for (const p of paths) {
    const [service, bare] = await Promise.all(
      [apiBase, `http://127.0.0.1:${BARE_PORT}`].map(async (base) => {
        const res = await fetch(base + p, { headers: { Authorization: `Bearer ${token}` } });
        return `${res.status} ${await res.text()}`;
      }),
    );
    if (service !== bare) {
      throw new Error(
        `GET ${p}: the bare baseline answers\n${bare.slice(0, 400)}\nthe service\n${service.slice(0, 400)}`,
      );
    }
  }
}

/** Incidents to acknowledge in each round of either side: more than the faster side answers in a round. */
const ACKNOWLEDGE_POOL = 10_000;

async function ratioCases(sql: postgres.Sql): Promise<RatioCase[]> {
  // A small data set (BENCH_QUICK) has too few OPEN incidents for a round: reopen the latest resolved ones.
  await sql`
    update incidents set status = 'OPEN', acknowledged_at = null, acknowledged_by = null, resolved_at = null,
      resolved_by = null, resolution_note = null, resolution_action = null
    where id in (select id from incidents where status = 'RESOLVED' order by id desc
                 limit greatest(0, ${ACKNOWLEDGE_POOL} - (select count(*) from incidents where status = 'OPEN')))`;
  const ids = (
    await sql<{ id: string }[]>`select id::text from incidents where id % 10 = 0 order by id desc limit 1000`
  ).map((r) => Number(r.id));
  const open = (
    await sql<{ id: string }[]>`select id::text from incidents where status = 'OPEN' order by random()`
  ).map((r) => Number(r.id));
  return [
    { name: 'get {id}', method: 'GET', paths: ids.map((id) => `/api/incidents/${id}`) },
    { name: 'summary', method: 'GET', paths: ['/api/incidents/summary'] },
    { name: 'list, first page', method: 'GET', paths: ['/api/incidents'] },
    {
      // Each a new incident (a storm of distinct ones): the row, its timeline entry and every trigger.
      name: 'report',
      method: 'POST',
      paths: ['/api/incidents'],
      body: JSON.stringify({
        processInstanceId: 0,
        nodeId: 'charge-card',
        source: 'PROCESS_ENGINE',
        severity: 'HIGH',
        message: 'payment gateway unreachable',
        externalReferenceId: 'bench-r{run}:{n}',
      }).replace('"processInstanceId":0', '"processInstanceId":{n}'),
    },
    {
      name: 'acknowledge',
      method: 'POST',
      paths: open.map((id) => `/api/incidents/${id}/acknowledge`),
      // Back to OPEN (the counters follow through their triggers) for the next round of either side.
      restore: async () => {
        await sql`
          update incidents set status = 'OPEN', acknowledged_at = null, acknowledged_by = null
          where id = any(${open}::bigint[]) and status = 'ACKNOWLEDGED'`;
      },
    },
  ];
}

async function waitForHealth(server: ChildProcess, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
    try {
      const res = await fetch(`${apiBase}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

async function getToken(): Promise<string> {
  const res = await fetch(`${apiBase}/api/tokens`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!res.ok) throw new Error(`POST /api/tokens answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/**
 * Renders the console's sign-in page once, as someone opening the console would: the API is measured as it
 * serves beside a console in use, whose renders leave Next's AsyncLocalStorage behind.
 */
async function openConsole(): Promise<void> {
  // 503 while the console's process is still starting (it is forked after the first API process).
  let res = await fetch(`${apiBase}/login`);
  for (const deadline = Date.now() + 60_000; res.status === 503 && Date.now() < deadline;) {
    await res.text();
    await new Promise((r) => setTimeout(r, 500));
    res = await fetch(`${apiBase}/login`);
  }
  await res.text();
  if (!res.ok) throw new Error(`GET /login answered ${res.status}`);
  log('opened the console (GET /login), as a server whose console is in use');
}

// ---------------------------------------------------------------------------------------------------------

async function buildCases(database: Database, sql: postgres.Sql): Promise<Case[]> {
  const { db } = database;
  const list = (query: Record<string, string>) => {
    const input = ListIncidentsQuery.parse(query);
    return () => listIncidents(db, input);
  };
  const listCase = (
    name: string,
    query: Record<string, string>,
    group: Case['group'] = 'first page',
  ): Case => ({
    name,
    group,
    single: query.q !== undefined,
    method: 'GET',
    paths: [`/api/incidents${Object.keys(query).length ? `?${new URLSearchParams(query)}` : ''}`],
    direct: list(query),
  });

  // Parameters from the data: a typical process instance; incidents with timelines (ids ending in 0) among
  // the most recent; a reference to search for; the OPEN incidents to acknowledge.
  const [{ pid }] = await sql<{ pid: string }[]>`
    select process_instance_id::text as pid from incidents where id = (select max(id) / 2 from incidents)`;
  const pids = (
    await sql<{ pid: string }[]>`
      select distinct process_instance_id::text as pid from incidents
      where id % 997 = 0 order by 1 limit 200`
  ).map((r) => Number(r.pid));
  const ids = (
    await sql<{ id: string }[]>`
      select id::text from incidents where id % 10 = 0 order by id desc limit 1000`
  ).map((r) => Number(r.id));
  const [{ reference }] = await sql<{ reference: string }[]>`
    select external_reference_id as reference from incidents
    where source = 'WORKER' and id > (select max(id) - 50000 from incidents) order by id limit 1`;
  // A correlation key: in one incident's own message (see seed.ts).
  const [{ key }] = await sql<{ key: string }[]>`
    select substring(message from 'ORD-[0-9]+') as key from incidents
    where source = 'MESSAGE' and message like '%correlation key ORD-%' and id > (select max(id) - 50000 from incidents)
    order by id limit 1`;
  const open = (
    await sql<{ id: string }[]>`select id::text from incidents where status = 'OPEN' order by random()`
  ).map((r) => Number(r.id));
  const [{ total }] = await sql<{ total: number }[]>`select count(*)::int as total from incidents`;
  const lastPage = Math.ceil(total / 20) - 1;
  const half = Math.floor(open.length / 2);
  const httpAck = open.slice(0, half);
  const directAck = open.slice(half);

  return [
    listCase('list, default sort', {}),
    listCase('list status=OPEN', { status: 'OPEN' }),
    listCase('list status=RESOLVED', { status: 'RESOLVED' }),
    listCase('list source=WORKER', { source: 'WORKER' }),
    listCase('list severity=CRITICAL', { severity: 'CRITICAL' }),
    listCase('list processInstanceId', { processInstanceId: pid }),
    listCase('list sort=severity,desc', { sort: 'severity,desc' }),
    listCase('list sort=lastOccurredAt,desc', { sort: 'lastOccurredAt,desc' }),
    listCase(`list q=${reference}`, { q: reference }),
    listCase('list q=timed out', { q: 'timed out' }),
    listCase(`list q=${key}`, { q: key }),
    listCase('list q=correlates message', { q: 'correlates message' }),
    listCase('list page=50', { page: '50' }, 'other'),
    listCase('list last page', { page: String(lastPage) }, 'other'),
    {
      name: 'summary',
      group: 'summary',
      method: 'GET',
      paths: ['/api/incidents/summary'],
      direct: () => getIncidentSummary(db),
    },
    {
      name: 'stats (30 days)',
      group: 'stats',
      method: 'GET',
      paths: ['/api/incidents/stats?days=30'],
      direct: () => getIncidentStats(db, { days: 30 }),
    },
    {
      name: 'get {id}',
      group: 'other',
      method: 'GET',
      paths: ids.map((id) => `/api/incidents/${id}`),
      direct: (i) => getIncident(db, { id: ids[i % ids.length] }),
    },
    {
      name: 'events {id}',
      group: 'other',
      method: 'GET',
      paths: ids.map((id) => `/api/incidents/${id}/events`),
      direct: (i) => getIncidentEvents(db, { id: ids[i % ids.length] }),
    },
    {
      name: 'process-instances/{pid}',
      group: 'process instance',
      method: 'GET',
      paths: pids.map((p) => `/api/incidents/process-instances/${p}`),
      single: true,
      direct: (i) => listIncidentsOfProcessInstance(db, { processInstanceId: pids[i % pids.length] }),
    },
    {
      name: 'acknowledge',
      group: 'other',
      method: 'POST',
      paths: httpAck.map((id) => `/api/incidents/${id}/acknowledge`),
      direct: (i) => acknowledgeIncident(db, { id: directAck[i] }, BENCH_CALLER),
      directPaths: directAck.length,
    },
  ];
}

/** One answer, to show what the case returns (rows, total) and to fail early on a non-200. */
async function sample(token: string, c: Case): Promise<string> {
  if (c.method !== 'GET') return '';
  const res = await fetch(apiBase + c.paths[0], { headers: { Authorization: `Bearer ${token}` } });
  const text = await res.text();
  if (!res.ok) throw new Error(`${c.paths[0]} answered ${res.status}: ${text.slice(0, 300)}`);
  const body = JSON.parse(text) as unknown;
  const kb = `${(text.length / 1024).toFixed(1)} KB`;
  if (Array.isArray(body)) return `${body.length} rows, ${kb}`;
  const page = body as { content?: unknown[]; totalElements?: number };
  if (page.content) return `${page.content.length} of ${page.totalElements}, ${kb}`;
  return kb;
}

async function measure(c: Case, token: string): Promise<CaseResult> {
  const isAck = c.directPaths !== undefined;
  const sampleText = await sample(token, c);
  // Acknowledge: the warm-up takes its own ids, so that every measured call is a real transition.
  const warmCount = Math.min(500, Math.floor(c.paths.length / 10));
  const warmHttp = isAck ? c.paths.splice(0, warmCount) : c.paths;
  const http = async (paths: string[], seconds: number) =>
    wrkLoad({
      baseUrl: apiBase,
      token,
      method: c.method,
      paths,
      seconds,
      connections: CONCURRENCY,
      once: isAck,
    });
  await http(warmHttp, WARMUP_SECONDS);
  // Acknowledge takes each incident once: one window.
  const windows: LoadStats[] = [];
  for (let i = 0; i < (isAck ? 1 : WINDOWS); i++) windows.push(await http(c.paths, SECONDS));
  const httpStats = [...windows].sort((a, b) => a.p99Ms - b.p99Ms)[Math.floor((windows.length - 1) / 2)];
  const single = c.single
    ? await wrkLoad({
        baseUrl: apiBase,
        token,
        method: c.method,
        paths: c.paths,
        seconds: SECONDS,
        connections: 1,
      })
    : undefined;

  let offset = 0;
  const direct = (i: number) => c.direct(i + offset);
  if (isAck) {
    await directLoad({ call: direct, seconds: WARMUP_SECONDS, connections: CONCURRENCY, limit: warmCount });
    offset = warmCount;
  } else {
    await directLoad({ call: direct, seconds: WARMUP_SECONDS, connections: CONCURRENCY });
  }
  const directStats = await directLoad({
    call: direct,
    seconds: SECONDS,
    connections: CONCURRENCY,
    limit: isAck ? c.directPaths! - offset : undefined,
  });
  return {
    name: c.name,
    group: c.group,
    sample: c.paths[0],
    http: httpStats,
    windowP99s: windows.map((w) => w.p99Ms),
    direct: directStats,
    throughputRatio: httpStats.perSecond / directStats.perSecond,
    p50Ratio: httpStats.p50Ms / directStats.p50Ms,
    rows: sampleText,
    single,
  };
}

// ---------------------------------------------------------------------------------------------------------

const fmt = (n: number, digits = 1) => n.toFixed(digits);
const pad = (s: string, n: number) => (s.length >= n ? s : s + ' '.repeat(n - s.length));
const lpad = (s: string, n: number) => (s.length >= n ? s : ' '.repeat(n - s.length) + s);

function verdict(r: CaseResult): string {
  if (!r.http.requests) return 'MISSED (no answer within 10 s)';
  if (r.http.errors) return `${r.http.errors} ERRORS`;
  if (r.group === 'first page') return r.http.p99Ms < TARGETS.firstPageP99Ms ? 'ok (<50)' : 'MISSED (<50)';
  if (r.group === 'summary') return r.http.p99Ms < TARGETS.summaryP99Ms ? 'ok (<20)' : 'MISSED (<20)';
  if (r.group === 'stats') return r.http.p99Ms < TARGETS.statsP99Ms ? 'ok (<50)' : 'MISSED (<50)';
  // Judged at 16 clients, as the answers are kept while their instance is unchanged; what one client waits is
  // printed below the table.
  if (r.group === 'process instance') {
    return r.http.p99Ms < TARGETS.processInstanceP99Ms ? 'ok (<50)' : 'MISSED (<50)';
  }
  return '';
}

function printTable(results: CaseResult[]): string {
  const head = [
    pad('operation', 34),
    lpad('HTTP/s', 7),
    lpad('p50', 6),
    lpad('p99', 6),
    lpad('p99 per window', 16),
    lpad('direct/s', 9),
    lpad('p50', 6),
    lpad('p99', 6),
    lpad('thr', 5),
    lpad('p50', 5),
    lpad('other', 5),
    '  target',
  ].join(' ');
  const lines = [
    `${' '.repeat(35)}--------- HTTP (median window) ---------- ------- direct --------- HTTP/direct`,
    head,
    '-'.repeat(head.length + 8),
  ];
  for (const r of results) {
    lines.push(
      [
        pad(r.name, 34),
        lpad(fmt(r.http.perSecond, 0), 7),
        lpad(fmt(r.http.p50Ms), 6),
        lpad(fmt(r.http.p99Ms), 6),
        lpad(r.windowP99s.map((p) => fmt(p, 0)).join(' '), 16),
        lpad(fmt(r.direct.perSecond, 0), 9),
        lpad(fmt(r.direct.p50Ms), 6),
        lpad(fmt(r.direct.p99Ms), 6),
        lpad(fmt(r.throughputRatio, 2), 5),
        lpad(fmt(r.p50Ratio, 1), 5),
        lpad(r.busyBeforePct === undefined ? '-' : `${fmt(r.busyBeforePct, 0)}%`, 5),
        `  ${verdict(r)}`,
      ].join(' '),
    );
  }
  lines.push(
    '(latencies in ms; HTTP/direct: throughput ratio and p50 ratio; other: CPU used by other processes just before)',
  );
  for (const r of results.filter((x) => x.single)) {
    lines.push(
      `${r.name}, one client at a time: ${fmt(r.single!.perSecond, 0)}/s, p50 ${fmt(r.single!.p50Ms)} ms, p99 ${fmt(r.single!.p99Ms)} ms`,
    );
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------------------------------------

/** wrk drives the HTTP load. A machine without it gets the Debian package when we are root (as .ci/run
 *  does for Chromium), else a clear instruction instead of a spawn error halfway through. */
function ensureWrk(): void {
  const found = () => {
    try {
      execFileSync('wrk', ['--version'], { stdio: 'ignore' });
      return true;
    } catch (error) {
      // wrk --version prints its version and exits 1; only a missing binary is ENOENT.
      return (error as NodeJS.ErrnoException).code !== 'ENOENT';
    }
  };
  if (found()) return;
  if (process.getuid?.() !== 0) {
    throw new Error('wrk is not installed: sudo apt-get install -y wrk (the HTTP load generator)');
  }
  log('installing wrk (apt-get install -y wrk)');
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'inherit' });
  if (!found()) throw new Error('apt-get did not install wrk');
}

async function main() {
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const serverLog = path.join(resultsDir, `${stamp}-server.log`);
  const bareLog = path.join(resultsDir, `${stamp}-bare.log`);

  log(
    `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB`,
  );
  ensureWrk();
  ensureProductionBuild();

  const reused = REUSE && (await seededIncidents()) === TOTAL;
  if (!reused) {
    log(`recreating database ${DB_NAME} (from ${new URL(BASE_URL).host})`);
    await recreateDatabase();
  } else log(`BENCH_REUSE=1: database ${DB_NAME} as seeded before (${TOTAL.toLocaleString('en')} incidents)`);
  let database: Database | undefined;
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  // Ctrl-C: stop the servers we started (their process groups) before leaving.
  const interrupted = async () => {
    if (server) await stopProcessGroup(server);
    if (bare) await stopProcessGroup(bare);
    process.exit(130);
  };
  process.once('SIGINT', () => void interrupted());
  process.once('SIGTERM', () => void interrupted());
  try {
    // Applies the migrations. Seeding a million incidents takes longer than a request may (the service's
    // statement and query timeouts, db/resilient-postgres.ts): no deadline on the benchmark's own handle.
    database = await openDatabase({
      url: benchUrl,
      tuning: { statementTimeoutMs: 0, idleInTransactionTimeoutMs: 0, queryTimeoutMs: 3_600_000 },
    });
    const sql = database.sql!;
    let dataset: BenchDataset | undefined;
    if (!reused) {
      log(`seeding ${TOTAL.toLocaleString('en')} incidents`);
      dataset = await seedBenchIncidents(sql, { total: TOTAL, processInstances: PROCESS_INSTANCES });
      log(
        `seeded: ${JSON.stringify(dataset.byStatus)}, ${dataset.processInstances} process instances, ` +
          `${dataset.events.toLocaleString('en')} timeline entries; table ${(dataset.tableBytes / 2 ** 20).toFixed(0)} MB, ` +
          `indexes ${(dataset.indexBytes / 2 ** 20).toFixed(0)} MB; ${JSON.stringify(dataset.seconds)} s`,
      );
    }
    const [{ version }] = await sql<{ version: string }[]>`select version()`;

    await assertPortsFree([PORT, BARE_PORT]);
    log(`starting the server on port ${PORT} (log: ${path.relative(root, serverLog)})`);
    server = startServer(serverLog);
    await waitForHealth(server, serverLog);
    const serverIdle = await idleMemory(server.pid!);
    const token = await getToken();
    if (process.env.API_ONLY !== 'true') await openConsole();
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;

    log(`starting the bare baseline on port ${BARE_PORT} (log: ${path.relative(root, bareLog)})`);
    bare = startBare(bareLog);
    await waitForBare(bare, bareLog);
    const bareIdle = await idleMemory(bare.pid!);
    const comparisons = (await ratioCases(sql)).filter((c) => !only || only.test(c.name));
    await sameAnswers(
      token,
      comparisons.filter((c) => c.method === 'GET').map((c) => c.paths[0]),
    );
    log(
      `against the bare baseline: ${ROUNDS} alternating rounds of ${SECONDS} s per side, ${CONCURRENCY} connections`,
    );
    await waitForQuiet(30);
    const ratios: RatioResult[] = await compareWithBare({
      cases: comparisons,
      service: { label: 'service', baseUrl: apiBase, processGroup: server.pid! },
      bare: { label: 'bare', baseUrl: `http://127.0.0.1:${BARE_PORT}`, processGroup: bare.pid! },
      token,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmupSeconds: ratioWarmupSeconds(QUICK),
      connections: CONCURRENCY,
      log,
    });
    const bareEnd = processTreeMemory(bare.pid!);
    await stopProcessGroup(bare);
    bare = undefined;
    const ratioTable = printRatioTable(ratios);
    const memoryOf = (serverEnd: ProcessMemory[]) => {
      const moments = {
        server: { idle: serverIdle, endOfLoad: serverEnd },
        bare: { idle: bareIdle, endOfLoad: bareEnd },
      };
      const table =
        `Resident memory (VmRSS) of the server's processes, idle ${IDLE_SETTLE_SECONDS} s after its start and at the end of the load:\n\n` +
        `${memoryTable({ idle: serverIdle, 'end of load': serverEnd })}\n\n` +
        `and of the bare baseline's, idle ${IDLE_SETTLE_SECONDS} s after its start and after its rounds:\n\n` +
        memoryTable({ idle: bareIdle, 'end of load': bareEnd });
      console.log(`\n${table}\n`);
      return { ...moments, table };
    };
    if (RATIO_ONLY) {
      console.log(`\nThe service against the bare baseline (${TOTAL.toLocaleString('en')} incidents)\n`);
      console.log(ratioTable);
      const memory = memoryOf(processTreeMemory(server.pid!));
      const file = path.join(resultsDir, `${stamp}.json`);
      writeFileSync(
        file,
        JSON.stringify(
          {
            at: new Date().toISOString(),
            command: 'npm run bench',
            total: TOTAL,
            ratios,
            ratioTable,
            memory,
          },
          null,
          2,
        ),
      );
      log(`results: ${path.relative(root, file)}`);
      return;
    }

    const cases = (await buildCases(database, sql)).filter((c) => !only || only.test(c.name));

    const results: CaseResult[] = [];
    for (const c of cases) {
      log(`${c.name}: ${SECONDS} s HTTP, ${SECONDS} s direct, ${CONCURRENCY} concurrent`);
      const busy = await waitForQuiet(30);
      const r = await measure(c, token);
      r.busyBeforePct = busy;
      log(
        `  HTTP ${fmt(r.http.perSecond, 0)}/s p50 ${fmt(r.http.p50Ms)} p99 ${fmt(r.http.p99Ms)} ms; ` +
          `direct ${fmt(r.direct.perSecond, 0)}/s p50 ${fmt(r.direct.p50Ms)} p99 ${fmt(r.direct.p99Ms)} ms; ${r.rows}` +
          (r.http.errors ? `; ${r.http.errors} HTTP errors` : ''),
      );
      results.push(r);
    }

    log(`drift: 3 × ${DRIFT_SECONDS} s of GET /api/incidents on the same server process`);
    const drift: LoadStats[] = [];
    const driftBusy: (number | undefined)[] = [await waitForQuiet(30)];
    for (let i = 0; i < 3; i++) {
      if (i > 0) driftBusy.push(await machineBusyPct(500));
      const s = await wrkLoad({
        baseUrl: apiBase,
        token,
        method: 'GET',
        paths: ['/api/incidents'],
        seconds: DRIFT_SECONDS,
        connections: CONCURRENCY,
      });
      log(`  run ${i + 1}: ${fmt(s.perSecond, 0)}/s, p50 ${fmt(s.p50Ms)} p99 ${fmt(s.p99Ms)} ms`);
      drift.push(s);
    }
    const serverEnd = processTreeMemory(server.pid!);
    // Within a run: the first full 5 seconds against the last full 5 seconds.
    const within = drift.map((s) => {
      const full = (s.timeline ?? []).slice(1, -1);
      const avg = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      return { first5: avg(full.slice(0, 5)), last5: avg(full.slice(-5)) };
    });
    const driftPct = ((drift[2].perSecond - drift[0].perSecond) / drift[0].perSecond) * 100;
    const spreadPct =
      ((Math.max(...drift.map((d) => d.perSecond)) - Math.min(...drift.map((d) => d.perSecond))) /
        drift[0].perSecond) *
      100;

    // The counters behind totalElements and the summary must still equal the rows after all the writes:
    // per (status, source, severity), and per message template too (text search totals).
    const wrongKeys = (keys: string, counters: string) => `
      (select count(*) from (select ${keys}, count(*) as n from incidents group by ${keys}) actual
       full join (select ${keys}, sum(count) as n from ${counters} group by ${keys}) counted using (${keys})
       where actual.n is distinct from counted.n and coalesce(actual.n, 0) + coalesce(counted.n, 0) > 0)`;
    const [check] = await sql.unsafe<{ wrong: number }[]>(
      `select (${wrongKeys('status, source, severity', 'incident_counts')}
               + ${wrongKeys('template_id, status, source, severity', 'incident_template_counts')})::int as wrong`,
    );
    log(`the counters ${check.wrong === 0 ? 'equal the rows' : `are WRONG for ${check.wrong} keys`}`);

    const table = printTable(results);
    const driftLines = [
      `Three back-to-back ${DRIFT_SECONDS} s loads of GET /api/incidents (${CONCURRENCY} connections):`,
      ...drift.map(
        (d, i) =>
          `  run ${i + 1}: ${fmt(d.perSecond, 0)} req/s, p50 ${fmt(d.p50Ms)} ms, p99 ${fmt(d.p99Ms)} ms` +
          ` (first 5 s ${fmt(within[i].first5, 0)}/s, last 5 s ${fmt(within[i].last5, 0)}/s;` +
          ` other processes ${driftBusy[i] === undefined ? '-' : `${fmt(driftBusy[i]!, 0)}%`} before)`,
      ),
      `  run 3 vs run 1: ${driftPct >= 0 ? '+' : ''}${fmt(driftPct)}%; spread ${fmt(spreadPct)}% ` +
        (Math.abs(driftPct) <= TARGETS.driftPct && spreadPct <= TARGETS.driftPct
          ? '(within 10%: ok)'
          : '(MISSED: more than 10%)'),
    ];
    console.log(
      `\nIncident API, ${TOTAL.toLocaleString('en')} incidents, ${CONCURRENCY} concurrent clients, ${SECONDS} s each\n`,
    );
    console.log(table);
    console.log(`\n${driftLines.join('\n')}\n`);
    console.log(`The service against the bare baseline (bench/bare.ts), same database, same run:\n`);
    console.log(ratioTable);
    const memory = memoryOf(serverEnd);

    const file = path.join(resultsDir, `${stamp}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          at: new Date().toISOString(),
          command: 'npm run bench',
          machine: {
            cpus: os.cpus().length,
            cpu: os.cpus()[0]?.model,
            memoryGb: Math.round(os.totalmem() / 2 ** 30),
            loadAverage: os.loadavg(),
            node: process.version,
            postgres: version,
          },
          settings: {
            concurrency: CONCURRENCY,
            seconds: SECONDS,
            driftSeconds: DRIFT_SECONDS,
            targets: TARGETS,
          },
          dataset,
          countersConsistent: check.wrong === 0,
          results,
          ratios,
          ratioTable,
          memory,
          drift: { runs: drift, within, driftPct, spreadPct, busyBeforePct: driftBusy },
          table,
        },
        null,
        2,
      ),
    );
    log(`results: ${path.relative(root, file)}`);
  } finally {
    if (server) {
      log('stopping the server');
      await stopProcessGroup(server);
    }
    if (bare) await stopProcessGroup(bare);
    await database?.close();
    if (KEEP) log(`BENCH_KEEP=1: database ${DB_NAME} kept (${benchUrl})`);
    else {
      log(`dropping database ${DB_NAME}`);
      await dropDatabase();
    }
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
