// The cluster's primary writes its few lines itself, in the shape of the workers' (server/observability/log.ts:
// JSON with level, time, pid, the fields and msg): pino and the service's logger stay out of the primary,
// which loads nothing it does not need (server/runtime/cluster.ts). Each line is one synchronous write of
// less than PIPE_BUF bytes, never split around a worker's line on the stdout they share, and written before
// the call returns, so an exit right after loses none. Its fields are pids, counts and exit codes: no secret.
import fs from 'node:fs';

/** pino's levels, most severe first; LOG_LEVEL names the least severe written (`silent`: none). */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];
const STDOUT = 1;
const RETRY_MS = 10;
const WRITE_BOUND_MS = 10_000;

function writeLine(level: string, fields: object, msg: string) {
  const wanted = (process.env.LOG_LEVEL ?? '').toLowerCase();
  if (wanted === 'silent') return;
  const threshold = LEVELS.includes(wanted) ? LEVELS.indexOf(wanted) : LEVELS.indexOf('info');
  if (LEVELS.indexOf(level) > threshold) return;
  let rest = Buffer.from(
    `${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, ...fields, msg })}\n`,
  );
  // A worker may have made the shared stdout non-blocking: a full pipe answers EAGAIN, tried again shortly.
  const deadline = Date.now() + WRITE_BOUND_MS;
  while (rest.length) {
    try {
      rest = rest.subarray(fs.writeSync(STDOUT, rest));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > deadline) return;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
    }
  }
}

export const primaryLog = {
  info: (fields: object, msg: string) => writeLine('info', fields, msg),
  warn: (fields: object, msg: string) => writeLine('warn', fields, msg),
  error: (fields: object, msg: string) => writeLine('error', fields, msg),
};
