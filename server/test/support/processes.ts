// Real server processes for the tests that need them (several instances on one PostgreSQL, crashes,
// signals): the process entry server/http.ts without the console, each on a free port.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { sql } from 'drizzle-orm';
import { rowsOf, type Database } from '../../../db/client';
import { trackStarted } from './started-processes';

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** The URL of a test's own PostgreSQL database (openTestDatabase made it), for processes to connect to. */
export async function databaseUrlOf(database: Database): Promise<string> {
  const [{ name }] = rowsOf<{ name: string }>(
    await database.db.execute(sql`select current_database() as name`),
  );
  const url = new URL(process.env.DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface ServerProcess {
  url: string;
  process: ChildProcess;
  /** What the process wrote to stdout so far (its log lines), when started with `captureStdout`. */
  stdout(): string;
}

/**
 * Starts server/http.ts (API_ONLY, production) and waits until /api/health answers; `env` adds or overrides.
 * An empty `databaseUrl` runs it on embedded PGlite (give it a DATA_DIR of its own in `env`).
 */
export async function startServerProcess(
  databaseUrl: string,
  env: Record<string, string> = {},
  {
    waitForHealth = true,
    captureStdout = false,
    startTimeoutMs = 90_000,
    entry = ['--import', 'tsx', 'server/http.ts'],
  }: {
    waitForHealth?: boolean;
    captureStdout?: boolean;
    startTimeoutMs?: number;
    /** Node's arguments: the TypeScript entry through tsx, or the compiled one (dist/server/http.mjs). */
    entry?: string[];
  } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, entry, {
    env: {
      ...process.env,
      API_ONLY: 'true',
      NODE_ENV: 'production',
      DATABASE_URL: databaseUrl,
      PORT: String(port),
      // One server process, whose pid is the child's: tests of several processes ask for them.
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: [
      'ignore',
      captureStdout ? 'pipe' : process.env.DEBUG_SERVER_STDOUT ? 'inherit' : 'ignore',
      'inherit',
    ],
  });
  trackStarted(child);
  const chunks: Buffer[] = [];
  child.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk));
  const stdout = () => Buffer.concat(chunks).toString('utf8');
  const url = `http://127.0.0.1:${port}`;
  if (!waitForHealth) return { url, process: child, stdout };
  for (const deadline = Date.now() + startTimeoutMs; Date.now() < deadline;) {
    if (child.exitCode !== null) throw new Error(`server process exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, process: child, stdout };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server process did not start');
}

/** Sends `signal` (SIGKILL by default) and waits for the process to exit. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
