// npm run bench:storm: an incident storm as engines send it. The compiled server (dist/server/http.mjs, what
// npm start runs; built when missing) on a fresh PostgreSQL database next to BENCH_DATABASE_URL, then on a
// fresh embedded PGlite directory, gets BENCH_STORM_REPORTS (1,000) concurrent reports twice: each of a
// distinct incident, then all of one incident. For each storm it prints what was answered (by status and
// problem code), reports per second, the p50 and p99 of the answers and the server process's CPU per report
// (PostgreSQL's own not counted); then it stops the server and counts what the database holds, so that every
// answer is checked against it: a report answered 200 was stored, one answered otherwise was not, and one
// incident's occurrences equal the reports it accepted.
//
// Then, on the same server, the rest of the API is timed beside a paced storm (BENCH_STORM_PACED_REPORTS,
// 10,000, reports of distinct incidents in BENCH_STORM_PACED_SECONDS, 60; 0 reports skips it): the board's
// first page, an incident's page and a worker's cycle, one client each, quiet for BENCH_STORM_QUIET_SECONDS
// (15) and then beside the storm; it prints each one's p95 both ways and their ratio.
//
// BENCH_BUSY_CORE=1 keeps one core busy with a loop in another process meanwhile, as another tenant of a
// shared machine would. Other settings: BENCH_DATABASE_URL, BENCH_PORT (3400), BENCH_STORM_DATABASES
// (`postgres,pglite`: one of them, or both).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, rowsOf, type Database } from '../db/client';
import { stopProcessGroup } from '../scripts/process-group';
import { assertPortsFree } from './ratio';
import {
  adminToken,
  BENCH_PORT,
  cpuSeconds,
  freshDatabase,
  ensureCompiledServer,
  percentile,
  startServer,
  waitForHealth,
} from './server';

const DATABASE_NAME = 'bpm_storm_bench';
const PORT = BENCH_PORT;
const REPORTS = Number(process.env.BENCH_STORM_REPORTS || 1000);
const BUSY_CORE = process.env.BENCH_BUSY_CORE === '1';
const DATABASES = (process.env.BENCH_STORM_DATABASES || 'postgres,pglite').split(',');
/** The paced storm beside which the rest of the API is timed: this many reports in PACED_SECONDS. */
const PACED_REPORTS = Number(process.env.BENCH_STORM_PACED_REPORTS || 10_000);
const PACED_SECONDS = Number(process.env.BENCH_STORM_PACED_SECONDS || 60);
/** How long the rest of the API is timed on the quiet server first. */
const QUIET_SECONDS = Number(process.env.BENCH_STORM_QUIET_SECONDS || 15);
const root = process.cwd();
const apiBase = `http://127.0.0.1:${PORT}`;

interface Answer {
  status: number;
  /** The problem's code, or the network error's, for anything but a 200. */
  code?: string;
  ms: number;
}

interface StormResult {
  database: string;
  storm: 'distinct incidents' | 'one incident';
  answers: Answer[];
  seconds: number;
  /** CPU seconds the server process (all its threads) spent on the storm. */
  serverCpu: number;
  /** Rows (distinct) or occurrences (one incident) the database holds afterwards. */
  stored?: number;
}

/** REPORTS reports at once, the i-th naming `referenceOf(i)`; every answer with its time. */
async function storm(bearer: string, referenceOf: (i: number) => string): Promise<[Answer[], number]> {
  const started = performance.now();
  const answers = await Promise.all(
    Array.from({ length: REPORTS }, async (_, i): Promise<Answer> => {
      const sent = performance.now();
      try {
        const res = await fetch(`${apiBase}/api/incidents`, {
          method: 'POST',
          headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            processInstanceId: 100_000 + i,
            nodeId: 'charge-card',
            source: 'PROCESS_ENGINE',
            severity: 'HIGH',
            message: 'payment gateway unreachable',
            externalReferenceId: referenceOf(i),
          }),
        });
        const body = await res.text();
        const code = res.ok ? undefined : ((JSON.parse(body) as { code?: string }).code ?? body.slice(0, 60));
        return { status: res.status, code, ms: performance.now() - sent };
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause;
        return { status: 0, code: cause?.code ?? String(error), ms: performance.now() - sent };
      }
    }),
  );
  return [answers, (performance.now() - started) / 1000];
}

/** What the database holds of one run's storms: incidents of the distinct storm, occurrences of the one. */
async function stored(database: Database, run: string): Promise<{ distinct: number; occurrences: number }> {
  const [row] = rowsOf<{ distinct: number; occurrences: number | null }>(
    await database.db.execute(sql`
      select
        (select count(*)::int from incidents where external_reference_id like ${`storm-${run}:%`}) as distinct,
        (select sum(occurrence_count)::int from incidents where external_reference_id = ${`storm-${run}-one:1`})
          as occurrences`),
  );
  return { distinct: row.distinct, occurrences: row.occurrences ?? 0 };
}

