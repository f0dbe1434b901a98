// The cluster's primary writes its few lines itself, in the shape of the workers' (server/observability/log.ts:
// JSON with level, time, pid, the fields and msg): pino and the service's logger stay out of the primary,
// which loads nothing it does not need (server/runtime/cluster.ts). Each line is one synchronous write of
// less than PIPE_BUF bytes, never split around a worker's line on the stdout they share, and written before
// the call returns, so an exit right after loses none. Its fields are pids, counts and exit codes: no secret.
import { writeStdoutSync } from '../observability/stdout-sync';

/** pino's levels, most severe first; LOG_LEVEL names the least severe written (`silent`: none). */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

function writeLine(level: string, fields: object, msg: string) {
  const wanted = (process.env.LOG_LEVEL ?? '').toLowerCase();
  if (wanted === 'silent') return;
  const threshold = LEVELS.includes(wanted) ? LEVELS.indexOf(wanted) : LEVELS.indexOf('info');
  if (LEVELS.indexOf(level) > threshold) return;
  writeStdoutSync([
    Buffer.from(
      `${JSON.stringify({ level, time: new Date().toISOString(), pid: process.pid, ...fields, msg })}\n`,
    ),
  ]);
}

export const primaryLog = {
  info: (fields: object, msg: string) => writeLine('info', fields, msg),
  warn: (fields: object, msg: string) => writeLine('warn', fields, msg),
  error: (fields: object, msg: string) => writeLine('error', fields, msg),
};
