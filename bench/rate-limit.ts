// npm run bench:rate-limit: does one runaway token slow anyone else down, and is it kept to its limit? The
// compiled server with the console (dist/server/http.mjs after npm run build) on a fresh PostgreSQL database
// next to BENCH_DATABASE_URL, as deployed by default: BENCH_WEB_CONCURRENCY API processes (2, two cores'
// worth), which share each token's budget; its per-token limits as shipped (API_RATE_LIMIT_PER_MINUTE unset:
// 6,000 a minute).
//
// A service account's token limited to BENCH_FLOOD_LIMIT requests a minute (3,000) sends ten times that
// (from a process of its own, so that its sending does not slow the bench's own clock; timed once the burst
// its budget allows is spent, so that nine in ten of its requests are refused), while two others are
// timed, each one call after the last at BENCH_PROBE_RATE calls a second (40): another service account's
// token reading an incident over REST, and a signed-in console reading one over tRPC with its session cookie
// (which has no budget). Each is timed quiet, beside the flood and quiet again, BENCH_PHASE_SECONDS (15) each;
// the table gives each p95 and the flood's against the mean of the two quiet ones (the aim: within 10%), and
// what the flood was answered (429s and their share), its admitted requests against what its limit allows
// over the time it ran (a full minute's burst, then the refill: docs/contract.md §10). Then the resident
// memory of each of the server's processes, idle after its start and at the end of the load.
import { spawn, type ChildProcess } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stopProcessGroup } from '../scripts/process-group';
import { assertPortsFree } from './ratio';
import {
  BENCH_ADMIN,
  adminToken,
  BENCH_PORT,
  freshDatabase,
  ensureCompiledServer,
  idleMemory,
  memoryTable,
  percentile,
  processTreeCpuSeconds,
  processTreeMemory,
  startServer,
  waitForHealth,
} from './server';

const DATABASE_NAME = 'bpm_rate_limit_bench';
const PORT = BENCH_PORT;
const FLOOD_LIMIT = Number(process.env.BENCH_FLOOD_LIMIT || 3_000);
const PROBE_RATE = Number(process.env.BENCH_PROBE_RATE || 40);
const PHASE_SECONDS = Number(process.env.BENCH_PHASE_SECONDS || 15);
const WEB_CONCURRENCY = process.env.BENCH_WEB_CONCURRENCY || '2';
const root = process.cwd();
const base = `http://127.0.0.1:${PORT}`;

type Phase = 'quiet before' | 'beside the flood' | 'quiet after';

async function json<T>(res: Response): Promise<T> {
  const text = await res.text();
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}

