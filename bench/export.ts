// The incidents' CSV export at scale (docs/contract.md §6, "Export"): rows a second and the server's memory
// while it writes N incidents to a client that reads as fast as it can, and to one that reads slowly.
//
//   npx tsx bench/export.ts [incidents=100000] [query string of the export, e.g. nodeId=Task_1,Task_2]
//
// BENCH_REUSE=1 keeps the database of the last run (when it holds the incidents) instead of making it again.
// Node `Task_<g % 200>` holds incident g: 20 nodes are a tenth of the incidents.
//
// The server (tsx server/http.ts, production) runs on a fresh database bpm_export_bench next to
// BENCH_DATABASE_URL (dropped at the end); the incidents are written in one statement per 10,000 with
// messages of about 120 characters. Memory is the server process's resident set (/proc/<pid>/status, VmRSS),
// sampled every 20 ms (one server process: WEB_CONCURRENCY=1), and its heap as its metrics report it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import postgres from 'postgres';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = 'bpm_export_bench';
const PASSWORD = 'Bench-password-1';
const N = Number(process.argv[2] ?? 100_000);
const QUERY = process.argv[3] ?? '';
const REUSE = process.env.BENCH_REUSE === '1';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

const rssOf = (pid: number) =>
  Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) * 1024;

async function heapOf(url: string, token: string): Promise<number> {
  const text = await (
    await fetch(`${url}/api/metrics`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  return Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(text)?.[1] ?? NaN);
}

async function main() {
  const cluster = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  const [{ exists }] = await cluster`select exists (select from pg_database where datname = ${DATABASE})`;
  const reused = REUSE && exists;
  if (!reused) {
    await cluster.unsafe(`drop database if exists ${DATABASE} with (force)`);
    await cluster.unsafe(`create database ${DATABASE}`);
  }
  const databaseUrl = new URL(BASE_URL);
  databaseUrl.pathname = `/${DATABASE}`;
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/http.ts'], {
    env: {
      ...process.env,
      API_ONLY: 'true',
      // One process, so that the memory measured is the process that writes the file.
      WEB_CONCURRENCY: '1',
      NODE_ENV: 'production',
      AUTH_SECRET: 'export-bench-secret-of-32-characters',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  let exited = false;
  child.once('exit', () => (exited = true));
  try {
    while (
      !(await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      ))
    )
      if (exited) throw new Error('the server did not start');
      else await sleep(200);
    const db = postgres(databaseUrl.toString(), { max: 1, onnotice: () => {} });
    for (let from = 1; !reused && from <= N; from += 10_000) {
      await db.unsafe(
        `insert into incidents (process_instance_id, node_id, status, severity, source, message, technical_details,
           external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at)
         select 1000 + g % 500, 'Task_' || (g % 200), (array['OPEN','ACKNOWLEDGED','RESOLVED'])[1 + g % 3]::incident_status,
                (array['LOW','MEDIUM','HIGH','CRITICAL'])[1 + g % 4]::incident_severity, 'PROCESS_ENGINE',
                'Payment gateway refused order ' || g || ', "card declined": retry after the issuer answers, or resolve by hand',
                '', 'bench:' || g, 1, now(), now(), now()
         from generate_series(${from}, ${Math.min(N, from + 9_999)}) g`,
      );
    }
    if (!reused) await db.unsafe('vacuum analyze incidents');
    await db.end();
    const signIn = await fetch(`${url}/api/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: PASSWORD }),
    });
    const { accessToken } = (await signIn.json()) as { accessToken: string };
    const headers = { authorization: `Bearer ${accessToken}` };

    for (const [name, pauseMs] of [
      ['fast reader', 0],
      ['fast reader', 0],
      ['slow reader (10 ms pause every 64 KiB read)', 10],
    ] as const) {
      const rssBefore = rssOf(child.pid!);
      const heapBefore = await heapOf(url, accessToken);
      let rssPeak = rssBefore;
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssOf(child.pid!))), 20);
      const startedAt = performance.now();
      const answer = await fetch(`${url}/api/incidents/export?${QUERY}`, { headers });
      const reader = answer.body!.getReader();
      let bytes = 0;
      let lines = 0;
      let sincePause = 0;
      let heapPeak = heapBefore;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        bytes += value.length;
        for (const byte of value) if (byte === 10) lines++;
        sincePause += value.length;
        if (pauseMs && sincePause >= 65_536) {
          sincePause = 0;
          await sleep(pauseMs);
          heapPeak = Math.max(heapPeak, await heapOf(url, accessToken));
        }
      }
      const seconds = (performance.now() - startedAt) / 1000;
      clearInterval(sampler);
      console.log(
        `${name}: ${lines - 1} rows, ${mb(bytes)} in ${seconds.toFixed(2)} s = ${Math.round((lines - 1) / seconds)} rows/s; ` +
          `server RSS ${mb(rssBefore)} before, peak ${mb(rssPeak)} (+${mb(rssPeak - rssBefore)}); ` +
          `heap ${mb(heapBefore)} before${pauseMs ? `, peak sampled ${mb(heapPeak)}` : ''}`,
      );
    }
  } finally {
    if (!exited) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    if (!REUSE) await cluster.unsafe(`drop database if exists ${DATABASE} with (force)`);
    await cluster.end();
  }
}

void main();
