// The process's one logger: JSON lines on stdout (pino), level from LOG_LEVEL. No secret may reach a line:
// fields that carry them are redacted by path, and every line is scrubbed of token- and hash-shaped text
// besides, since an error's message (a failed query's parameters, say) is not under our control.
import pino, { type Logger } from 'pino';
import { logContext } from '../lib/request-context';

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

// The request being handled (server/observe-requests.ts): lib/, so that db/ reads it too (the trace context
// a timeline entry keeps).
export { logContext, type RequestContext } from '../lib/request-context';

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
      mixin: () => {
        const request = logContext.getStore();
        return request ? { requestId: request.requestId, traceId: request.traceId } : {};
      },
      hooks: { streamWrite: scrubSecrets },
    },
    logDestination(),
  );
}

/**
 * Stdout, written asynchronously: a line is queued and written by the next write of the event loop, the
 * lines queued meanwhile in one write. A synchronous write per line was 11% of the busy time of a cheap
 * request under load (docs/performance.md). No line is lost for it: a graceful stop awaits flushLog before
 * it exits, and pino writes what is queued synchronously at any exit of the main thread (a fatal exception
 * too). LOG_SYNC=true writes each line at once, for debugging a crash that kills the process (SIGKILL).
 */
function logDestination() {
  return pino.destination({ dest: 1, sync: process.env.LOG_SYNC === 'true' });
}

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