/** A service account with the administrators' permission, and a token of it limited to `limit` (null: default). */
async function serviceAccountToken(admin: string, name: string, limit: number | null): Promise<string> {
  const headers = { authorization: `Bearer ${admin}`, 'content-type': 'application/json' };
  const account = await json<{ id: number }>(
    await fetch(`${base}/api/admin/service-accounts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name, permissionCodes: ['ACCESS_BPM_ADMIN'], rateLimitPerMinute: limit }),
    }),
  );
  const created = await json<{ token: string }>(
    await fetch(`${base}/api/admin/service-accounts/${account.id}/tokens`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: `${name} token` }),
    }),
  );
  return created.token;
}

/** The console's session cookie, signed in as its form does (next-auth's credentials callback). */
async function consoleCookie(): Promise<string> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const csrfCookie = csrf.headers.getSetCookie().map((c) => c.split(';')[0]);
  const { csrfToken } = await json<{ csrfToken: string }>(csrf);
  const res = await fetch(`${base}/api/auth/callback/credentials`, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      origin: base,
      cookie: csrfCookie.join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    body: new URLSearchParams({ csrfToken, ...BENCH_ADMIN, callbackUrl: `${base}/`, json: 'true' }),
  });
  const session = res.headers.getSetCookie().find((c) => /session-token=/.test(c));
  if (!session) throw new Error(`the console's sign-in set no session cookie: ${res.status}`);
  return session.split(';')[0];
}

/**
 * `call` at `rate` a second for `seconds`, each one after the last (a call that overruns its slot starts the
 * next at once); the time of each.
 */
async function paced(call: () => Promise<void>, seconds: number): Promise<number[]> {
  const times: number[] = [];
  const interval = 1000 / PROBE_RATE;
  const start = performance.now();
  for (let next = start; next < start + seconds * 1000; next += interval) {
    const wait = next - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const sent = performance.now();
    await call();
    times.push(performance.now() - sent);
  }
  return times;
}

/**
 * The flood, from a process of its own: `perSecond` reads of one incident with `token`, sent in slices of
 * 10 ms without waiting for the answers; it prints how they were answered when stopped.
 */
function startFlood(token: string, id: number, perSecond: number): ChildProcess {
  const script = `
    const answers = {};
    const send = () => fetch(${JSON.stringify(`${base}/api/incidents/${id}`)}, {
      headers: { authorization: ${JSON.stringify(`Bearer ${token}`)} },
    }).then(async (r) => { await r.arrayBuffer(); answers[r.status] = (answers[r.status] ?? 0) + 1; },
            () => { answers.error = (answers.error ?? 0) + 1; });
    let owed = 0;
    const timer = setInterval(() => {
      owed += ${perSecond} / 100;
      for (; owed >= 1; owed--) send();
    }, 10);
    process.on('SIGTERM', () => { clearInterval(timer); console.log(JSON.stringify(answers)); process.exit(0); });
  `;
  return spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
}

async function main() {
  ensureCompiledServer(root);
  await assertPortsFree([PORT]);
  const database = await freshDatabase(DATABASE_NAME);
  const logFile = path.join(tmpdir(), 'bpm-bench-rate-limit.log');
  // The console too: its tRPC is one of the callers timed. The limits as shipped.
  const server = startServer(
    root,
    PORT,
    { DATABASE_URL: database.url, API_ONLY: 'false', WEB_CONCURRENCY },
    logFile,
  );
  let flood: ChildProcess | undefined;
  try {
    await waitForHealth(base, server, logFile);
    const idle = await idleMemory(server.pid!);
    const admin = await adminToken(base);
    const incident = await json<{ id: number }>(
      await fetch(`${base}/api/incidents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          processInstanceId: 4242,
          nodeId: 'charge-card',
          source: 'PROCESS_ENGINE',
          severity: 'HIGH',
          message: 'payment gateway unreachable',
          externalReferenceId: `rate-limit-bench:${Date.now()}`,
        }),
      }),
    );
    const runaway = await serviceAccountToken(admin, 'bench-runaway', FLOOD_LIMIT);
    const other = await serviceAccountToken(admin, 'bench-other', null);
    const cookie = await consoleCookie();
    const ok = async (res: Response) => void (await json(res));
    const callers = {
      'another token, REST GET /incidents/{id}': () =>
        fetch(`${base}/api/incidents/${incident.id}`, { headers: { authorization: `Bearer ${other}` } }).then(
          ok,
        ),
      'the console, tRPC incidents.get': () =>
        fetch(
          `${base}/api/trpc/incidents.get?input=${encodeURIComponent(JSON.stringify({ id: incident.id }))}`,
          {
            headers: { cookie, 'sec-fetch-site': 'same-origin' },
          },
        ).then(ok),
    };
    // Warm both paths up first.
    for (const call of Object.values(callers)) await paced(call, 2);

    const results = new Map<string, Map<Phase, number>>();
    const serverCpu = new Map<Phase, number>();
    let floodAnswers = '';
    let floodStartedAt = 0;
    let floodSeconds = 0;
    for (const phase of ['quiet before', 'beside the flood', 'quiet after'] as Phase[]) {
      if (phase === 'beside the flood') {
        const perSecond = (FLOOD_LIMIT * 10) / 60;
        flood = startFlood(runaway, incident.id, perSecond);
        floodStartedAt = performance.now();
        // A quiet token may burst its whole minute's budget (GCRA, server/transport/token-rate-limit.ts): the
        // flood is timed once that is spent, when all but its limit's share is refused.
        const burstSeconds = FLOOD_LIMIT / (perSecond - FLOOD_LIMIT / 60);
        await new Promise((r) => setTimeout(r, (burstSeconds + 1) * 1000));
      }
      const cpuBefore = processTreeCpuSeconds(server.pid!);
      const timed = await Promise.all(
        Object.entries(callers).map(
          async ([name, call]) => [name, await paced(call, PHASE_SECONDS)] as const,
        ),
      );
      serverCpu.set(phase, processTreeCpuSeconds(server.pid!) - cpuBefore);
      for (const [name, times] of timed) {
        const p95 = percentile(
          [...times].sort((a, b) => a - b),
          0.95,
        );
        if (!results.has(name)) results.set(name, new Map());
        results.get(name)!.set(phase, p95);
      }
      if (flood) {
        const out: Buffer[] = [];
        flood.stdout!.on('data', (chunk: Buffer) => out.push(chunk));
        const exited = new Promise((r) => flood!.once('exit', r));
        flood.kill('SIGTERM');
        floodSeconds = (performance.now() - floodStartedAt) / 1000;
        await exited;
        floodAnswers = Buffer.concat(out).toString().trim();
        flood = undefined;
      }
    }

    const endOfLoad = processTreeMemory(server.pid!);

    const answers = JSON.parse(floodAnswers || '{}') as Record<string, number>;
    const sent = Object.values(answers).reduce((a, b) => a + b, 0);
    console.log(
      `\nOne token limited to ${FLOOD_LIMIT}/min sending ${FLOOD_LIMIT * 10}/min: ${sent} requests, ` +
        Object.entries(answers)
          .map(([status, n]) => `${n} × ${status}`)
          .join(', ') +
        ` (${(((answers['429'] ?? 0) / Math.max(1, sent)) * 100).toFixed(1)}% refused)`,
    );
    const allowed = FLOOD_LIMIT + (FLOOD_LIMIT * floodSeconds) / 60;
    console.log(
      `Admitted ${answers['200'] ?? 0} over its ${floodSeconds.toFixed(1)} s across ${WEB_CONCURRENCY} API ` +
        `processes; its limit allows ${Math.round(allowed)} (${(((answers['200'] ?? 0) / allowed) * 100).toFixed(1)}%)`,
    );
    const quietCpu = (serverCpu.get('quiet before')! + serverCpu.get('quiet after')!) / 2;
    console.log(
      `The server's CPU a phase: ${[...serverCpu].map(([phase, s]) => `${phase} ${s.toFixed(2)} s`).join(', ')}` +
        ` (the flood's share: ${(((serverCpu.get('beside the flood')! - quietCpu) / PHASE_SECONDS) * 100).toFixed(0)}%` +
        ' of a core)',
    );
    console.log(`Others timed at ${PROBE_RATE} calls/s, ${PHASE_SECONDS} s a phase\n`);
    console.log('| caller | p95 quiet before | p95 beside the flood | p95 quiet after | flood / quiet |');
    console.log('|---|---|---|---|---|');
    for (const [name, phases] of results) {
      const quiet = (phases.get('quiet before')! + phases.get('quiet after')!) / 2;
      const ms = (phase: Phase) => `${phases.get(phase)!.toFixed(2)} ms`;
      console.log(
        `| ${name} | ${ms('quiet before')} | ${ms('beside the flood')} | ${ms('quiet after')} | ` +
          `${(phases.get('beside the flood')! / quiet).toFixed(2)} |`,
      );
    }
    console.log(`\nResident memory of the server's processes (VmRSS)\n`);
    console.log(memoryTable({ idle, 'end of load': endOfLoad }));
  } finally {
    if (flood) flood.kill('SIGKILL');
    await stopProcessGroup(server);
    await database.drop();
  }
}

void main();
