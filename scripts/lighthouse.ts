// npm run lighthouse: Lighthouse performance (desktop preset) of the console's dashboard (/) and incident
// board (/incidents), signed in, measured on this machine. A measurement, not a test: docs/performance.md
// ("The console") records the results and how to read them on a loaded machine.
//
// 1. Without LIGHTHOUSE_URL: starts the production server (tsx server/http.ts on the current `next build`;
//    this script builds nothing) on a fresh embedded database in a temporary directory, seeded first with
//    scripts/seed.ts (a few hundred incidents of the last 30 days). With LIGHTHOUSE_URL (e.g.
//    http://127.0.0.1:3000) it measures that running server instead, signing in as LIGHTHOUSE_USERNAME /
//    LIGHTHOUSE_PASSWORD.
// 2. Signs in through the login form (Playwright in /usr/bin/chromium) and hands the session cookie to
//    Lighthouse as an extra request header, so every request of the measured page carries it.
// 3. Runs Lighthouse LIGHTHOUSE_RUNS times (3) over every page in one headless /usr/bin/chromium (chrome-launcher
//    honours CHROME_PATH; no browser is ever downloaded) and prints each run and the median per page:
//    performance score, total blocking time, largest contentful paint, cumulative layout shift, and the
//    JavaScript transferred, and Lighthouse's CPU benchmark index of the run (column CPU: how fast this
//    machine was at that moment; an idle desktop scores about 1,000-2,000). LIGHTHOUSE_JSON=<file> also writes every run's numbers there.
//
// Settings (environment): LIGHTHOUSE_URL, LIGHTHOUSE_USERNAME (admin), LIGHTHOUSE_PASSWORD,
// LIGHTHOUSE_PORT (3381, for the server this script starts), LIGHTHOUSE_RUNS (3), LIGHTHOUSE_PAGES
// (comma-separated paths, "/,/incidents"), LIGHTHOUSE_JSON.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { stopProcessGroup } from './process-group';

const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS || 3);
const PAGES = (process.env.LIGHTHOUSE_PAGES || '/,/incidents').split(',').filter(Boolean);
const PORT = Number(process.env.LIGHTHOUSE_PORT || 3381);
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];
const root = path.resolve(import.meta.dirname, '..');

type Measurement = {
  page: string;
  run: number;
  score: number;
  tbtMs: number;
  lcpMs: number;
  cls: number;
  fcpMs: number;
  jsKb: number;
  /** Lighthouse's CPU probe for this run (higher is faster): an idle desktop scores about 1,000-2,000. */
  benchmarkIndex: number;
  /** The three scripts that cost the main thread most (evaluation + parse + compile), for the analysis. */
  topScripts: string[];
};

function log(message: string): void {
  console.error(`lighthouse: ${message}`);
}

function tsx(args: string[], env: NodeJS.ProcessEnv) {
  return [
    process.execPath,
    [path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'), ...args],
    env,
  ] as const;
}

/** The server this script owns: production build, fresh PGlite directory seeded with the demo data. */
async function startOwnServer(): Promise<{
  baseUrl: string;
  username: string;
  password: string;
  stop: () => Promise<void>;
}> {
  const distDir = process.env.NEXT_DIST_DIR || '.next'; // next.config.mjs honours NEXT_DIST_DIR
  if (!existsSync(path.join(root, distDir, 'BUILD_ID'))) {
    throw new Error(
      `no production build in ${distDir}: run \`npm run build\` first (this script builds nothing)`,
    );
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bpm-lighthouse-'));
  const username = 'admin';
  const password = `lh-${randomBytes(9).toString('base64url')}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    DATABASE_URL: '', // never PostgreSQL: the embedded database in dataDir
    DATA_DIR: path.join(dataDir, 'db'),
    PORT: String(PORT),
    AUTH_SECRET: randomBytes(24).toString('hex'),
    ADMIN_USERNAME: username,
    ADMIN_PASSWORD: password,
    SECURITY_DISABLED: 'false',
    LOG_LEVEL: 'warn',
  };
  // PGlite has one process per directory: seed first, then start the server on it.
  log(`seeding ${env.DATA_DIR}`);
  const [node, seedArgs] = tsx(['scripts/seed.ts'], env);
  const seeded = spawnSync(node, seedArgs, { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  if (seeded.status !== 0) throw new Error(`scripts/seed.ts failed (${seeded.status})`);

  const logFile = path.join(dataDir, 'server.log');
  const out = openSync(logFile, 'a');
  const [, serverArgs] = tsx(['server/http.ts'], env);
  // Its own process group (detached), so that stopping it also stops tsx's child.
  const server = spawn(node, serverArgs, { cwd: root, env, detached: true, stdio: ['ignore', out, out] });
  const baseUrl = `http://127.0.0.1:${PORT}`;
  const stop = async () => {
    await stopProcessGroup(server);
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(server, baseUrl, logFile);
  } catch (e) {
    await stopProcessGroup(server);
    throw e;
  }
  log(`server up at ${baseUrl} (log ${logFile})`);
  return { baseUrl, username, password, stop };
}

async function waitForHealth(server: ChildProcess, baseUrl: string, logFile: string): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}); see ${logFile}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`the server did not answer /api/health within 120 s; see ${logFile}`);
}

