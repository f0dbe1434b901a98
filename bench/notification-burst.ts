// Whether a storm of incidents, each pushed to a webhook, slows the API or the worker protocol (delivery
// is off the request path). One server (tsx server/http.ts, production, API only) on a fresh
// PostgreSQL database next to BENCH_DATABASE_URL, two real HTTP receivers (one answering 204 at once, one
// that takes SLOW_MS to answer), and two subscriptions: every incident.created to the fast receiver, and
// one incident in SLOW_EVERY to the slow one (a node id filter).
//
//   npx tsx bench/notification-burst.ts [incidents=10000] [--in-process]
//   BENCH_PORT=3520 BENCH_DATABASE_NAME=bpm_burst_mine npx tsx bench/notification-burst.ts
//
// The incidents are reported first with both subscriptions disabled (their events wait in the feed). Then
// ROUNDS rounds of ROUND_MS alternate between quiet (subscriptions disabled) and delivering (enabled), in the
// order Q D D Q Q D D Q ... so neither side always runs first on a warmer or busier machine. In each round,
// PROBE_CALLERS callers probe the API (GET /api/incidents/{id}) and as many the worker protocol (a request
// created, then timed: fetch-and-lock and complete). The result is delivering/quiet over all rounds of each
// side, for requests per second and the median and p95: the machine is shared, so absolute figures drift
// and only the ratio within one run means anything. Each side's CPU time is reported too (Linux /proc): the
// server process's, all its threads, and its database's PostgreSQL backends', in cores (CPU seconds a
// second): on a machine others load, throughput swings with them, while the CPU a side takes says what the
// deliveries cost more steadily. Afterwards both subscriptions stay enabled until every
// event is delivered, which is timed too.
//
// --in-process runs the deliverer in the server's thread and pool (NOTIFICATION_DELIVERER=in-process), as it
// once was, for comparison.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import postgres from 'postgres';

const BASE_URL = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = process.env.BENCH_DATABASE_NAME || 'bpm_burst_bench';
/** The server's port; the receivers take the next two. Unset: free ports. */
const BENCH_PORT = process.env.BENCH_PORT ? Number(process.env.BENCH_PORT) : undefined;
const PASSWORD = 'Bench-password-1';
const args = process.argv.slice(2);
const IN_PROCESS = args.includes('--in-process');
const INCIDENTS = Number(args.find((a) => /^\d+$/.test(a)) ?? 10_000);
const ROUND_MS = Number(process.env.ROUND_MS ?? 4_000);
const ROUNDS = Number(process.env.ROUNDS ?? 12);
const PROBE_CALLERS = 4;
/** How long to wait, after the rounds, for every event to be delivered (0: report and stop). */
const DRAIN_MS = Number(process.env.DRAIN_MS ?? 600_000);
const SLOW_EVERY = 100;
const SLOW_MS = 1_000;

const CLOCK_TICKS = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }));

/** CPU seconds (user and system) a process has used, from /proc/<pid>/stat (0 once it is gone). */
function cpuSecondsOf(pid: number): number {
  try {
    // After the command's closing parenthesis: the state is field 3, utime and stime fields 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

function freePort(offset: number): Promise<number> {
  if (BENCH_PORT) return Promise.resolve(BENCH_PORT + offset);
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A receiver that counts deliveries, answering 204 after `delayMs`. */
async function startReceiver(portOffset: number, delayMs: number) {
  let received = 0;
  const server = createHttpServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      setTimeout(() => res.writeHead(204).end(), delayMs);
    });
  });
  const port = await freePort(portOffset);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function startServer(): Promise<{
  url: string;
  child: ChildProcess;
  token: string;
  databaseUrl: string;
}> {
  const cluster = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await cluster.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await cluster.unsafe(`create database ${DATABASE}`);
  await cluster.end();
  const databaseUrl = new URL(BASE_URL);
  databaseUrl.pathname = `/${DATABASE}`;
  const port = await freePort(0);
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/http.ts'], {
    env: {
      ...process.env,
      API_ONLY: 'true',
      NODE_ENV: 'production',
      // The bench's one token sends thousands of requests a second: a limit it could reach would time the refusals.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      AUTH_SECRET: 'notification-burst-bench',
      LOG_LEVEL: 'warn',
      DATABASE_URL: databaseUrl.toString(),
      PORT: String(port),
      WEB_CONCURRENCY: '1',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: PASSWORD,
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
      NOTIFICATION_DELIVERER: IN_PROCESS ? 'in-process' : 'thread',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const up = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    await sleep(200);
  }
  const signIn = await fetch(`${url}/api/tokens`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: PASSWORD }),
  });
  const { accessToken } = (await signIn.json()) as { accessToken: string };
  return { url, child, token: accessToken, databaseUrl: databaseUrl.toString() };
}

