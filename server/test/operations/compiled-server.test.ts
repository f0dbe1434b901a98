// Production starts compiled JavaScript (npm run build: scripts/build-server.mjs; npm start runs
// dist/server/http.mjs), not TypeScript transpiled at start. This compiles the entry as the build does, into a
// directory of its own, and starts it as production does (API_ONLY; the console needs `next build`, which
// the browser tests run), on the database the tests run on.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { api, onPostgres, openTestDatabase } from '../support/helpers';
import { databaseUrlOf, startServerProcess, stopProcess, type ServerProcess } from '../support/processes';

describe('the compiled server (dist/server/http.mjs)', () => {
  // Inside the checkout (dist/ is ignored), so that its imports of packages find node_modules.
  const outdir = path.join('dist', `test-${randomBytes(4).toString('hex')}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bpm-compiled-'));
  let database: Database | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/build-server.mjs', outdir], { stdio: 'pipe' });
    if (onPostgres) database = await openTestDatabase();
    server = await startServerProcess(
      database ? await databaseUrlOf(database) : '',
      { DATA_DIR: dataDir, ADMIN_PASSWORD: 'compiled-admin-password' },
      { entry: [path.join(outdir, 'http.mjs')], startTimeoutMs: 60_000 },
    );
  });
  afterAll(async () => {
    if (server) await stopProcess(server.process, 'SIGTERM');
    await database?.close();
    rmSync(outdir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs plain Node on JavaScript: no TypeScript loader in the process', () => {
    const pid = server.process.pid!;
    const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    expect(commandLine.slice(1)).toEqual([path.join(outdir, 'http.mjs')]);
    expect(commandLine.join(' ')).not.toContain('tsx');
  });

  it('serves the API: health, sign-in, an authorised call and a problem for bad input', async () => {
    expect((await api(server.url, 'GET', '/health')).status).toBe(200);
    const signIn = await api(server.url, 'POST', '/tokens', {
      body: { username: 'admin', password: 'compiled-admin-password' },
    });
    expect(signIn.status, signIn.text).toBe(200);
    const token = signIn.body.accessToken as string;
    const stats = await api(server.url, 'GET', '/incidents/stats?days=7', { token });
    expect(stats.status, stats.text).toBe(200);
    expect(stats.body.perDay).toHaveLength(7);
    const bad = await api(server.url, 'GET', '/incidents/stats?days=0', { token });
    expect(bad.status).toBe(400);
    expect(bad.headers.get('content-type')).toContain('application/problem+json');
  });

  // The cluster's primary only forks and restarts (server/runtime/cluster.ts): it loads none of the service.
  // Each API process bounds its young generation and its deliverer thread's (docs/decisions/0014-memory-of-a-process.md).
  it.runIf(onPostgres)('runs a cluster whose primary, and each API process, hold little memory', async () => {
    const clustered = await startServerProcess(
      await databaseUrlOf(database!),
      { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
      { entry: [path.join(outdir, 'http.mjs')], startTimeoutMs: 60_000, captureStdout: true },
    );
    try {
      // Both API processes listen (the first may answer health before the second is up).
      const listening = () => clustered.stdout().split('listening on').length - 1;
      for (const deadline = Date.now() + 60_000; listening() < 2 && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 200));
      }
      const residentMb = (pid: number) =>
        Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;
      const primary = clustered.process.pid!;
      // Bare Node is well under this bound; a primary that loads the service (zod, the database client,
      // pino) is well over it.
      expect(residentMb(primary)).toBeLessThan(100);
      const workers = readFileSync(`/proc/${primary}/task/${primary}/children`, 'utf8')
        .split(' ')
        .filter(Boolean);
      expect(workers).toHaveLength(2);
      // Their most over the next seconds, while their deliverer threads start: about 150-190 MB here, 435
      // when V8 sized each young generation itself.
      let most = 0;
      for (let i = 0; i < 20; i++, await new Promise((r) => setTimeout(r, 250))) {
        most = Math.max(most, ...workers.map((pid) => residentMb(Number(pid))));
      }
      expect(most).toBeLessThan(250);
    } finally {
      await stopProcess(clustered.process, 'SIGTERM');
    }
  });
});
