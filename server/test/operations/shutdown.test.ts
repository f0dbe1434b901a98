// Graceful shutdown with real server processes on PostgreSQL: SIGTERM answers open long polls at once,
// finishes the requests that had arrived (none sees a reset), turns readiness unready before the listener
// closes, and exits 0 within its bound; a rolling restart of two instances under traffic loses nothing.
import type { ChildProcess } from 'node:child_process';
import http from 'node:http';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import { accessTokenFor, createTestUser, onPostgres, openTestDatabase, unique } from '../support/helpers';
import { HANG_MARGIN_MS } from '../support/hang-bounds';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a request ended: an HTTP status, or the network error's code. */
type Outcome = { status: number; body: unknown } | { error: string };

async function post(url: string, path: string, token: string, body: unknown): Promise<Outcome> {
  try {
    const res = await fetch(`${url}/api${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  } catch (error) {
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { error: cause?.code ?? cause?.message ?? String(error) };
  }
}

/** A GET on a connection of its own (no keep-alive), answering the status or the network error's code. */
function getOnce(url: string, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    http
      .get(`${url}${path}`, { agent: false }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      })
      .on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

/** A POST whose body arrives in two halves `pauseMs` apart: a request under way for that long. */
function slowPost(url: string, path: string, token: string, body: unknown, pauseMs: number) {
  const text = JSON.stringify(body);
  return new Promise<Outcome>((resolve) => {
    const req = http.request(
      `${url}/api${path}`,
      {
        method: 'POST',
        agent: false,
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (res) => {
        let data = '';
        res.on('data', (chunk) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(data) }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.write(text.slice(0, 10));
    setTimeout(() => req.end(text.slice(10)), pauseMs);
  });
}

function exitOf(child: ChildProcess): Promise<{ code: number | null; at: number }> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve({ code: child.exitCode, at: Date.now() });
    child.once('exit', (code) => resolve({ code, at: Date.now() }));
  });
}

describe.runIf(onPostgres)('graceful shutdown (PostgreSQL, real processes)', () => {
  let database: Database;
  let databaseUrl: string;
  let token: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    databaseUrl = await databaseUrlOf(database);
    token = await accessTokenFor(await createTestUser(database, { permissions: ['ACCESS_ENGINE_API'] }));
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    await database.close();
  });

  async function server(env: Record<string, string> = {}): Promise<ServerProcess> {
    const started = await startServerProcess(databaseUrl, env);
    children.push(started.process);
    return started;
  }

  let processInstanceId = 1_000;
  const create = (url: string, topic: string) =>
    post(url, '/worker-requests', token, { processInstanceId: processInstanceId++, nodeId: 'n', topic });

  it('SIGTERM answers long polls at once, finishes arrived requests, is unready before it closes, exits 0', async () => {
    const timeoutMs = 8_000;
    const drainDelayMs = 400;
    const { url, process: child } = await server({
      SHUTDOWN_TIMEOUT_MS: String(timeoutMs),
      SHUTDOWN_DRAIN_DELAY_MS: String(drainDelayMs),
    });
    const idleTopic = unique('idle');
    const longPolls = Array.from({ length: 20 }, (_, i) =>
      post(url, '/worker-requests/fetch-and-lock', token, {
        workerId: `poller-${i}`,
        topics: [idleTopic],
        waitMs: 30_000,
      }),
    );

    // A stream of writes from six clients on keep-alive connections, each noting when it was sent.
    const writes: { sentAt: number; outcome: Outcome }[] = [];
    let writing = true;
    const writeTopic = unique('writes');
    const writers = Array.from({ length: 6 }, async () => {
      while (writing) {
        const sentAt = Date.now();
        const outcome = await create(url, writeTopic);
        writes.push({ sentAt, outcome });
        if ('error' in outcome) await sleep(20);
      }
    });
    await sleep(1_000);

    // Readiness and whether the listener still accepts, every 25 ms from the signal on.
    const probes: { at: number; ready: number | string }[] = [];
    let probing = true;
    const prober = (async () => {
      while (probing) {
        probes.push({ at: Date.now(), ready: await getOnce(url, '/api/health/ready') });
        await sleep(25);
      }
    })();
    expect(await getOnce(url, '/api/health/ready')).toBe(200);

    const slowWrite = slowPost(
      url,
      '/worker-requests',
      token,
      { processInstanceId: 502, nodeId: 'n', topic: writeTopic },
      1_500,
    );
    await sleep(200);
    const exited = exitOf(child);
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    const answered = await Promise.all(
      longPolls.map(async (poll) => ({ outcome: await poll, at: Date.now() })),
    );
    // Answered by the drain, not by their 30 s: within the drain delay and the hang margin.
    for (const { outcome, at } of answered) {
      expect(outcome).toEqual({ status: 200, body: [] });
      expect(at - signalledAt).toBeLessThan(drainDelayMs + HANG_MARGIN_MS);
    }
    const slow = await slowWrite;
    expect(slow).toMatchObject({ status: 200, body: { topic: writeTopic, status: 'PENDING' } });

    const { code, at: exitedAt } = await exited;
    writing = false;
    probing = false;
    await Promise.all([...writers, prober]);
    expect(code).toBe(0);
    // Within its own bound, which it keeps by its own timer; the margin is for this test's noticing.
    expect(exitedAt - signalledAt).toBeLessThan(timeoutMs + HANG_MARGIN_MS);

    // Every write sent before the signal was answered, and written.
    const before = writes.filter((w) => w.sentAt < signalledAt);
    expect(before.length).toBeGreaterThanOrEqual(6);
    expect(before.filter((w) => !('status' in w.outcome) || w.outcome.status !== 200)).toEqual([]);
    const answeredIds = writes.flatMap((w) =>
      'status' in w.outcome && w.outcome.status === 200 ? [(w.outcome.body as { id: number }).id] : [],
    );
    const stored = rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from worker_requests where topic = ${writeTopic}`),
    ).map((r) => Number(r.id));
    expect(stored).toEqual(expect.arrayContaining(answeredIds));

    // After the signal: readiness 503 first, and only later nothing listening.
    const after = probes.filter((p) => p.at >= signalledAt);
    const firstUnready = after.findIndex((p) => p.ready === 503);
    const firstRefused = after.findIndex((p) => typeof p.ready === 'string');
    expect(firstUnready).toBeGreaterThanOrEqual(0);
    expect(firstRefused).toBeGreaterThan(firstUnready);
    // The one probe whose connection the kernel accepted as the listener closed may be reset rather
    // than refused (it never reached HTTP, so nothing it asked was done); every later one is refused.
    expect(['ECONNREFUSED', 'ECONNRESET']).toContain(after[firstRefused].ready);
    expect(after.slice(firstRefused + 1).every((p) => p.ready === 'ECONNREFUSED')).toBe(true);
  }, 60_000);

  it('a rolling restart of two instances under traffic loses and resets nothing', async () => {
    // The drain delay is the time a load balancer gets to see readiness fail; one that still sends on a
    // kept-alive connection when the listener closes can meet the connection as it closes. This one polls
    // every 50 ms and took an instance out 13-60 ms after its signal here, up to 306 ms beside three busy
    // loops.
    const env = { SHUTDOWN_DRAIN_DELAY_MS: '1000', SHUTDOWN_TIMEOUT_MS: '8000' };
    const topic = unique('rolling');
    // When each instance was sent SIGTERM, and how long after it the balancer took the instance out: a
    // failure says how long after its instance's signal it was sent.
    const signalledAt = new Map<string, number>();
    const takenOutAfterSignal = new Map<string, number>();
    // The load balancer: round robin over the instances whose readiness answered 200 last.
    const pool = new Set<string>();
    const watching = new Set<string>();
    const watch = (instance: ServerProcess) => {
      pool.add(instance.url);
      watching.add(instance.url);
      void (async () => {
        while (watching.has(instance.url)) {
          if ((await getOnce(instance.url, '/api/health/ready')) === 200) pool.add(instance.url);
          else if (pool.delete(instance.url)) {
            const signal = signalledAt.get(instance.url);
            if (signal !== undefined) takenOutAfterSignal.set(instance.url, Date.now() - signal);
          }
          await sleep(50);
        }
      })();
    };
    let turn = 0;
    const failures: { path: string; url: string; outcome: Outcome; sentMsAfterSignal?: number }[] = [];
    /** Sends through the balancer; a refused connection (nothing arrived) is tried on another instance. */
    async function send(path: string, body: unknown): Promise<Outcome> {
      for (;;) {
        const urls = [...pool];
        if (!urls.length) {
          await sleep(20);
          continue;
        }
        const url = urls[turn++ % urls.length];
        const sentAt = Date.now();
        const outcome = await post(url, path, token, body);
        if ('error' in outcome && outcome.error === 'ECONNREFUSED') continue;
        if (!('status' in outcome) || outcome.status !== 200) {
          const signal = signalledAt.get(url);
          const sentMsAfterSignal = signal === undefined ? undefined : sentAt - signal;
          failures.push({ path, url, outcome, sentMsAfterSignal });
        }
        return outcome;
      }
    }

    const [a, b] = [await server(env), await server(env)];
    watch(a);
    watch(b);
    const created = new Set<number>();
    const completed: number[] = [];
    let writing = true;
    let working = true;
    const writers = Array.from({ length: 4 }, async () => {
      while (writing) {
        const outcome = await send('/worker-requests', {
          processInstanceId: processInstanceId++,
          nodeId: 'n',
          topic,
        });
        if ('status' in outcome && outcome.status === 200) created.add((outcome.body as { id: number }).id);
        await sleep(20);
      }
    });
    const workers = Array.from({ length: 4 }, async (_, w) => {
      while (working) {
        const got = await send('/worker-requests/fetch-and-lock', {
          workerId: `worker-${w}`,
          topics: [topic],
          maxTasks: 5,
          waitMs: 1_000,
        });
        if (!('status' in got) || got.status !== 200) continue;
        for (const { id } of got.body as { id: number }[]) {
          const done = await send(`/worker-requests/${id}/complete`, { workerId: `worker-${w}` });
          if ('status' in done && done.status === 200) completed.push(id);
        }
      }
    });

    /** Takes `old` out by SIGTERM (the balancer sees it unready) and starts its replacement. */
    async function replace(old: ServerProcess) {
      await sleep(1_500);
      const exited = exitOf(old.process);
      signalledAt.set(old.url, Date.now());
      old.process.kill('SIGTERM');
      expect((await exited).code).toBe(0);
      watching.delete(old.url);
      pool.delete(old.url);
      watch(await server(env));
    }
    await replace(a);
    await replace(b);
    await sleep(1_500);
    writing = false;
    await Promise.all(writers);
    for (let i = 0; i < 100 && completed.length < created.size; i++) await sleep(100);
    working = false;
    await Promise.all(workers);
    watching.clear();

    const takenOut = JSON.stringify(Object.fromEntries(takenOutAfterSignal));
    expect(failures, `taken out of the balancer (ms after SIGTERM): ${takenOut}`).toEqual([]);
    expect(created.size).toBeGreaterThan(20);
    expect(completed.sort((x, y) => x - y)).toEqual([...created].sort((x, y) => x - y));
    const statuses = rowsOf<{ status: string; count: number }>(
      await database.db.execute(
        sql`select status, count(*)::int as count from worker_requests where topic = ${topic} group by status`,
      ),
    );
    expect(statuses).toEqual([{ status: 'COMPLETED', count: created.size }]);
  }, 180_000);
});
