// PGlite's lock file (db/client.ts): a stale one never blocks a start, even when its pid now belongs to a
// live, unrelated process; one held by a live server always does.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, processStartTime } from '../../../db/client';
import { startServerProcess, stopProcess } from '../support/processes';

describe('the PGlite data directory lock', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const dataDir = () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bpm-lock-'));
    dirs.push(dir);
    return dir;
  };

  it.runIf(process.platform === 'linux')(
    'a lock naming a live process that started at another time (a reused pid) does not block',
    { timeout: 120_000 },
    async () => {
      const unrelated = spawn('sleep', ['60'], { stdio: 'ignore' });
      children.push(unrelated);
      const liveStartTime = Number(processStartTime(unrelated.pid!));
      expect(liveStartTime).toBeGreaterThan(0);
      const dir = dataDir();
      writeFileSync(path.join(dir, 'bpm.lock'), `${unrelated.pid} ${liveStartTime - 1}`);
      const database = await openDatabase({ dataDir: dir });
      await database.close();
    },
  );

  it(
    'a lock held by a live server process blocks a second start on its directory',
    { timeout: 120_000 },
    async () => {
      const dir = dataDir();
      // Its lock is taken before PGlite opens the directory (which takes seconds on a new one).
      const server = await startServerProcess('', { DATA_DIR: dir }, { waitForHealth: false });
      children.push(server.process);
      const lockFile = path.join(dir, 'bpm.lock');
      while (
        !existsSync(lockFile) ||
        readFileSync(lockFile, 'utf8').split(' ')[0] !== String(server.process.pid)
      ) {
        expect(server.process.exitCode).toBeNull();
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await expect(openDatabase({ dataDir: dir })).rejects.toThrow(
        `${dir} is in use by process ${server.process.pid}`,
      );
    },
  );
});
