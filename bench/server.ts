// The compiled server (dist/server/http.mjs, what npm start runs) as the benchmarks start it: in its own
// process group, logging to a file, with a known administrator; and what they ask of it first.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';

export const SERVER_ENTRY = 'dist/server/http.mjs';
/** The PostgreSQL cluster the benchmarks make their databases in. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
/** The port of the server under test. */
export const BENCH_PORT = Number(process.env.BENCH_PORT || 3400);
export const BENCH_ADMIN = { username: 'admin', password: 'bench-admin-password' };

/** Builds the compiled server when it is missing (the console's pages need `npm run build`). */
export function ensureCompiledServer(root: string): void {
  if (existsSync(path.join(root, SERVER_ENTRY))) return;
  console.log(`no compiled server in ${SERVER_ENTRY}: node scripts/build-server.mjs`);
  execFileSync(process.execPath, ['scripts/build-server.mjs'], { stdio: 'inherit', cwd: root });
}

/** The server on `port`, in production mode, its output appended to `logFile`; `env` on top of the defaults. */
export function startServer(
  root: string,
  port: number,
  env: Record<string, string>,
  logFile: string,
): ChildProcess {
  const out = openSync(logFile, 'a');
  // Its own process group, so that stopping it stops everything it started.
  return spawn(process.execPath, [SERVER_ENTRY], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      API_ONLY: 'true',
      PORT: String(port),
      AUTH_SECRET: 'bench-signing-secret-0123456789',
      ADMIN_USERNAME: BENCH_ADMIN.username,
      ADMIN_PASSWORD: BENCH_ADMIN.password,
      SECURITY_DISABLED: 'false',
      LOG_LEVEL: 'warn',
      WEB_CONCURRENCY: '1',
      ...env,
    },
  });
}

export async function waitForHealth(base: string, server: ChildProcess, logFile: string): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline;) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
    const ok = await fetch(`${base}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

/** An access token of the bench's administrator. */
export async function adminToken(base: string): Promise<string> {
  const res = await fetch(`${base}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(BENCH_ADMIN),
  });
  if (!res.ok) throw new Error(`POST /api/tokens: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** CPU seconds a process has used so far, all its threads (Linux: utime + stime of /proc/<pid>/stat). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds of `pid` and every process under it alive now (a cluster's primary, its workers, the console's). */
export function processTreeCpuSeconds(pid: number): number {
  let children: number[] = [];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return 0; // gone meanwhile
  }
  return cpuSeconds(pid) + children.reduce((sum, child) => sum + processTreeCpuSeconds(child), 0);
}

/** The p-th quantile (0 to 1) of ascending `sorted`. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

/** A new, empty database `name` beside BENCH_DATABASE_URL (one left by an earlier run is dropped first). */
export async function freshDatabase(name: string): Promise<{ url: string; drop(): Promise<void> }> {
  const cluster = postgres(BENCH_DATABASE_URL, { max: 1, onnotice: () => {} });
  await cluster.unsafe(`drop database if exists ${name} with (force)`);
  await cluster.unsafe(`create database ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await cluster.unsafe(`drop database if exists ${name} with (force)`);
      await cluster.end();
    },
  };
}