const fast = await startReceiver(1, 0);
const slow = await startReceiver(2, SLOW_MS);
const server = await startServer();
const call = async <T = { id: number }>(method: string, path: string, body?: unknown) => {
  const res = await fetch(`${server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<T>;
};
const benchDb = postgres(server.databaseUrl, { max: 1, onnotice: () => {} });
let reference = 0;
const report = () => {
  const n = ++reference;
  return call('POST', '/incidents', {
    processInstanceId: 1 + (n % 500),
    nodeId: n % SLOW_EVERY === 0 ? 'Task_Slow' : `Task_${n % 20}`,
    source: 'PROCESS_ENGINE',
    severity: 'HIGH',
    message: `Storm ${n}`,
    externalReferenceId: `storm:${n}`,
  });
};

interface Samples {
  api: number[];
  worker: number[];
  ms: number;
  /** CPU seconds used meanwhile by the server process and by its database's backends. */
  serverCpu: number;
  databaseCpu: number;
}

/** Latencies of the API and of the worker protocol for `ms`, PROBE_CALLERS callers each, and the CPU used. */
async function probe(incidentId: number, ms: number): Promise<Samples> {
  const cpuBefore = await cpuNow();
  const api: number[] = [];
  const worker: number[] = [];
  const end = Date.now() + ms;
  const apiCaller = async () => {
    while (Date.now() < end) {
      const started = performance.now();
      await call('GET', `/incidents/${incidentId}`);
      api.push(performance.now() - started);
    }
  };
  const workerCaller = async (i: number) => {
    const workerId = `probe-${i}`;
    const topic = `probe-topic-${i}`;
    while (Date.now() < end) {
      await call('POST', '/worker-requests', { processInstanceId: 90_000 + i, nodeId: 'Task_Probe', topic });
      const started = performance.now();
      const [locked] = await call<{ id: number }[]>('POST', '/worker-requests/fetch-and-lock', {
        workerId,
        topics: [topic],
        maxTasks: 1,
        waitMs: 0,
      });
      if (!locked) throw new Error('fetch-and-lock handed out nothing');
      await call('POST', `/worker-requests/${locked.id}/complete`, { workerId, result: { ok: true } });
      worker.push(performance.now() - started);
    }
  };
  await Promise.all([
    ...Array.from({ length: PROBE_CALLERS }, apiCaller),
    ...Array.from({ length: PROBE_CALLERS }, (_, i) => workerCaller(i)),
  ]);
  const cpuAfter = await cpuNow();
  const databaseCpu = [...cpuAfter.backends].reduce(
    (sum, [pid, seconds]) => sum + seconds - (cpuBefore.backends.get(pid) ?? 0),
    0,
  );
  return { api, worker, ms, serverCpu: cpuAfter.server - cpuBefore.server, databaseCpu };
}

/** CPU seconds so far of the server process and of each backend connected to its database (but ours). */
async function cpuNow() {
  const rows = await benchDb<{ pid: number }[]>`
    select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`;
  return {
    server: cpuSecondsOf(server.child.pid!),
    backends: new Map(rows.map(({ pid }) => [pid, cpuSecondsOf(pid)])),
  };
}
const cores = (seconds: number, ms: number) => (seconds / (ms / 1000)).toFixed(2);

const perSecond = (values: number[], ms: number) => values.length / (ms / 1000);
const describe = (values: number[], ms: number) =>
  `${perSecond(values, ms).toFixed(0)}/s, p50 ${percentile(values, 50).toFixed(1)} ms, ` +
  `p95 ${percentile(values, 95).toFixed(1)} ms`;

const delivered = () => fast.received() + slow.received();
// The fast receiver gets every incident (the burst and the probe's target), the slow one every SLOW_EVERY-th.
const slowExpected = Math.floor((INCIDENTS + 1) / SLOW_EVERY);
const wantedTotal = INCIDENTS + 1 + slowExpected;

try {
  const subscriptions = [
    await call('POST', '/admin/webhooks', {
      name: 'storm',
      url: fast.url,
      eventTypes: ['incident.created'],
    }),
    await call('POST', '/admin/webhooks', {
      name: 'storm, slow receiver',
      url: slow.url,
      eventTypes: ['incident.created'],
      nodeIds: ['Task_Slow'],
    }),
  ];
  // In the database, not through the API: enabling through the API sends only what happens from then on
  // (the cursor moves to the feed's head), while the storm's events must wait in the feed for the rounds.
  const ids = subscriptions.map((s) => s.id);
  const setDelivering = async (enabled: boolean) => {
    await benchDb`update webhook_subscriptions set enabled = ${enabled} where id in ${benchDb(ids)}`;
  };
  await setDelivering(false);

  console.log(
    `deliverer ${IN_PROCESS ? 'in the server thread (in-process)' : 'in its own thread'}; ` +
      `${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)}`,
  );
  const burstStarted = Date.now();
  for (let sent = 0; sent < INCIDENTS; sent += 32) {
    await Promise.all(Array.from({ length: Math.min(32, INCIDENTS - sent) }, () => report()));
  }
  console.log(
    `burst: ${INCIDENTS} incidents reported in ${((Date.now() - burstStarted) / 1000).toFixed(1)} s ` +
      `(subscriptions disabled: ${INCIDENTS} events to the fast receiver, ${slowExpected} to the slow one wait)`,
  );
  const target = await report();
  await probe(target.id, ROUND_MS); // warm-up: the first seconds of a fresh process run cold code

  const sides = {
    quiet: { api: [] as number[], worker: [] as number[], ms: 0, serverCpu: 0, databaseCpu: 0 },
    delivering: { api: [] as number[], worker: [] as number[], ms: 0, serverCpu: 0, databaseCpu: 0 },
  };
  const pairs: { quiet?: Samples; delivering?: Samples }[] = [];
  const deliveryStarted = Date.now();
  for (let round = 0; round < ROUNDS; round++) {
    // Q D D Q Q D D Q ...
    const delivering = Math.floor((round + 1) / 2) % 2 === 1;
    await setDelivering(delivering);
    const before = delivered();
    const samples = await probe(target.id, ROUND_MS);
    const side = delivering ? sides.delivering : sides.quiet;
    side.api.push(...samples.api);
    side.worker.push(...samples.worker);
    side.ms += samples.ms;
    side.serverCpu += samples.serverCpu;
    side.databaseCpu += samples.databaseCpu;
    (pairs[Math.floor(round / 2)] ??= {})[delivering ? 'delivering' : 'quiet'] = samples;
    console.log(
      `round ${round + 1} ${delivering ? 'delivering' : 'quiet     '} ${delivered() - before} deliveries; ` +
        `GET incident ${describe(samples.api, samples.ms)}; worker cycle ${describe(samples.worker, samples.ms)}; ` +
        `CPU server ${cores(samples.serverCpu, samples.ms)}, database ${cores(samples.databaseCpu, samples.ms)} cores; ` +
        `load ${os.loadavg()[0].toFixed(1)}`,
    );
  }
  for (const [name, key] of [
    ['GET /api/incidents/{id}', 'api'],
    ['worker cycle (fetch-and-lock + complete)', 'worker'],
  ] as const) {
    const q = sides.quiet[key];
    const d = sides.delivering[key];
    const pairRatios = pairs.map((p) =>
      (perSecond(p.delivering![key], p.delivering!.ms) / perSecond(p.quiet![key], p.quiet!.ms)).toFixed(2),
    );
    console.log(
      `${name}: quiet ${describe(q, sides.quiet.ms)}; delivering ${describe(d, sides.delivering.ms)}\n` +
        `  delivering/quiet: requests/s ${(perSecond(d, sides.delivering.ms) / perSecond(q, sides.quiet.ms)).toFixed(2)}, ` +
        `p50 ${(percentile(d, 50) / percentile(q, 50)).toFixed(2)}, p95 ${(percentile(d, 95) / percentile(q, 95)).toFixed(2)}; ` +
        `requests/s per pair ${pairRatios.join(' ')}`,
    );
  }

  for (const [name, side] of Object.entries(sides)) {
    console.log(
      `CPU ${name}: server ${cores(side.serverCpu, side.ms)} cores, its database's backends ` +
        `${cores(side.databaseCpu, side.ms)} cores`,
    );
  }

  await setDelivering(true);
  const deadline = Date.now() + DRAIN_MS;
  while (delivered() < wantedTotal && Date.now() < deadline) await sleep(500);
  console.log(
    `delivered ${fast.received()} + ${slow.received()} (slow) of ${wantedTotal} events; the last ` +
      `${((Date.now() - deliveryStarted) / 1000).toFixed(1)} s after delivery first began (half of the rounds paused it)`,
  );
} finally {
  await benchDb.end();
  server.child.kill('SIGTERM');
  await new Promise((resolve) => server.child.once('exit', resolve));
  await fast.close();
  await slow.close();
  const cluster = postgres(BASE_URL, { max: 1, onnotice: () => {} });
  await cluster.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await cluster.end();
}