/** The operations timed beside a storm: what the board, an incident's page and a worker do meanwhile. */
type Probe = 'list, first page' | 'incident {id}' | 'worker: publish, fetch-and-lock, complete';

/**
 * Times the rest of the API for `seconds`, one client per operation, each call after the last: the board's
 * first page, an incident's page (one of `ids`), and a worker's cycle (a request published, taken, completed).
 */
async function probe(bearer: string, ids: number[], seconds: number): Promise<Map<Probe, number[]>> {
  const until = performance.now() + seconds * 1000;
  const headers = { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' };
  const times = new Map<Probe, number[]>();
  const timed = async (name: Probe, call: () => Promise<void>) => {
    const taken: number[] = [];
    times.set(name, taken);
    while (performance.now() < until) {
      const started = performance.now();
      await call();
      taken.push(performance.now() - started);
    }
  };
  const ok = async (res: Response) => {
    const text = await res.text();
    if (!res.ok) throw new Error(`${res.url}: ${res.status} ${text.slice(0, 200)}`);
    return text ? (JSON.parse(text) as unknown) : undefined;
  };
  const topic = `storm-probe-${Date.now().toString(36)}`;
  let n = 0;
  await Promise.all([
    timed('list, first page', async () => {
      await ok(await fetch(`${apiBase}/api/incidents`, { headers }));
    }),
    timed('incident {id}', async () => {
      await ok(await fetch(`${apiBase}/api/incidents/${ids[n++ % ids.length]}`, { headers }));
    }),
    timed('worker: publish, fetch-and-lock, complete', async () => {
      const post = (p: string, body: unknown) =>
        fetch(`${apiBase}/api${p}`, { method: 'POST', headers, body: JSON.stringify(body) }).then(ok);
      await post('/worker-requests', { processInstanceId: 777, nodeId: 'probe', topic });
      const [task] = (await post('/worker-requests/fetch-and-lock', {
        workerId: 'probe',
        topics: [topic],
        waitMs: 0,
      })) as { id: number }[];
      await post(`/worker-requests/${task.id}/complete`, { workerId: 'probe' });
    }),
  ]);
  return times;
}

/** PACED_REPORTS reports of distinct incidents (in 50 groups) sent at an even pace over PACED_SECONDS. */
async function pacedStorm(bearer: string, run: string): Promise<Answer[]> {
  const interval = (PACED_SECONDS * 1000) / PACED_REPORTS;
  const started = performance.now();
  const sent: Promise<Answer>[] = [];
  for (let i = 0; i < PACED_REPORTS; i++) {
    const due = started + i * interval;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const at = performance.now();
    sent.push(
      fetch(`${apiBase}/api/incidents`, {
        method: 'POST',
        headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          processInstanceId: 200_000 + i,
          nodeId: `node-${i % 50}`,
          source: 'PROCESS_ENGINE',
          severity: 'HIGH',
          message: `payment gateway unreachable (order ${i})`,
          externalReferenceId: `storm-${run}-paced:${i + 1}`,
        }),
      }).then(
        async (res) => {
          await res.text();
          return { status: res.status, ms: performance.now() - at };
        },
        (error: unknown) => ({ status: 0, code: String(error), ms: performance.now() - at }),
      ),
    );
  }
  return Promise.all(sent);
}

interface BesideStorm {
  database: string;
  quiet: Map<Probe, number[]>;
  storm: Map<Probe, number[]>;
  reports: Answer[];
}

async function runOn(name: string, env: Record<string, string>, open: () => Promise<Database>) {
  const logFile = path.join(tmpdir(), `bpm-bench-storm-${name}.log`);
  const run = Date.now().toString(36);
  const server = startServer(
    root,
    PORT,
    {
      // The bench's one token sends thousands of requests a second: a limit it could reach would time the refusals.
      API_RATE_LIMIT_PER_MINUTE: '1000000000',
      ...env,
    },
    logFile,
  );
  let results: StormResult[];
  try {
    await waitForHealth(apiBase, server, logFile);
    const bearer = await adminToken(apiBase);
    const measured = async (referenceOf: (i: number) => string) => {
      const before = cpuSeconds(server.pid!);
      const [answers, seconds] = await storm(bearer, referenceOf);
      return { answers, seconds, serverCpu: cpuSeconds(server.pid!) - before };
    };
    results = [
      { database: name, storm: 'distinct incidents', ...(await measured((i) => `storm-${run}:${i + 1}`)) },
      { database: name, storm: 'one incident', ...(await measured(() => `storm-${run}-one:1`)) },
    ];
    if (PACED_REPORTS > 0) {
      const listed = (await (
        await fetch(`${apiBase}/api/incidents?size=100`, { headers: { authorization: `Bearer ${bearer}` } })
      ).json()) as { content: { id: number }[] };
      const ids = listed.content.map((i) => i.id);
      const quiet = await probe(bearer, ids, QUIET_SECONDS);
      const [reports, storm] = await Promise.all([
        pacedStorm(bearer, run),
        probe(bearer, ids, PACED_SECONDS),
      ]);
      beside.push({ database: name, quiet, storm, reports });
    }
  } finally {
    // PGlite is one process's database: the server lets it go before it is read here.
    await stopProcessGroup(server);
  }
  const database = await open();
  try {
    const counts = await stored(database, run);
    results[0].stored = counts.distinct;
    results[1].stored = counts.occurrences;
  } finally {
    await database.close();
  }
  return results;
}

