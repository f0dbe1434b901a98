// The log's batched writes (server/observability/log.ts): lines gather for up to 10 ms and go out together, and no exit of
// the process but SIGKILL loses one. Each case is a real node process logging through server/observability/log.ts, its
// stdout read through a pipe as a log shipper would.
import { spawn, type ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HANG_MARGIN_MS } from '../support/hang-bounds';

interface Run {
  child: ChildProcess;
  stdout: () => string;
  exited: Promise<number | null>;
}

/**
 * Runs `code` (an ES module body) with `log` imported from server/observability/log.ts. `readAfterMs`: its stdout is not read
 * until then, so that it fills and the process's writes are told to wait (EAGAIN: tsx, as Node does for any
 * use of process.stdout, makes the pipe non-blocking).
 */
function runLogging(code: string, env: Record<string, string> = {}, readAfterMs = 0): Run {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { log } from './server/observability/log.ts';\n${code}`,
    ],
    { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const chunks: Buffer[] = [];
  child.stdout.pause();
  setTimeout(() => child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk)).resume(), readAfterMs);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, stdout: () => Buffer.concat(chunks).toString('utf8'), exited };
}

const messages = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => (JSON.parse(l) as { msg: string }).msg);

describe('the log written in batches', () => {
  it('writes a line while the process runs on, not only at its exit', async () => {
    // The process runs on until told to stop (or for two minutes): the line must come while it runs.
    const run = runLogging(`
      log.info('first');
      const runOn = setTimeout(() => process.exit(1), 120_000);
      process.on('SIGUSR2', () => { clearTimeout(runOn); process.exit(0); });
    `);
    await expect.poll(() => messages(run.stdout()), { timeout: HANG_MARGIN_MS }).toEqual(['first']);
    expect(run.child.exitCode).toBeNull();
    run.child.kill('SIGUSR2');
    expect(await run.exited).toBe(0);
  });

  it('writes every line, in order, when the process exits at once after logging', async () => {
    const run = runLogging(`
      for (let i = 0; i < 2000; i++) log.info('line ' + i);
      process.exit(3);
    `);
    expect(await run.exited).toBe(3);
    expect(messages(run.stdout())).toEqual(Array.from({ length: 2000 }, (_, i) => `line ${i}`));
  });

  it('writes the lines before a fatal exception', async () => {
    const run = runLogging(`
      log.info('before');
      log.error('about to fail');
      setImmediate(() => { throw new Error('boom'); });
    `);
    expect(await run.exited).toBe(1);
    expect(messages(run.stdout())).toEqual(['before', 'about to fail']);
  });

  it('writes every line at an exit while stdout is full, the writes waiting to be tried again', async () => {
    // 2,000 lines of 1 KB: far more than the pipe holds, so its writes meet EAGAIN until the reader comes.
    const run = runLogging(
      `
      const payload = 'x'.repeat(1000);
      for (let i = 0; i < 2000; i++) log.info({ payload }, 'full ' + i);
      setTimeout(() => process.exit(0), 300);
    `,
      {},
      1_500,
    );
    expect(await run.exited).toBe(0);
    expect(messages(run.stdout())).toEqual(Array.from({ length: 2000 }, (_, i) => `full ${i}`));
  });

  it('keeps the lines of a flood whole, each a JSON line', async () => {
    const run = runLogging(`
      const payload = 'x'.repeat(1000);
      for (let i = 0; i < 500; i++) log.info({ payload }, 'big ' + i);
      setTimeout(() => process.exit(0), 200);
    `);
    expect(await run.exited).toBe(0);
    expect(messages(run.stdout())).toEqual(Array.from({ length: 500 }, (_, i) => `big ${i}`));
  });

  // As the cluster's workers share the primary's stdout: a socket, as here, or a pipe, as a container's log
  // driver gives. The reader stops for a while, so that the writers find it full and are told to wait
  // (EAGAIN) or take only part of a write. On the socket, writes of up to 64 KiB mixed 8-138 of these lines;
  // on the pipe, the writes of up to 16 KiB of a write per line (sonic-boom joining the queued ones) mixed 2.
  it.each([
    ['a socket', ''],
    ['a pipe', ' | cat'],
  ])(
    'never mixes the lines of two processes sharing one stdout (%s), even when its reader falls behind',
    async (_, through) => {
      const LINES = 20_000;
      const writer = (name: string) =>
        `"${process.execPath}" --import tsx server/test/support/log-writer.ts ${name} ${LINES}`;
      const child = spawn('sh', ['-c', `(${writer('a')} & ${writer('b')} & wait)${through}`], {
        env: { ...process.env, LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const chunks: Buffer[] = [];
      child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
      child.stdout.pause();
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      child.stdout.resume();
      // 'close': the process has exited and its stdout is read to the end.
      expect(await new Promise((resolve) => child.once('close', resolve))).toBe(0);
      const lines = Buffer.concat(chunks)
        .toString('utf8')
        .split('\n')
        .filter((l) => l.trim());
      const parsed = lines.map((l) => {
        try {
          return JSON.parse(l) as { msg: string; n: number };
        } catch {
          throw new Error(`not a whole JSON line: ${l.slice(0, 80)}...${l.slice(-80)}`);
        }
      });
      for (const name of ['a', 'b']) {
        const ns = parsed.filter((l) => l.msg === name).map((l) => l.n);
        expect(ns).toEqual(Array.from({ length: LINES }, (_, i) => i));
      }
    },
  );

  it('writes each line at once with LOG_SYNC=true, so that a SIGKILL loses none', async () => {
    const run = runLogging(
      `
      log.info('kept');
      process.kill(process.pid, 'SIGKILL');
    `,
      { LOG_SYNC: 'true' },
    );
    await run.exited;
    expect(messages(run.stdout())).toEqual(['kept']);
  });
});
