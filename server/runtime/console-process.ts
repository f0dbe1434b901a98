// The console's pages in a process of their own, with PostgreSQL outside development (server/http.ts,
// docs/decisions/0010-console-process.md): Next is loaded here and in no API process, so that what loading
// it changes for a whole process (the global Date, process.nextTick, setImmediate, Math.random and crypto
// are wrapped for its prerenders; its modules and caches enlarge the heap every collection walks) costs the
// engines' and workers' requests nothing, and a page render never holds up one of them. It listens on a
// Unix socket in a directory only this user can open; the API processes pass it the requests that are not
// theirs (server/transport/console-proxy.ts). Its pages read and write through the same services, on a pool
// of its own.
import { rmSync } from 'node:fs';
import http from 'node:http';
import type { Database } from '../../db/client';
import { manageLifecycle } from './shutdown';

interface ConsoleProcessOptions {
  socketPath: string;
  database: Database;
  drainDelayMs: number;
  shutdownTimeoutMs: number;
  log: { info(message: string): void; error(obj: object, message: string): void };
  flushLog: () => Promise<void>;
}

/** Serves Next on `socketPath` until SIGTERM or SIGINT, then drains as an API process does and exits. */
export async function runConsoleProcess(options: ConsoleProcessOptions): Promise<never> {
  const { socketPath, database, log, flushLog } = options;
  const { default: next } = await import('next');
  const app = next({ dev: false, dir: process.cwd() });
  await app.prepare();
  const handleNext = app.getRequestHandler();
  const server = http.createServer((req, res) => void handleNext(req, res));
  // Longer than the proxy's idle timeout, so that it is the proxy that closes a kept connection.
  server.keepAliveTimeout = 65_000;
  const lifecycle = manageLifecycle(server, {
    // The API processes drain over the same delay: pages they pass on meanwhile are still answered.
    drainDelayMs: options.drainDelayMs,
    timeoutMs: options.shutdownTimeoutMs,
    answerLongPolls: () => {},
    stopBackground: async () => {},
    closeDatabase: () => database.close(),
    log: (message) => log.info(`console: ${message}`),
  });
  const shutdown = async (signal: string) => {
    setTimeout(() => process.exit(1), options.shutdownTimeoutMs + 1_000).unref();
    await lifecycle.shutdown(signal);
    await flushLog();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A socket file left by a console process that was killed: the directory is this server's alone.
  rmSync(socketPath, { force: true });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // exclusive: bound by this process itself, not shared through the cluster's primary.
    server.listen({ path: socketPath, exclusive: true }, () => resolve());
  });
  log.info(`console: pages served in a process of their own (pid ${process.pid})`);
  return new Promise<never>(() => {});
}
