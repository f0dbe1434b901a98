// How late after their waitMs a thousand long polls timing out together are answered, as the server sees it
// (longPollOvershootMs of the request log lines, server/observability/observe-requests.ts), for one or several checkouts
// measured in turns in the same run, so that two versions meet the same machine load:
//
//   npx tsx bench/long-poll-overshoot.ts [rounds=3] [checkout directory...=.]
//
// e.g. `git archive <commit> | tar -x -C /tmp/before && ln -s $PWD/node_modules /tmp/before/` and then
// `npx tsx bench/long-poll-overshoot.ts 3 /tmp/before .`. Each checkout's server (tsx server/http.ts,
// production) runs on a fresh database bpm_lp_bench_<n> next to BENCH_DATABASE_URL (dropped at the end); each round sends 1,000
// polls in 10 waves of 100, 200 ms apart, all with waitMs ending at the same instant: each should be answered within 100 ms after it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'Bench-password-1';
const POLLS_PER_WAVE = 100;
const WAVES = 10;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const report = (values: number[]) =>
  `n=${values.length} p50 ${percentile(values, 50)} p95 ${percentile(values, 95)} ` +
  `p99 ${percentile(values, 99)} max ${Math.max(...values)} ms`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

interface Server {
  dir: string;
  url: string;
  child: ChildProcess;
  token: string;
  /** Overshoots logged since the last call. */
  takeOvershoots(): number[];
}

async function startServer(dir: string, databaseName: string): Promise<Server> {
  const cluster = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await cluster.unsafe(`drop database if exists ${databaseName} with (force)`);
  await cluster.unsafe(`create database ${databaseName}`);
  await cluster.end();
  const databaseUrl = new URL(BASE_URL);
  databaseUrl.pathname = `/${databaseName}`;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/http.ts'], {
    cwd: dir,
    env: {
      ...process.env,
      API_ONLY: 'true',
      NODE_ENV: 'production',
      // The bench's one token sends thousands of requests a second: a limit it could reach would time the refusals.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_SECRET: 'long-poll-overshoot-bench',
      LOG_LEVEL: 'info',
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  )
    await sleep(200);
  const signIn = await fetch(`${url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return {
    dir,
    url,
    child,
    token: accessToken,
    takeOvershoots() {
      const lines = output.split('\n').filter((line) => line.includes('"longPollOvershootMs"'));
      output = '';
      return lines.map((line) => (JSON.parse(line) as { longPollOvershootMs: number }).longPollOvershootMs);
    },
  };
}

async function round(server: Server): Promise<number[]> {
  server.takeOvershoots();
  const topic = `overshoot-${Date.now()}`;
  const timeoutAt = Date.now() + 15_000;
  const polls: Promise<string>[] = [];
  for (let wave = 0; wave < WAVES; wave++) {
    for (let i = 0; i < POLLS_PER_WAVE; i++) {
      const body = {
        workerId: `w${wave}-${i}`,
        topics: [topic],
        waitMs: Math.max(1, timeoutAt - Date.now()),
      };
      polls.push(
        fetch(`${server.url}/api/worker-requests/fetch-and-lock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${server.token}` },
          body: JSON.stringify(body),
        }).then((r) => r.text()),
      );
    }
    await sleep(200);
  }
  await Promise.all(polls);
  await sleep(1_500); // the last log lines, read through a pipe
  return server.takeOvershoots();
}

const [roundsArgument = '3', ...dirArguments] = process.argv.slice(2);
const dirs = (dirArguments.length ? dirArguments : ['.']).map((d) => path.resolve(d));
const servers: Server[] = [];
try {
  for (const [i, dir] of dirs.entries()) servers.push(await startServer(dir, `bpm_lp_bench_${i}`));
  const all = servers.map(() => [] as number[]);
  for (let r = 0; r < Number(roundsArgument); r++) {
    for (const [i, server] of servers.entries()) {
      const overshoots = await round(server);
      all[i].push(...overshoots);
      const load = os.loadavg()[0].toFixed(1);
      console.log(`round ${r + 1} ${server.dir}: ${report(overshoots)} (load average ${load})`);
    }
  }
  for (const [i, server] of servers.entries()) console.log(`all rounds ${server.dir}: ${report(all[i])}`);
} finally {
  await Promise.all(
    servers.map((server) => new Promise((resolve) => server.child.once('exit', resolve).kill('SIGKILL'))),
  );
  const cluster = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  for (const i of dirs.keys()) await cluster.unsafe(`drop database if exists bpm_lp_bench_${i} with (force)`);
  await cluster.end();
}
