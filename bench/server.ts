// The compiled server (dist/server/http.mjs, what npm start runs) as the benchmarks start it: in its own
// process group, logging to a file, with a known administrator; and what they ask of it first.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import postgres from 'postgres';
import { PROCESS_TITLES } from '../server/runtime/cluster';

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

/** `pid` and every process under it alive now (a cluster's primary, its workers, the console's), parents first. */
export function processTree(pid: number): number[] {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // gone meanwhile
  }
  return [pid, ...children.flatMap(processTree)];
}

/** CPU seconds of `pid` and every process under it alive now. */
export function processTreeCpuSeconds(pid: number): number {
  return processTree(pid).reduce((sum, each) => {
    try {
      return sum + cpuSeconds(each);
    } catch {
      return sum; // gone meanwhile
    }
  }, 0);
}

export interface ProcessMemory {
  /** primary, API n, console (their process titles, server/runtime/cluster.ts), single process, or the script. */
  name: string;
  pid: number;
  residentMb: number;
}

const ROLE_OF_TITLE: Record<string, string> = {
  [PROCESS_TITLES.primary]: 'primary',
  [PROCESS_TITLES.api]: 'API',
  [PROCESS_TITLES.console]: 'console',
};

/**
 * The resident memory (VmRSS) of `pid` and of every process under it, each named by its process title; a
 * process without one by its script, "(launcher)" when it started others (tsx's, in front of the bare
 * baseline), or "single process" when it is the whole server.
 */
export function processTreeMemory(pid: number): ProcessMemory[] {
  const tree = processTree(pid);
  let apis = 0;
  return tree.flatMap((each) => {
    try {
      const residentKb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${each}/status`, 'utf8'))![1]);
      const args = readFileSync(`/proc/${each}/cmdline`, 'utf8').split('\0').filter(Boolean);
      const role = ROLE_OF_TITLE[args.join(' ')];
      const launcher = readFileSync(`/proc/${each}/task/${each}/children`, 'utf8').trim() !== '';
      let name: string;
      if (role === 'API') name = `API ${++apis}`;
      else if (role) name = role;
      else if (tree.length === 1) name = 'single process';
      else name = `${args.at(-1)}${launcher ? ' (launcher)' : ''}`;
      return [{ name, pid: each, residentMb: residentKb / 1024 }];
    } catch {
      return []; // gone meanwhile
    }
  });
}

/**
 * A Markdown table of the resident memory of each process at each moment (columns: "idle", "end of load"),
 * matched by name, and of them all.
 */
export function memoryTable(moments: Record<string, ProcessMemory[]>): string {
  const columns = Object.entries(moments);
  const names = [...new Set(columns.flatMap(([, processes]) => processes.map((p) => p.name)))];
  const mb = (n: number | undefined) => (n === undefined ? '-' : `${n.toFixed(0)} MB`);
  const row = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [
    row(['process', ...columns.map(([moment]) => moment)]),
    row(['---', ...columns.map(() => '---:')]),
    ...names.map((name) =>
      row([name, ...columns.map(([, ps]) => mb(ps.find((p) => p.name === name)?.residentMb))]),
    ),
    row(['**total**', ...columns.map(([, ps]) => `**${mb(ps.reduce((sum, p) => sum + p.residentMb, 0))}**`)]),
  ].join('\n');
}

/** Seconds a server is left alone after its start before its memory at idle is read. */
export const IDLE_SETTLE_SECONDS = Number(process.env.BENCH_IDLE_SETTLE_SECONDS || 5);

/** The memory of the server's processes once it has been idle IDLE_SETTLE_SECONDS. */
export async function idleMemory(pid: number): Promise<ProcessMemory[]> {
  await new Promise((r) => setTimeout(r, IDLE_SETTLE_SECONDS * 1000));
  return processTreeMemory(pid);
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
