// The process's one logger: JSON lines on stdout (pino), level from LOG_LEVEL. No secret may reach a line:
// fields that carry them are redacted by path, and every line is scrubbed of token- and hash-shaped text
// besides, since an error's message (a failed query's parameters, say) is not under our control.
import pino, { type Logger } from 'pino';

/** Object paths whose values never reach a line, at the top level and one level down. */
const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'secret',
  'parameters',
  'params',
];
export const REDACTED_PATHS = [
  ...SECRET_FIELDS.map((f) => `["${f}"]`),
  ...SECRET_FIELDS.map((f) => `*["${f}"]`),
  'req.headers["authorization"]',
  'req.headers["cookie"]',
  'err.cause.parameters',
  'err.cause.params',
];

/** API tokens, JWTs (access tokens, console sessions) and argon2 hashes, wherever they appear in a line. */
const SECRET_TEXT = [
  /bpm_[A-Za-z0-9_-]{8,}/g,
  /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g,
  /\$argon2(?:id|i|d)\$[^"\s,]*/g,
];

export function scrubSecrets(line: string): string {
  return SECRET_TEXT.reduce((text, pattern) => text.replace(pattern, '[REDACTED]'), line);
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function createLogger(): Logger {
  const wanted = (process.env.LOG_LEVEL ?? '').toLowerCase();
  return pino(
    {
      level: LEVELS.includes(wanted) ? wanted : 'info',
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
      redact: { paths: REDACTED_PATHS, censor: '[REDACTED]' },
      hooks: { streamWrite: scrubSecrets },
    },
    logDestination(),
  );
}

/**
 * Stdout, in batches: lines gather for up to 10 ms and go out in asynchronous writes of whole lines of at
 * most 4 KiB. A write of at most PIPE_BUF bytes to a pipe is never split around another process's (POSIX):
 * the cluster's workers share one stdout, and larger writes mixed their lines when its reader fell behind
 * (the write per line of before too, once sonic-boom had joined queued lines into 16 KiB). Batches also make
 * fewer round trips through libuv's thread pool; what that saves is small (docs/performance.md, "Seventh
 * pass"). No line is lost for it: a graceful stop awaits flushLog before it exits, and any other exit of the
 * process writes what is left synchronously (the 'exit' event, which a fatal exception raises too); only a
 * process killed outright (SIGKILL) loses its last 10 ms. LOG_SYNC=true writes each line before the call that
 * logs it returns, for debugging a crash that kills the process.
 */
function logDestination() {
  if (process.env.LOG_SYNC === 'true') return pino.destination({ dest: 1, sync: true });
  // pino's sonic-boom writes: a full pipe (EAGAIN) and partial writes are its concern. Its maxWrite keeps it
  // from joining our batches into larger writes.
  const stdout = pino.destination({ dest: 1, sync: false, maxWrite: PIPE_BUF });
  let batch = '';
  let batchBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  const writeBatch = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!batch) return;
    const lines = batch;
    batch = '';
    batchBytes = 0;
    stdout.write(lines);
  };
  process.on('exit', () => {
    writeBatch();
    try {
      stdout.flushSync();
    } catch {
      // not open yet, or closed: nothing was written to it
    }
  });
  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (batchBytes + bytes > PIPE_BUF) writeBatch();
      batch += line;
      batchBytes += bytes;
      timer ??= setTimeout(writeBatch, BATCH_MS);
    },
    /** pino's `logger.flush(done)`: the batch, then what sonic-boom holds. */
    flush(done?: (error?: Error) => void) {
      writeBatch();
      stdout.flush(done);
    },
  };
}

const BATCH_MS = 10;
/** Linux's PIPE_BUF: writes of at most this many bytes to a pipe are atomic. */
const PIPE_BUF = 4096;

/** Waits until every line logged so far is written to stdout (before a graceful exit). */
export function flushLog(): Promise<void> {
  return new Promise((resolve) => log.flush(() => resolve()));
}

// Next's routes (next-auth) load this module through their own loader: one logger for the whole process.
const globalKey = Symbol.for('bpm-admin-console.logger');
type GlobalWithLogger = typeof globalThis & { [globalKey]?: Logger };

export const log: Logger = ((globalThis as GlobalWithLogger)[globalKey] ??= createLogger());

/**
 * The one line per request (server/observe-requests.ts). Its fields are fixed and none holds a secret, so it
 * skips the redaction by path, which was more than half of a line's cost (a thousand long polls answer at
 * once); the scrub of token-shaped text applies to it as to every line.
 */
export const requestLog: Logger = log.child({}, { redact: { paths: [] } });
