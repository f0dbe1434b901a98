// Every core (docs/contract.md §9): with PostgreSQL, WEB_CONCURRENCY server processes share one port
// through node:cluster. The primary only forks, forwards signals and restarts; each worker is the whole
// server (server/http.ts below its cluster branch) and shares nothing with the others but the database:
// long-poll wake-ups, token revocations and the dispatcher's sweeps go through LISTEN/NOTIFY and row locks,
// as they do between instances on separate machines. PGlite is one process by design (one writer of its
// data directory), so it, and the development server, run one process whatever WEB_CONCURRENCY says.
// The primary loads this module and server/runtime/primary-log.ts, nothing else of the service's: it decides
// from the raw environment (clusterPlanOf) and forks; the validated environment (zod), the database client,
// the migrations, Next and the API are loaded by the workers only.
import cluster, { type Worker } from 'node:cluster';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface ClusterSettings {
  webConcurrency?: number;
  databaseUrl?: string;
  dev: boolean;
}

/** How many server processes to run: WEB_CONCURRENCY (default: the cores), 1 on PGlite and in development. */
export function serverProcessCount({ webConcurrency, databaseUrl, dev }: ClusterSettings): number {
  if (!databaseUrl || dev) return 1;
  return webConcurrency ?? os.availableParallelism();
}

/**
 * The console's pages run in a process of their own (server/runtime/console-process.ts) with PostgreSQL in
 * production; on PGlite, whose database only one process may open, and in development, in the one process.
 */
export function consoleRunsApart({ apiOnly, databaseUrl, dev }: { apiOnly: boolean } & ClusterSettings) {
  return !apiOnly && !dev && Boolean(databaseUrl);
}

export interface ClusterPlan {
  /** API processes. */
  count: number;
  /** Also one process for the console's pages (consoleRunsApart). */
  withConsole: boolean;
  /** The workers' own shutdown bound (SHUTDOWN_TIMEOUT_MS): past it, plus a margin, they are killed. */
  shutdownTimeoutMs: number;
}

/**
 * The processes to run, read from the environment as server/runtime/env.ts reads it, before anything that
 * validates it is loaded; undefined for one process (PGlite, development, a single process without the
 * console). A value env.ts refuses also gives undefined: the one process then validates the environment
 * and fails the start with env.ts's message, as it would have in any worker.
 */
export function clusterPlanOf(
  variables: Record<string, string | undefined>,
  dev: boolean,
): ClusterPlan | undefined {
  const integer = (name: string, min: number, max: number) => {
    const raw = variables[name];
    if (raw === undefined) return undefined;
    const value = Number(raw);
    return Number.isInteger(value) && value >= min && value <= max ? value : Number.NaN;
  };
  const webConcurrency = integer('WEB_CONCURRENCY', 1, 256);
  const shutdownTimeoutMs = integer('SHUTDOWN_TIMEOUT_MS', 0, 600_000) ?? 10_000;
  const apiOnlyRaw = variables.API_ONLY ?? '';
  const apiOnly = apiOnlyRaw === 'true' || apiOnlyRaw === '1';
  const valid =
    !Number.isNaN(webConcurrency) &&
    !Number.isNaN(shutdownTimeoutMs) &&
    ['true', 'false', '1', '0', ''].includes(apiOnlyRaw);
  if (!valid) return undefined;
  const databaseUrl = variables.DATABASE_URL || undefined;
  const count = serverProcessCount({ webConcurrency, databaseUrl, dev });
  const withConsole = consoleRunsApart({ apiOnly, databaseUrl, dev });
  return count > 1 || withConsole ? { count, withConsole, shutdownTimeoutMs } : undefined;
}

/** Set by the primary for every worker: where the console process listens. */
const CONSOLE_SOCKET_VARIABLE = 'BPM_CONSOLE_SOCKET';
/** Set by the primary for the one worker that serves the console's pages. */
const ROLE_VARIABLE = 'BPM_PROCESS_ROLE';

/** In a worker of a primary that runs a console process: the socket it listens on. */
export const consoleSocketPath = (): string | undefined =>
  cluster.isWorker ? process.env[CONSOLE_SOCKET_VARIABLE] : undefined;

/** This worker serves the console's pages (and no API). */
export const isConsoleProcess = () => cluster.isWorker && process.env[ROLE_VARIABLE] === 'console';

/**
 * What `ps` (and /proc/<pid>/cmdline) shows for each process of a cluster, in place of their identical
 * command lines: which is the primary, an API process or the console's. A single process keeps its own.
 */
export const PROCESS_TITLES = { primary: 'bpm-primary', api: 'bpm-api', console: 'bpm-console' } as const;

/** In a worker: names the process by its role (PROCESS_TITLES). */
export function nameWorkerProcess() {
  if (cluster.isWorker) process.title = isConsoleProcess() ? PROCESS_TITLES.console : PROCESS_TITLES.api;
}

/** What a worker sends the primary once its environment is valid (reportConfigured). */
const CONFIGURED_MESSAGE = 'bpm-configured';

/** In a worker: tells the primary that the environment is valid, so that it starts the other workers. */
export function reportConfigured() {
  if (cluster.isWorker) process.send?.(CONFIGURED_MESSAGE);
}

