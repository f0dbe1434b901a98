// With PostgreSQL, the notification deliverer runs in a worker thread of its own (a storm of
// deliveries must not slow the API or the worker protocol). Sending thousands of webhooks and emails and
// recording every attempt is JSON, HMAC, TLS and query work: in the server's thread it took turns with the
// requests on one event loop and took connections from their pool. In its own thread, with its own small pool
// (NOTIFICATION_DATABASE_POOL_SIZE, plus one LISTEN), it shares nothing with the requests but the database
// and the cores. PGlite keeps the deliverer in-process: its database lives in the server's thread.
//
// The thread (server/deliverer-thread.ts) is restarted when it dies; on shutdown it finishes the attempts
// under way (as the in-process deliverer does) and, past the bound, is terminated: a delivery it had claimed
// is taken over when its lease ends. The attempts it records are counted in this thread's metrics, which
// are the ones /metrics serves.
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { PostgresTuning } from '../../db/resilient-postgres';
import type { BusyFlag } from './api-load';
import { log } from '../observability/log';
import { observeNotificationAttempt } from '../observability/metrics';
import type { Deliverer, DelivererOptions } from '../services/notifications/deliverer';

/** What the thread is started with (structured-cloned: plain data only). */
export interface DelivererThreadData {
  databaseUrl: string;
  tuning: Partial<PostgresTuning>;
  options: Omit<DelivererOptions, 'observe' | 'apiBusy'>;
  /** Whether the API is busy (server/runtime/api-load.ts): shared memory, which the server's thread keeps up to date. */
  busyFlag: BusyFlag;
}

export type ToDelivererThread = { type: 'wake' } | { type: 'stop' };
export type FromDelivererThread =
  { type: 'ready' } | { type: 'attempt'; channel: string; outcome: string; seconds: number };

export interface DelivererThreadOptions extends DelivererThreadData {
  /** The thread's module: server/deliverer-thread.ts, or dist/server/deliverer-thread.mjs once built. */
  entry: URL;
  /** How long stop() waits for the attempts under way before it terminates the thread. */
  stopTimeoutMs: number;
}

export interface DelivererThread extends Deliverer {
  /** Resolves once the current thread has opened its pool and started delivering. */
  ready(): Promise<void>;
  /** The thread now running (tests end it to see it restarted). */
  current(): Worker | undefined;
}

/**
 * The thread's young generation. Left to V8, it grows to about 100 MB while the thread loads its modules and
 * never gives it back while idle; 8 MB holds what one pass of deliveries allocates, and the thread then
 * costs its process about 40 MB instead of about 170.
 */
const THREAD_LIMITS = { maxYoungGenerationSizeMb: 8 };

/** A thread that dies this soon after its start is restarted after a pause that doubles (a crash loop). */
const QUICK_CRASH_MS = 10_000;
const MAX_RESTART_DELAY_MS = 30_000;

export function startDelivererThread({
  entry,
  stopTimeoutMs,
  ...data
}: DelivererThreadOptions): DelivererThread {
  let stopping = false;
  let worker: Worker | undefined;
  let restartTimer: NodeJS.Timeout | undefined;
  let restartDelayMs = 0;
  let readiness = resolvable();

  function spawn() {
    const startedAt = Date.now();
    const thread = entry.pathname.endsWith('.ts')
      ? // Under tsx (development, tests) the thread loads TypeScript through tsx's loader, registered first:
        // on Node 20 a Worker does not inherit the hooks `--import tsx` registered in this thread.
        new Worker(
          `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`,
          { eval: true, workerData: data, name: 'notification-deliverer', resourceLimits: THREAD_LIMITS },
        )
      : new Worker(entry, {
          workerData: data,
          name: 'notification-deliverer',
          resourceLimits: THREAD_LIMITS,
        });
    worker = thread;
    thread.on('message', (message: FromDelivererThread) => {
      if (message.type === 'ready') readiness.resolve();
      else if (message.type === 'attempt')
        observeNotificationAttempt(message.channel, message.outcome, message.seconds);
    });
    thread.on('error', (error) => log.error({ err: error }, 'notification deliverer thread failed'));
    thread.on('exit', (code) => {
      if (worker === thread) worker = undefined;
      if (stopping) return;
      const quick = Date.now() - startedAt < QUICK_CRASH_MS;
      restartDelayMs = quick ? Math.min(MAX_RESTART_DELAY_MS, Math.max(1_000, restartDelayMs * 2)) : 0;
      log.warn(
        { code, restartInMs: restartDelayMs },
        'notification deliverer thread exited: starting another',
      );
      readiness = resolvable();
      restartTimer = setTimeout(spawn, restartDelayMs);
    });
  }

  spawn();
  return {
    ready: () => readiness.promise,
    current: () => worker,
    wake() {
      worker?.postMessage({ type: 'wake' } satisfies ToDelivererThread);
    },
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const thread = worker;
      if (!thread) return;
      const exited = once(thread, 'exit');
      thread.postMessage({ type: 'stop' } satisfies ToDelivererThread);
      const bound = setTimeout(() => {
        log.warn('notification deliverer thread did not stop in time: terminated (its leases run out)');
        void thread.terminate();
      }, stopTimeoutMs);
      await exited;
      clearTimeout(bound);
    },
  };
}

/** Promise.withResolvers, which Node 20 lacks. */
function resolvable() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** tsx's API module, found from here (a thread's evaluated code has no module of its own to resolve from). */
function tsxApi(): string {
  // Its ES module (its CommonJS one loads the loader by a path relative to itself that fails from a thread).
  const commonJs = createRequire(import.meta.url).resolve('tsx/esm/api');
  return pathToFileURL(commonJs.replace(/\.cjs$/, '.mjs')).href;
}