const beside: BesideStorm[] = [];

function printBeside(): boolean {
  if (!beside.length) return true;
  let within = true;
  console.log(
    `\nThe rest of the API beside ${PACED_REPORTS.toLocaleString('en')} reports in ${PACED_SECONDS} s` +
      `${BUSY_CORE ? ', one core busy elsewhere' : ''} (p95, one client per operation; target: at most twice quiet)\n`,
  );
  console.log('| database | operation | calls quiet / storm | p95 quiet | p95 in the storm | ratio |');
  console.log('|---|---|---|---|---|---|');
  for (const b of beside) {
    for (const [operation, quietTimes] of b.quiet) {
      const stormTimes = b.storm.get(operation) ?? [];
      const p95 = (xs: number[]) =>
        percentile(
          [...xs].sort((x, y) => x - y),
          0.95,
        );
      const ratio = p95(stormTimes) / p95(quietTimes);
      within &&= ratio <= 2;
      console.log(
        `| ${b.database} | ${operation} | ${quietTimes.length} / ${stormTimes.length} | ` +
          `${p95(quietTimes).toFixed(1)} ms | ${p95(stormTimes).toFixed(1)} ms | ${ratio.toFixed(2)}` +
          `${ratio <= 2 ? '' : ' (over 2)'} |`,
      );
    }
    const accepted = b.reports.filter((a) => a.status === 200).length;
    const times = b.reports.map((a) => a.ms).sort((x, y) => x - y);
    console.log(
      `| ${b.database} | the storm's reports | ${accepted} of ${b.reports.length} accepted | ` +
        `p50 ${percentile(times, 0.5).toFixed(1)} ms | p95 ${percentile(times, 0.95).toFixed(1)} ms | |`,
    );
  }
  return within;
}

function print(results: StormResult[]): boolean {
  let consistent = true;
  console.log(
    `\n${REPORTS.toLocaleString('en')} concurrent reports${BUSY_CORE ? ', one core busy elsewhere' : ''}\n`,
  );
  console.log(
    '| database | storm | answers | reports/s | p50 | p99 | server CPU per report | stored | every answer true |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of results) {
    const byAnswer = new Map<string, number>();
    for (const a of r.answers) {
      const key = a.code ? `${a.status} ${a.code}` : String(a.status);
      byAnswer.set(key, (byAnswer.get(key) ?? 0) + 1);
    }
    const accepted = r.answers.filter((a) => a.status === 200).length;
    const times = r.answers.map((a) => a.ms).sort((a, b) => a - b);
    const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    const answers = [...byAnswer].map(([key, n]) => `${n} × ${key}`).join(', ');
    // What was stored must be what was accepted: no acceptance lost, no refusal stored anyway.
    const truthful = r.stored === accepted;
    consistent &&= truthful;
    console.log(
      `| ${r.database} | ${r.storm} | ${answers} | ${(REPORTS / r.seconds).toFixed(0)} | ` +
        `${seconds(percentile(times, 0.5))} | ${seconds(percentile(times, 0.99))} | ` +
        `${((r.serverCpu / REPORTS) * 1000).toFixed(1)} ms | ${r.stored} | ` +
        `${truthful ? 'yes' : `NO: ${accepted} accepted`} |`,
    );
  }
  return consistent;
}

async function main() {
  ensureCompiledServer(root);
  await assertPortsFree([PORT]);
  const busy = BUSY_CORE
    ? spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore', detached: true })
    : undefined;
  const results: StormResult[] = [];
  try {
    if (DATABASES.includes('postgres')) {
      const database = await freshDatabase(DATABASE_NAME);
      try {
        results.push(
          ...(await runOn('PostgreSQL', { DATABASE_URL: database.url }, () =>
            openDatabase({ url: database.url, migrate: false }),
          )),
        );
      } finally {
        await database.drop();
      }
    }
    if (DATABASES.includes('pglite')) {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'bpm-bench-storm-'));
      try {
        results.push(
          ...(await runOn('PGlite', { DATABASE_URL: '', DATA_DIR: dataDir }, () =>
            openDatabase({ dataDir, migrate: false }),
          )),
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  } finally {
    await stopProcessGroup(busy);
  }
  if (!print(results)) {
    console.error('\nAn answer contradicts the database (see the last column).');
    process.exitCode = 1;
  }
  if (!printBeside()) console.log('\nAn operation took more than twice its quiet p95 beside the storm.');
}

void main();