/** Signs in through the console's login form; returns the session cookie as a Cookie header. */
async function signIn(baseUrl: string, username: string, password: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.slice(1) });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/login`);
    const form = page.getByRole('form', { name: 'Sign in' });
    await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
    await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 30_000 });
    const cookies = await page.context().cookies(baseUrl);
    if (cookies.length === 0) throw new Error('signed in, but no cookie was set');
    return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  } finally {
    await browser.close();
  }
}

type Audit = { numericValue?: number; details?: { items?: Array<Record<string, unknown>> } };

function measure(
  page: string,
  run: number,
  lhr: {
    finalDisplayedUrl: string;
    categories: Record<string, { score: number | null }>;
    audits: Record<string, Audit>;
    environment: { benchmarkIndex: number };
  },
): Measurement {
  if (new URL(lhr.finalDisplayedUrl).pathname !== page) {
    // A redirect to /login would measure the wrong page: the session did not hold.
    throw new Error(`${page} ended at ${lhr.finalDisplayedUrl}; is the session cookie accepted?`);
  }
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const bootup = (lhr.audits['bootup-time']?.details?.items ?? [])
    .filter((i) => typeof i.url === 'string' && i.url.startsWith('http'))
    .sort((a, b) => Number(b.total) - Number(a.total))
    .slice(0, 3)
    .map((i) => `${path.basename(new URL(String(i.url)).pathname)} ${Math.round(Number(i.total))} ms`);
  return {
    page,
    run,
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    tbtMs: Math.round(numeric('total-blocking-time')),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    fcpMs: Math.round(numeric('first-contentful-paint')),
    jsKb: Math.round(jsBytes / 1024),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
    topScripts: bootup,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function row(cells: Array<string | number>): string {
  const widths = [12, 6, 6, 8, 8, 8, 7, 7, 6];
  return cells.map((c, i) => String(c).padStart(widths[i] ?? 8)).join(' ');
}

async function main(): Promise<void> {
  const external = process.env.LIGHTHOUSE_URL?.replace(/\/$/, '');
  const target = external
    ? {
        baseUrl: external,
        username: process.env.LIGHTHOUSE_USERNAME || 'admin',
        password: process.env.LIGHTHOUSE_PASSWORD ?? '',
        stop: async () => {},
      }
    : await startOwnServer();
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  const results: Measurement[] = [];
  try {
    const cookie = await signIn(target.baseUrl, target.username, target.password);
    log(`signed in as ${target.username}; ${RUNS} run(s) of ${PAGES.join(' ')} (desktop preset)`);
    for (let run = 1; run <= RUNS; run++) {
      for (const page of PAGES) {
        const result = await lighthouse(
          `${target.baseUrl}${page}`,
          { port: chrome.port, output: 'json', logLevel: 'error', extraHeaders: { Cookie: cookie } },
          desktopConfig,
        );
        if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
        const m = measure(page, run, result.lhr as Parameters<typeof measure>[2]);
        results.push(m);
        log(
          `run ${run} ${page}: score ${m.score}, TBT ${m.tbtMs} ms, LCP ${m.lcpMs} ms, CLS ${m.cls}, JS ${m.jsKb} KB; ` +
            `main thread: ${m.topScripts.join(', ')}`,
        );
      }
    }
  } finally {
    chrome.kill();
    await target.stop();
  }

  console.log(
    `\nLighthouse ${RUNS} run(s), desktop preset, ${new Date().toISOString()}, ${os.cpus().length} CPUs, load ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  console.log(row(['page', 'run', 'score', 'TBT ms', 'LCP ms', 'FCP ms', 'CLS', 'JS KB', 'CPU']));
  for (const m of results)
    console.log(row([m.page, m.run, m.score, m.tbtMs, m.lcpMs, m.fcpMs, m.cls, m.jsKb, m.benchmarkIndex]));
  for (const page of PAGES) {
    const mine = results.filter((m) => m.page === page);
    const med = (f: (m: Measurement) => number) => median(mine.map(f));
    console.log(
      row([
        page,
        'median',
        med((m) => m.score),
        med((m) => m.tbtMs),
        med((m) => m.lcpMs),
        med((m) => m.fcpMs),
        med((m) => m.cls),
        med((m) => m.jsKb),
        med((m) => m.benchmarkIndex),
      ]),
    );
  }
  if (process.env.LIGHTHOUSE_JSON)
    writeFileSync(process.env.LIGHTHOUSE_JSON, JSON.stringify(results, null, 2));
}

await main();
