// npm run bench:pglite: the service on embedded PGlite (the default without DATABASE_URL) against the bare
// baseline (bench/bare.ts) on PGlite, in one run. PGlite is one process's database, so each side gets its own
// copy of the same seeded directory; acknowledge takes fresh OPEN incidents in every round instead of putting
// them back (nothing outside a PGlite process can write to its database).
//
// Settings: BENCH_INCIDENTS (100000; seeded with bench/seed.ts through a postgres.js-shaped wrapper),
// BENCH_PORT (3400, the bare baseline on the next), BENCH_CONCURRENCY (16), BENCH_SECONDS (5), BENCH_ROUNDS
// (3), BENCH_QUICK=1 (20,000 incidents, 2-s rounds, 2 rounds).
import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, openSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type postgres from 'postgres';
import { openDatabase } from '../db/client';
import { stopProcessGroup } from '../scripts/process-group';
import {
  assertPortsFree,
  compareWithBare,
  printRatioTable,
  ratioWarmupSeconds,
  type RatioCase,
} from './ratio';
import { seedBenchIncidents } from './seed';

const QUICK = process.env.BENCH_QUICK === '1';
const TOTAL = Number(process.env.BENCH_INCIDENTS || (QUICK ? 20_000 : 100_000));
const PORT = Number(process.env.BENCH_PORT || 3400);
const BARE_PORT = PORT + 1;
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const SECONDS = Number(process.env.BENCH_SECONDS || (QUICK ? 2 : 5));
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS || (QUICK ? 2 : 3)));
const ADMIN_PASSWORD = 'bench-admin-password';
/** OPEN incidents each acknowledge run may take (more than PGlite acknowledges in one round). */
const ACKNOWLEDGE_SLICE = 4_000;
const root = process.cwd();
const started = Date.now();
const log = (line: string) =>
  console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}`);

/** Enough of postgres.js's tagged template (bench/seed.ts's use of it) over a PGlite client or transaction. */
function asPostgresJs(client: PGlite | Transaction): postgres.Sql {
  const tag = async (strings: TemplateStringsArray, ...values: unknown[]) => {
    const text = strings.reduce((sql, part, i) => `${sql}$${i}${part}`);
    return (await client.query(text, values)).rows;
  };
  return Object.assign(tag, {
    unsafe: (text: string) => client.exec(text),
    begin: (work: (tx: postgres.Sql) => Promise<unknown>) =>
      (client as PGlite).transaction((tx) => work(asPostgresJs(tx))),
  }) as unknown as postgres.Sql;
}

function start(script: string, env: Record<string, string>, logFile: string): ChildProcess {
  const out = openSync(logFile, 'a');
  return spawn(process.execPath, [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), script], {
    cwd: root,
    detached: true,
    stdio: ['ignore', out, out],
    // Neither side may find a PostgreSQL URL in the environment.
    env: Object.fromEntries(
      Object.entries({ ...process.env, NODE_ENV: 'production', ...env }).filter(
        ([name]) => name !== 'DATABASE_URL' && name !== 'BARE_DATABASE_URL',
      ),
    ) as NodeJS.ProcessEnv,
  });
}

async function until(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode})`);
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error(`${what} did not answer within 120 s`);
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'bpm-bench-pglite-'));
  const serviceDir = path.join(dir, 'service');
  const bareDir = path.join(dir, 'bare');
  let server: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  try {
    log(`migrating a PGlite directory and seeding ${TOTAL.toLocaleString('en')} incidents`);
    await (await openDatabase({ dataDir: serviceDir })).close();
    const client = await PGlite.create({ dataDir: serviceDir, extensions: { pg_trgm } });
    const sql = asPostgresJs(client);
    await seedBenchIncidents(sql, { total: TOTAL, processInstances: Math.max(1, Math.round(TOTAL / 250)) });
    // Enough OPEN incidents for every acknowledge run of both sides (the latest resolved ones reopened).
    const needed = ACKNOWLEDGE_SLICE * 2 * (ROUNDS + 1);
    await client.query(
      `update incidents set status = 'OPEN', acknowledged_at = null, acknowledged_by = null, resolved_at = null,
         resolved_by = null, resolution_note = null, resolution_action = null
       where id in (select id from incidents where status = 'RESOLVED' order by id desc
                    limit greatest(0, $1 - (select count(*) from incidents where status = 'OPEN')))`,
      [needed],
    );
    const ids = (
      await client.query<{ id: number }>(
        `select id from incidents where id % 10 = 0 order by id desc limit 1000`,
      )
    ).rows.map((r) => Number(r.id));
    const open = (
      await client.query<{ id: number }>(`select id from incidents where status = 'OPEN' order by id`)
    ).rows.map((r) => Number(r.id));
    await client.close();
    cpSync(serviceDir, bareDir, { recursive: true });
    rmSync(path.join(bareDir, 'bpm.lock'), { force: true });

    const apiBase = `http://127.0.0.1:${PORT}`;
    await assertPortsFree([PORT, BARE_PORT]);
    log(`starting the server on PGlite (port ${PORT}) and the bare baseline on its copy (port ${BARE_PORT})`);
    server = start(
      'server/http.ts',
      {
        DATA_DIR: serviceDir,
        PORT: String(PORT),
        API_ONLY: 'true',
        // The bench's one token sends thousands of requests a second: a limit it could reach would time the refusals.
        API_RATE_LIMIT_PER_MINUTE: '1000000000',
        AUTH_SECRET: 'bench-signing-secret-0123456789',
        ADMIN_USERNAME: 'admin',
        ADMIN_PASSWORD,
        ACCESS_TOKEN_TTL_SECONDS: '7200',
        SECURITY_DISABLED: 'false',
      },
      path.join(dir, 'server.log'),
    );
    bare = start(
      'bench/bare.ts',
      { BARE_DATA_DIR: bareDir, BARE_PORT: String(BARE_PORT) },
      path.join(dir, 'bare.log'),
    );
    await until(`${apiBase}/api/health`, server, 'the server');
    await until(`http://127.0.0.1:${BARE_PORT}/api/incidents/summary`, bare, 'the bare baseline');
    const res = await fetch(`${apiBase}/api/tokens`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    if (!res.ok) throw new Error(`POST /api/tokens answered ${res.status}`);
    const token = ((await res.json()) as { accessToken: string }).accessToken;

    // Each acknowledge run takes the next slice of OPEN incidents; both copies start with the same ones.
    const acknowledge: RatioCase = { name: 'acknowledge', method: 'POST', paths: [] };
    // compareWithBare runs each side in turn (the warm-ups, then rounds of the two): every pair of runs, one
    // of each side, takes the next slice, so that neither side meets an incident it has acknowledged.
    let runs = 0;
    const nextSlice = () => {
      const slice = Math.floor(runs / 2);
      acknowledge.paths = open
        .slice(slice * ACKNOWLEDGE_SLICE, (slice + 1) * ACKNOWLEDGE_SLICE)
        .map((id) => `/api/incidents/${id}/acknowledge`);
      runs++;
    };
    nextSlice();
    acknowledge.restore = async () => nextSlice();
    const cases: RatioCase[] = [
      { name: 'get {id}', method: 'GET', paths: ids.map((id) => `/api/incidents/${id}`) },
      { name: 'summary', method: 'GET', paths: ['/api/incidents/summary'] },
      { name: 'list, first page', method: 'GET', paths: ['/api/incidents'] },
      acknowledge,
    ];
    log(`against the bare baseline: ${ROUNDS} alternating rounds of ${SECONDS} s per side`);
    const results = await compareWithBare({
      cases,
      service: { label: 'service', baseUrl: apiBase, processGroup: server.pid! },
      bare: { label: 'bare', baseUrl: `http://127.0.0.1:${BARE_PORT}`, processGroup: bare.pid! },
      token,
      rounds: ROUNDS,
      seconds: SECONDS,
      warmupSeconds: ratioWarmupSeconds(QUICK),
      connections: CONCURRENCY,
      log,
    });
    console.log(
      `\nThe service on PGlite against the bare baseline on PGlite (${TOTAL.toLocaleString('en')} incidents)\n`,
    );
    console.log(printRatioTable(results));
  } finally {
    await stopProcessGroup(server);
    await stopProcessGroup(bare);
    rmSync(dir, { recursive: true, force: true });
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
