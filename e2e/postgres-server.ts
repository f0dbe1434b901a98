// A server of the browser tests' own on PostgreSQL (the suite's runs on PGlite, one process): the same build
// (dist/server/http.mjs), a fresh database named after its port, one API process (WEB_CONCURRENCY=1) and
// the console's pages in a process of their own, as production runs with DATABASE_URL.
import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { stopProcessGroup } from '../scripts/process-group';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AUTH_SECRET } from './support-env';

export interface PostgresServer {
  url: string;
  /** What it logged so far, a line each. */
  logLines: string[];
  stop(): Promise<void>;
}

async function onServer(databaseUrl: string, statement: string): Promise<void> {
  const admin = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(statement);
  } finally {
    await admin.end();
  }
}

/** Starts it on `port` with `env` added, and waits until its sign-in page answers. */
export async function startPostgresServer(
  databaseUrl: string,
  port: number,
  env: Record<string, string> = {},
): Promise<PostgresServer> {
  const name = `bpm_e2e_console_${port}`;
  await onServer(databaseUrl, `drop database if exists ${name} with (force)`);
  await onServer(databaseUrl, `create database ${name}`);
  const ownDatabase = new URL(databaseUrl);
  ownDatabase.pathname = `/${name}`;
  const url = `http://127.0.0.1:${port}`;
  const logLines: string[] = [];
  const server: ChildProcess = spawn(process.execPath, ['dist/server/http.mjs'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATABASE_URL: ownDatabase.toString(),
      WEB_CONCURRENCY: '1',
      SECURITY_DISABLED: 'false',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      AUTH_SECRET,
      LOG_LEVEL: 'info',
      ...env,
    },
  });
  let pending = '';
  server.stdout!.on('data', (chunk: Buffer) => {
    const lines = (pending + chunk.toString('utf8')).split('\n');
    pending = lines.pop()!;
    logLines.push(...lines);
  });
  const stop = async () => {
    await stopProcessGroup(server);
    await onServer(databaseUrl, `drop database if exists ${name} with (force)`);
  };
  for (const deadline = Date.now() + 120_000; ;) {
    const up = await fetch(`${url}/login`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { url, logLines, stop };
    if (server.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the server on PostgreSQL did not start (exit ${server.exitCode})`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
