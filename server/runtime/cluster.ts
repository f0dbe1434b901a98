// Every core (docs/contract.md §9): with PostgreSQL, WEB_CONCURRENCY server processes share one port
// through node:cluster. The primary only forks, forwards signals and restarts; each worker is the whole
// server (server/http.ts below its cluster branch) and shares nothing with the others but the database:
// long-poll wake-ups, token revocations and the dispatcher's sweeps go through LISTEN/NOTIFY and row locks,
// as they do between instances on separate machines. PGlite is one process by design (one writer of its
// data directory), so it, and the development server, run one process whatever WEB_CONCURRENCY says.
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

/** Set by the primary for every worker: where the console process listens. */
const CONSOLE_SOCKET_VARIABLE = 'BPM_CONSOLE_SOCKET';
/** Set by the primary for the one worker that serves the console's pages. */
const ROLE_VARIABLE = 'BPM_PROCESS_ROLE';

/** In a worker of a primary that runs a console process: the socket it listens on. */
export const consoleSocketPath = (): string | undefined =>
  cluster.isWorker ? process.env[CONSOLE_SOCKET_VARIABLE] : undefined;

/** This worker serves the console's pages (and no API). */
export const isConsoleProcess = () => cluster.isWorker && process.env[ROLE_VARIABLE] === 'console';

/** A worker that dies this soon after its start is restarted after a second, not at once (a crash loop). */
const QUICK_CRASH_MS = 10_000;

interface PrimaryOptions {
  /** API processes. */
  count: number;
  /** Also one process for the console's pages (consoleRunsApart). */
  withConsole: boolean;
  /** The workers' own shutdown bound (SHUTDOWN_TIMEOUT_MS): past it, plus a margin, they are killed. */
  shutdownTimeoutMs: number;
  log: {
    info(obj: object, msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
  /** Waits until what was logged is written (the log is asynchronous: server/observability/log.ts), before an exit. */
  flushLog: () => Promise<void>;
}

/**
 * Runs the primary: forks `count` workers, restarts one that dies after it served (a crash), stops all and
 * exits when one dies before it ever listened (a start failure, as a single process would exit), and on
 * SIGTERM/SIGINT passes the signal to every worker, which drains as server/runtime/shutdown.ts does, then exits 0
 * once all have (1 if one did not exit cleanly). Never resolves: the primary ends by process.exit.
 */
export function runPrimary({
  count,
  withConsole,
  shutdownTimeoutMs,
  log,
  flushLog,
}: PrimaryOptions): Promise<never> {
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
    const worker = cluster.fork({ ...workerEnv, [ROLE_VARIABLE]: role });
    forkedAt.set(worker.id, Date.now());
    if (role === 'console') consoleWorkers.add(worker.id);
    worker.once('listening', () => listened.add(worker.id));
  };
  const living = () => Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w && !w.isDead());

  const stop = (signal: NodeJS.Signals, reason: string) => {
    if (!stopping) log.info({ workers: living().length }, `${reason}: stopping every worker (${signal})`);
    stopping = true;
    for (const worker of living()) worker.process.kill(signal);
    if (living().length === 0) void flushLog().then(() => process.exit(exitCode));
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
        void flushLog().then(() => process.exit(exitCode));
      }
      return;
    }
    if (listened.size === 0) {
      // Nothing ever started (a bad setting, a migration that fails): exit as a single process would.
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
  for (let i = 0; i < count; i++) fork('api');
  if (withConsole) fork('console');
  return new Promise<never>(() => {});
}

export const isClusterWorker = () => cluster.isWorker;
