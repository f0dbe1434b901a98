// Every core (docs/contract.md §9): a server started with WEB_CONCURRENCY=2 on PostgreSQL runs two
// worker processes on one port under a primary (server/runtime/cluster.ts). Which process served a request is read
// from its request log line (every line carries the pid of the process that wrote it). Each request goes
// on a connection of its own, so that the primary's round-robin spreads them over the workers.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { accessTokenFor, createTestUser, onPostgres, openTestDatabase, unique } from '../support/helpers';
import { HANG_MARGIN_MS, NOTIFICATIONS_ONLY_ENV } from '../support/hang-bounds';
import {
  databaseUrlOf,
  freePort,
  startServerProcess,
  stopProcess,
  type ServerProcess,
} from '../support/processes';
import { trackStarted } from '../support/started-processes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Answer {
  status: number;
  body: unknown;
}

/** One request on a new connection (no keep-alive), so that it may reach either worker. */
function request(url: string, method: string, path: string, token?: string, body?: unknown): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${url}/api${path}`,
      {
        method,
        agent: false,
        headers: {
          ...(token && { authorization: `Bearer ${token}` }),
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null });
        });
      },
    );
    req.on('error', reject);
    // A connection the primary handed to a worker that died just then is never answered: give up on it.
    req.setTimeout(method === 'GET' ? 10_000 : 60_000, () =>
      req.destroy(new Error(`${method} ${path}: no answer`)),
    );
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

interface LogLine {
  pid: number;
  msg: string;
  path?: string;
  method?: string;
  status?: number;
}
const linesOf = (server: ServerProcess): LogLine[] =>
  server
    .stdout()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as LogLine);

/**
 * The worker processes of a primary: its children that run Node (under tsx, an esbuild service is one too).
 * Told by the executable, not by `ps`'s command name: Node 24 names its main thread `MainThread`.
 */
const childrenOf = (pid: number): number[] =>
  execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((child) => child > 0 && runsNode(child));

function runsNode(pid: number): boolean {
  try {
    return path.basename(readlinkSync(`/proc/${pid}/exe`)) === path.basename(process.execPath);
  } catch {
    return false; // gone meanwhile
  }
}

describe.runIf(onPostgres)('WEB_CONCURRENCY=2 on PostgreSQL', () => {
  let database: Database;
  let userId: number;
  let token: string;
  let server: ServerProcess;

  beforeAll(async () => {
    database = await openTestDatabase();
    const user = await createTestUser(database, { permissions: ['ACCESS_ENGINE_API', 'ACCESS_BPM_ADMIN'] });
    userId = user.id;
    token = await accessTokenFor(user);
    server = await startServerProcess(
      await databaseUrlOf(database),
      // The periodic rescan slowed to minutes: a poll woken across processes was woken by the NOTIFY.
      // The budgets shared every 100 ms: the rate-limit case below waits for that, not for a second.
      {
        WEB_CONCURRENCY: '2',
        LOG_LEVEL: 'info',
        API_RATE_LIMIT_SHARE_INTERVAL_MS: '100',
        ...NOTIFICATIONS_ONLY_ENV,
      },
      { captureStdout: true, startTimeoutMs: 60_000 },
    );
    // Both workers listen (the first may answer health before the second is up).
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; await sleep(200)) {
      if (linesOf(server).filter((l) => l.msg.includes('listening on')).length === 2) break;
    }
  });
  afterAll(async () => {
    if (server) await stopProcess(server.process);
    await database.close();
  });

  const pidsServing = (path: string) =>
    new Set(
      linesOf(server)
        .filter((l) => l.msg === 'request' && l.path === path)
        .map((l) => l.pid),
    );

  it('serves from two worker processes, neither of them the primary', async () => {
    for (let i = 0; i < 8; i++) expect((await request(server.url, 'GET', '/health')).status).toBe(200);
    // Lines are written in batches, up to 10 ms after their answers (server/observability/log.ts).
    await expect.poll(() => pidsServing('/api/health').size, { timeout: HANG_MARGIN_MS }).toBe(2);
    const pids = pidsServing('/api/health');
    expect(pids.size).toBe(2);
    expect(pids.has(server.process.pid!)).toBe(false);
    expect(new Set(childrenOf(server.process.pid!))).toEqual(pids);
  });

  it('names its processes for ps: the primary bpm-primary, each worker bpm-api', () => {
    const title = (pid: number) =>
      readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    expect(title(server.process.pid!)).toBe('bpm-primary');
    expect(childrenOf(server.process.pid!).map(title)).toEqual(['bpm-api', 'bpm-api']);
  });

  it('wakes a long poll on one worker by a publish handled by the other (LISTEN/NOTIFY)', async () => {
    let acrossProcesses = 0;
    for (let attempt = 0; attempt < 8 && acrossProcesses < 3; attempt++) {
      const topic = unique('cluster');
      const linesBefore = linesOf(server).length;
      const polled = request(server.url, 'POST', '/worker-requests/fetch-and-lock', token, {
        workerId: `w-${attempt}`,
        topics: [topic],
        waitMs: 20_000,
      });
      await sleep(500); // the poll has looked, found nothing and waits
      const published = await request(server.url, 'POST', '/worker-requests', token, {
        processInstanceId: 7_000 + attempt,
        nodeId: 'n',
        topic,
      });
      expect(published.status).toBe(200);
      const got = await polled;
      expect(got.status).toBe(200);
      expect((got.body as { id: number }[]).map((r) => r.id)).toEqual([
        (published.body as { id: number }).id,
      ]);
      // Each request's log line is written after its answer (server/observability/log.ts batches them): poll for both.
      const requestLine = (path: string, method: string) =>
        linesOf(server)
          .slice(linesBefore)
          .find((l) => l.msg === 'request' && l.path === path && l.method === method);
      const logged = () =>
        [
          requestLine('/api/worker-requests/fetch-and-lock', 'POST'),
          requestLine('/api/worker-requests', 'POST'),
        ] as const;
      await expect.poll(() => logged().every(Boolean), { timeout: HANG_MARGIN_MS }).toBe(true);
      const [poll, publish] = logged();
      if (poll!.pid !== publish!.pid) acrossProcesses += 1;
    }
    // Three wakes across processes, each with the request, before the poll's 20 s: by the NOTIFY, since the
    // rescan (the dispatcher's safety net) comes only every two minutes here.
    expect(acrossProcesses).toBe(3);
  });

  it('keeps a token to its limit across both workers, not each to the whole of it', async () => {
    const created = await request(server.url, 'POST', `/admin/users/${userId}/api-tokens`, token, {
      name: unique('script'),
      rateLimitPerMinute: 20,
    });
    expect(created.status).toBe(200);
    const limited = (created.body as { token: string }).token;
    const linesBefore = linesOf(server).length;
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      statuses.push((await request(server.url, 'GET', '/admin/permissions', limited)).status);
    }
    expect(statuses).toEqual(Array(20).fill(200));
    // Both workers served some of them (each request is a connection of its own).
    await expect
      .poll(
        () =>
          new Set(
            linesOf(server)
              .slice(linesBefore)
              .filter((l) => l.msg === 'request' && l.path === '/api/admin/permissions')
              .map((l) => l.pid),
          ).size,
        { timeout: HANG_MARGIN_MS },
      )
      .toBe(2);
    // Once they have shared what each spent (every 100 ms here), neither has any of it left.
    await sleep(500);
    const after: number[] = [];
    for (let i = 0; i < 10; i++) {
      after.push((await request(server.url, 'GET', '/admin/permissions', limited)).status);
    }
    expect(after).toEqual(Array(10).fill(429));
  });

  it('restarts a worker that dies, and serves on meanwhile', async () => {
    const before = childrenOf(server.process.pid!);
    expect(before).toHaveLength(2);
    process.kill(before[0], 'SIGKILL');
    let after: number[] = [];
    const lost: string[] = [];
    let served = 0;
    // A new worker starts as a server does (migrations checked, listening): seconds on a loaded machine.
    for (const deadline = Date.now() + 80_000; Date.now() < deadline; await sleep(200)) {
      // The connection that reached the worker as it was killed may be lost; every other one is served.
      const answer = await request(server.url, 'GET', '/health').catch((error: Error) => {
        lost.push(error.message);
        return null;
      });
      if (answer) {
        expect(answer.status).toBe(200);
        served += 1;
      }
      after = childrenOf(server.process.pid!);
      const restarted = after.find((pid) => !before.includes(pid));
      if (restarted && pidsServing('/api/health').has(restarted)) break;
    }
    expect(lost.length, lost.join('; ')).toBeLessThanOrEqual(1);
    expect(served).toBeGreaterThan(0);
    expect(after).toHaveLength(2);
    expect(after).toContain(before[1]);
    const restarted = after.find((pid) => !before.includes(pid))!;
    expect(pidsServing('/api/health').has(restarted)).toBe(true);
  }, 120_000);

  it('SIGTERM drains both workers: their long polls answer [] and the primary exits 0', async () => {
    const workers = childrenOf(server.process.pid!);
    const polls = [0, 1, 2, 3].map((i) =>
      request(server.url, 'POST', '/worker-requests/fetch-and-lock', token, {
        workerId: `drain-${i}`,
        topics: [unique('drain')],
        waitMs: 30_000,
      }),
    );
    await sleep(800);
    const exited = new Promise<number | null>((resolve) =>
      server.process.once('exit', (code) => resolve(code)),
    );
    const signalledAt = Date.now();
    server.process.kill('SIGTERM');
    const answers = await Promise.all(polls);
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array(4).fill([200, []]));
    expect(await exited).toBe(0);
    // SHUTDOWN_TIMEOUT_MS (10 s by default) and the margin: answered by the drain, not by their 30 s.
    expect(Date.now() - signalledAt).toBeLessThan(10_000 + HANG_MARGIN_MS);
    const drained = new Set(
      linesOf(server)
        .filter((l) => l.msg.includes('draining'))
        .map((l) => l.pid),
    );
    expect(drained).toEqual(new Set(workers));
    for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
  });
});

describe.runIf(onPostgres)('WEB_CONCURRENCY=2 with a bad setting', () => {
  it('fails the start: the primary exits 1, the setting told once, no worker restarted', async () => {
    // The primary reads no setting but those that decide its processes; the first worker validates the
    // rest (server/runtime/env.ts) before the primary starts the others.
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/http.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: process.env.DATABASE_URL,
        PORT: String(await freePort()),
        WEB_CONCURRENCY: '2',
        AUTH_SECRET: 'too-short',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    trackStarted(child);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const code = await new Promise<number | null>((resolve, reject) => {
      const bound = setTimeout(() => reject(new Error('the primary did not exit')), 30_000 + HANG_MARGIN_MS);
      child.once('exit', (exitCode) => {
        clearTimeout(bound);
        resolve(exitCode);
      });
    });
    expect(code).toBe(1);
    expect(stderr.split('AUTH_SECRET must be at least 16 characters')).toHaveLength(2);
    const messages = stdout
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => (JSON.parse(l) as LogLine).msg);
    expect(messages).toContain('a server process exited before any listened: stopping');
    expect(messages).not.toContain('a server process died: starting another');
  }, 60_000);
});