/**
 * The semi-space of an API process's V8 heap (its young generation is three of them). Left to V8 on a machine
 * of 24 GB, the young generation grows to about 100 MB while the modules load and stays so, idle or busy: a
 * quarter of the process. A request's garbage dies young and is small, so a smaller one costs a few more
 * scavenges of little each (docs/decisions/0014-memory-of-a-process.md).
 */
export const API_SEMI_SPACE_MB = 4;

/**
 * Node's arguments for a worker of `role`: this process's, and for an API process the bound on its young
 * generation, unless the operator set one (in NODE_OPTIONS or on the command line).
 */
export function workerExecArgv(
  role: 'api' | 'console',
  execArgv: readonly string[],
  nodeOptions = '',
): string[] {
  const given = [...execArgv, nodeOptions].some((arg) => arg.includes('semi-space-size'));
  if (role !== 'api' || given) return [...execArgv];
  return [...execArgv, `--max-semi-space-size=${API_SEMI_SPACE_MB}`];
}

/** A worker that dies this soon after its start is restarted after a second, not at once (a crash loop). */
const QUICK_CRASH_MS = 10_000;

interface PrimaryOptions extends ClusterPlan {
  /** Writes each line before it returns (server/runtime/primary-log.ts): nothing to wait for before an exit. */
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/**
 * Runs the primary: forks one worker, and the others once it has found the environment valid (a bad setting
 * is told once, by that worker, before it exits); restarts one that dies after it served (a crash), stops all
 * and exits when one dies before it ever listened (a start failure, as a single process would exit), and on
 * SIGTERM/SIGINT passes the signal to every worker, which drains as server/runtime/shutdown.ts does, then
 * exits 0 once all have (1 if one did not exit cleanly). Never resolves: the primary ends by process.exit.
 */
export function runPrimary({ count, withConsole, shutdownTimeoutMs, log }: PrimaryOptions): Promise<never> {
  process.title = PROCESS_TITLES.primary;
  let stopping = false;
  let exitCode = 0;
  const listened = new Set<number>();
  const forkedAt = new Map<number, number>();
  const consoleWorkers = new Set<number>();
  // mkdtemp makes the directory readable and writable by this user only: nobody else can reach the socket,
  // through which the API processes pass client addresses the console believes.
  const socketDirectory = withConsole ? mkdtempSync(path.join(os.tmpdir(), 'bpm-console-')) : undefined;
  const workerEnv = socketDirectory
    ? { [CONSOLE_SOCKET_VARIABLE]: path.join(socketDirectory, 'console.sock') }
    : {};
  if (socketDirectory) process.on('exit', () => rmSync(socketDirectory, { recursive: true, force: true }));

  const fork = (role: 'api' | 'console') => {
    cluster.setupPrimary({ execArgv: workerExecArgv(role, process.execArgv, process.env.NODE_OPTIONS) });
    const worker = cluster.fork({ ...workerEnv, [ROLE_VARIABLE]: role });
    forkedAt.set(worker.id, Date.now());
    if (role === 'console') consoleWorkers.add(worker.id);
    worker.once('listening', () => listened.add(worker.id));
    return worker;
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  const stop = (signal: NodeJS.Signals, reason: string) => {
    if (!stopping) log.info({ workers: living().length }, `${reason}: stopping every worker (${signal})`);
    stopping = true;
    for (const worker of living()) worker.process.kill(signal);
    if (living().length === 0) process.exit(exitCode);
    // Each worker bounds its own shutdown; should one hang all the same, this bound still holds.
    setTimeout(() => {
      for (const worker of living()) worker.process.kill('SIGKILL');
      process.exit(1);
    }, shutdownTimeoutMs + 2_000).unref();
  };

  cluster.on('exit', (worker, code, signal) => {
    const workerPid = worker.process.pid;
    if (stopping) {
      // One still starting ends at the signal itself (its handlers are not installed yet): nothing to drain.
      if (code !== 0 && listened.has(worker.id)) exitCode = 1;
      if (living().length === 0) {
        log.info({ exitCode }, 'every worker stopped');
        process.exit(exitCode);
      }
      return;
    }
    if (listened.size === 0) {
      // Nothing ever started (a bad setting, a migration that fails): exit as a single process would, with
      // the worker's code (1 for an error thrown at its start, which it wrote to stderr).
      log.error({ workerPid, code, signal }, 'a server process exited before any listened: stopping');
      exitCode = code || 1;
      stop('SIGTERM', 'start failed');
      return;
    }
    const quick = Date.now() - (forkedAt.get(worker.id) ?? 0) < QUICK_CRASH_MS;
    const role = consoleWorkers.delete(worker.id) ? 'console' : 'api';
    log.warn({ workerPid, code, signal, role }, 'a server process died: starting another');
    forkedAt.delete(worker.id);
    setTimeout(() => fork(role), quick ? 1_000 : 0);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => stop(signal, signal));
  }
  log.info(
    { workers: count, console: withConsole },
    `starting ${count} server processes (WEB_CONCURRENCY)${withConsole ? ' and one for the console' : ''}`,
  );
  const first = fork('api');
  const forkTheOthers = (message: unknown) => {
    if (message !== CONFIGURED_MESSAGE) return;
    first.off('message', forkTheOthers);
    if (stopping) return;
    for (let i = 1; i < count; i++) fork('api');
    if (withConsole) fork('console');
  };
  first.on('message', forkTheOthers);
  return new Promise<never>(() => {});
}

export const isClusterWorker = () => cluster.isWorker;
