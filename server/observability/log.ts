// The process's one logger: JSON lines on stdout (pino), level from LOG_LEVEL. No secret may reach a line:
// fields that carry them are redacted by path, and every line is scrubbed of token- and hash-shaped text
// besides, since an error's message (a failed query's parameters, say) is not under our control.
import fs from 'node:fs';
import pino, { type Logger } from 'pino';
import { writeStdoutSync } from './stdout-sync';

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

/**
 * API tokens, JWTs (access tokens, console sessions) and argon2 hashes, wherever they appear in a line, each
 * with the text every match of it begins with.
 */
const SECRET_TEXT: Array<[start: string, pattern: RegExp]> = [
  ['bpm_', /bpm_[A-Za-z0-9_-]{8,}/g],
  ['eyJ', /eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*\.?[A-Za-z0-9_-]*/g],
  // Up to the end of the JSON string or word: a hash's parameters are separated by commas
  // (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`), so a comma does not end it.
  ['$argon2', /\$argon2(?:id|i|d)\$[^"\s]*/g],
];

export function scrubSecrets(line: string): string {
  // Most lines hold none: looking for where a match would begin is cheaper than a regular expression's scan.
  for (const [start, pattern] of SECRET_TEXT) {
    if (line.includes(start)) line = line.replace(pattern, '[REDACTED]');
  }
  return line;
}

let timeOfMs = -1;
let timeField = '';
/**
 * pino's `isoTime` (`,"time":"2026-11-27T17:00:00.000Z"`), made once per millisecond: a busy server writes
 * several lines in the same one.
 */
function isoTimeOncePerMs(): string {
  const now = Date.now();
  if (now !== timeOfMs) {
    timeOfMs = now;
    timeField = `,"time":"${new Date(now).toISOString()}"`;
  }
  return timeField;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function createLogger(): Logger {
  const wanted = (process.env.LOG_LEVEL ?? '').toLowerCase();
  return pino(
    {
      level: LEVELS.includes(wanted) ? wanted : 'info',
      base: { pid: process.pid },
      timestamp: isoTimeOncePerMs,
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
 * the cluster's workers share one stdout, and larger writes mixed their lines when its reader fell behind.
 * A reader that stops holds no request: a stdout that blocks is
 * written from libuv's thread pool, and one that is full (EAGAIN) is tried again 10 ms later, the lines
 * waiting meanwhile. No line is lost for it: a graceful stop awaits flushLog before it exits, and any other
 * exit of the process writes what is left synchronously (the 'exit' event, which a fatal exception raises
 * too), those waiting for a full stdout included; only a process killed outright (SIGKILL) loses its last
 * 10 ms. LOG_SYNC=true writes each line before the call that logs it returns, for debugging a crash that
 * kills the process.
 */
function logDestination() {
  if (process.env.LOG_SYNC === 'true') return pino.destination({ dest: 1, sync: true });
  let batch = '';
  let batchBytes = 0;
  let timer: NodeJS.Timeout | undefined;
  /** Batches waiting for a write, oldest first. */
  const queue: Buffer[] = [];
  /** An asynchronous write is under way. */
  let writing = false;
  let retry: NodeJS.Timeout | undefined;
  /**
   * Set once stdout has answered EAGAIN, which proves it non-blocking (Node makes a pipe so once anything
   * uses process.stdout): from then on batches are written synchronously, since such a write never waits,
   * and its outcome is known at once, also at an exit.
   */
  let nonBlocking = false;
  /** Set when stdout is gone (EPIPE, EBADF): nothing more can be written. */
  let closed = false;
  let whenDrained: Array<(error?: Error) => void> = [];

  const write = () => {
    if (writing || retry) return;
    while (queue.length && !closed) {
      const next = queue[0];
      if (nonBlocking) {
        try {
          const written = fs.writeSync(STDOUT, next);
          if (written < next.length) queue[0] = next.subarray(written);
          else queue.shift();
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
            retry = setTimeout(tryAgain, RETRY_MS);
            return;
          }
          closed = true;
        }
        continue;
      }
      queue.shift();
      writing = true;
      fs.write(STDOUT, next, (error, written) => {
        writing = false;
        if (error?.code === 'EAGAIN') {
          nonBlocking = true;
          queue.unshift(next);
          retry = setTimeout(tryAgain, RETRY_MS);
          return;
        }
        if (error) closed = true;
        else if (written < next.length) queue.unshift(next.subarray(written));
        write();
      });
      return;
    }
    // Everything is written (or stdout is gone).
    queue.length = 0;
    const waiting = whenDrained;
    whenDrained = [];
    for (const done of waiting) done();
  };
  const tryAgain = () => {
    retry = undefined;
    write();
  };
  const endBatch = () => {
    clearTimeout(timer);
    timer = undefined;
    if (!batch) return;
    queue.push(Buffer.from(batch));
    batch = '';
    batchBytes = 0;
  };
  const writeBatch = () => {
    endBatch();
    write();
  };
  process.on('exit', () => {
    endBatch();
    // A write under way in the thread pool is left to finish. Writes go there only until stdout first
    // answers EAGAIN; only an exit between that first answer and its callback misses its batch.
    writeStdoutSync(queue);
  });
  return {
    write(line: string) {
      const bytes = Buffer.byteLength(line);
      if (batchBytes + bytes > PIPE_BUF) writeBatch();
      batch += line;
      batchBytes += bytes;
      timer ??= setTimeout(writeBatch, BATCH_MS);
    },
    /** pino's `logger.flush(done)`: `done` once every line logged so far is written. */
    flush(done?: (error?: Error) => void) {
      if (done) whenDrained.push(done);
      writeBatch();
    },
  };
}

const STDOUT = 1;
const BATCH_MS = 10;
const RETRY_MS = 10;
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
 * The one line per request (server/observability/observe-requests.ts). Its fields are fixed and none holds a secret, so it
 * skips the redaction by path, which was more than half of a line's cost (a thousand long polls answer at
 * once); the scrub of token-shaped text applies to it as to every line.
 */
export const requestLog: Logger = log.child({}, { redact: { paths: [] } });
