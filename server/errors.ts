// Domain errors, and the one mapping that turns any error into a problem document (docs/contract.md §3).
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { ZodError } from 'zod';
import { isDatabaseUnavailable, isOutcomeUnknown } from '../db/availability';

export interface FieldError {
  field: string;
  message: string;
}

export interface Problem {
  type: 'about:blank';
  title: string;
  status: number;
  detail: string;
  code: string;
  errors: FieldError[];
  requestId?: string;
}

type DomainErrorKind =
  | 'VALIDATION_FAILED'
  | 'NOT_RETRYABLE'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'PASSWORD_CHANGE_REQUIRED'
  | 'SECOND_FACTOR_REQUIRED'
  | 'SECOND_FACTOR_ENROLMENT_REQUIRED'
  | 'CONSOLE_SESSION_REQUIRED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'INVALID_STATE'
  | 'LAST_ADMIN'
  | 'IDEMPOTENCY_KEY_REUSED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'RATE_LIMITED'
  | 'METHOD_NOT_ALLOWED'
  | 'REQUEST_HEADERS_TOO_LARGE'
  | 'REQUEST_TIMEOUT'
  | 'DATABASE_UNAVAILABLE'
  | 'SHUTTING_DOWN';

const KINDS: Record<DomainErrorKind, { status: number; title: string; trpc: TRPC_ERROR_CODE_KEY }> = {
  VALIDATION_FAILED: { status: 400, title: 'Bad Request', trpc: 'BAD_REQUEST' },
  NOT_RETRYABLE: { status: 400, title: 'Bad Request', trpc: 'BAD_REQUEST' },
  UNAUTHENTICATED: { status: 401, title: 'Unauthorized', trpc: 'UNAUTHORIZED' },
  FORBIDDEN: { status: 403, title: 'Forbidden', trpc: 'FORBIDDEN' },
  PASSWORD_CHANGE_REQUIRED: { status: 403, title: 'Forbidden', trpc: 'FORBIDDEN' },
  SECOND_FACTOR_REQUIRED: { status: 401, title: 'Unauthorized', trpc: 'UNAUTHORIZED' },
  SECOND_FACTOR_ENROLMENT_REQUIRED: { status: 403, title: 'Forbidden', trpc: 'FORBIDDEN' },
  CONSOLE_SESSION_REQUIRED: { status: 403, title: 'Forbidden', trpc: 'FORBIDDEN' },
  NOT_FOUND: { status: 404, title: 'Not Found', trpc: 'NOT_FOUND' },
  CONFLICT: { status: 409, title: 'Conflict', trpc: 'CONFLICT' },
  INVALID_STATE: { status: 409, title: 'Conflict', trpc: 'CONFLICT' },
  LAST_ADMIN: { status: 409, title: 'Conflict', trpc: 'CONFLICT' },
  PAYLOAD_TOO_LARGE: { status: 413, title: 'Content Too Large', trpc: 'PAYLOAD_TOO_LARGE' },
  IDEMPOTENCY_KEY_REUSED: { status: 422, title: 'Unprocessable Content', trpc: 'UNPROCESSABLE_CONTENT' },
  UNSUPPORTED_MEDIA_TYPE: { status: 415, title: 'Unsupported Media Type', trpc: 'UNSUPPORTED_MEDIA_TYPE' },
  RATE_LIMITED: { status: 429, title: 'Too Many Requests', trpc: 'TOO_MANY_REQUESTS' },
  // The HTTP layer's own refusals, answered before any procedure (server/transport/api-handler.ts).
  METHOD_NOT_ALLOWED: { status: 405, title: 'Method Not Allowed', trpc: 'METHOD_NOT_SUPPORTED' },
  REQUEST_HEADERS_TOO_LARGE: { status: 431, title: 'Request Header Fields Too Large', trpc: 'BAD_REQUEST' },
  REQUEST_TIMEOUT: { status: 408, title: 'Request Timeout', trpc: 'TIMEOUT' },
  DATABASE_UNAVAILABLE: { status: 503, title: 'Service Unavailable', trpc: 'SERVICE_UNAVAILABLE' },
  // A long-lived request (an event stream) refused by an instance that drains for a shutdown.
  SHUTTING_DOWN: { status: 503, title: 'Service Unavailable', trpc: 'SERVICE_UNAVAILABLE' },
};

/** Every code a problem document can carry: the kinds above, and INTERNAL for a bug (a 500). */
export const PROBLEM_CODES = [...(Object.keys(KINDS) as DomainErrorKind[]), 'INTERNAL'] as const;

/** The status and title a problem of this kind is answered with. */
export const problemKind = (kind: DomainErrorKind) => KINDS[kind];
export type { DomainErrorKind };

/** An expected failure with a stable code. Services throw these; nothing else reaches a client as-is. */
export class DomainError extends Error {
  readonly status: number;
  readonly title: string;
  readonly trpcCode: TRPC_ERROR_CODE_KEY;
  constructor(
    readonly kind: DomainErrorKind,
    message: string,
    readonly fieldErrors: FieldError[] = [],
    /** Extra response headers (Retry-After, WWW-Authenticate). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'DomainError';
    ({ status: this.status, title: this.title, trpc: this.trpcCode } = KINDS[kind]);
  }
}

export const validationError = (message: string, errors: FieldError[] = []) =>
  new DomainError('VALIDATION_FAILED', message, errors);
export const fieldError = (field: string, message: string) =>
  validationError(`${field}: ${message}`, [{ field, message }]);
export const notFound = (what: string, id: number | string) =>
  new DomainError('NOT_FOUND', `${what} ${id} not found`);
export const conflict = (message: string, errors: FieldError[] = []) =>
  new DomainError('CONFLICT', message, errors);
export const invalidState = (message: string) => new DomainError('INVALID_STATE', message);
export const lastAdmin = () =>
  new DomainError(
    'LAST_ADMIN',
    'This change would leave no enabled user holding ACCESS_BPM_ADMIN; grant it to someone else first',
  );
/** An Idempotency-Key sent again with another request than the one it was first sent with. */
export const idempotencyKeyReused = (key: string) =>
  new DomainError(
    'IDEMPOTENCY_KEY_REUSED',
    `The Idempotency-Key ${JSON.stringify(key)} was sent before with another request; use a new key for a new request`,
  );
export const notRetryable = (message: string) => new DomainError('NOT_RETRYABLE', message);
export const unauthenticated = (message = 'A valid bearer token is required') =>
  new DomainError('UNAUTHENTICATED', message, [], { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (message: string) => new DomainError('FORBIDDEN', message);
export const passwordChangeRequired = () =>
  new DomainError(
    'PASSWORD_CHANGE_REQUIRED',
    'An administrator set this password for you: change it first (POST /api/password)',
  );
/** The password was right and the account has a second factor: the same request again, with its code. */
export const secondFactorRequired = () =>
  new DomainError(
    'SECOND_FACTOR_REQUIRED',
    'This account has a second factor: send the password again with `code` (a current code from your authenticator app, or a recovery code); for scripts, use an API token',
  );
/** REQUIRE_SECOND_FACTOR_FOR_ADMINS: an administrator without one may do nothing but enrol it. */
export const secondFactorEnrolmentRequired = () =>
  new DomainError(
    'SECOND_FACTOR_ENROLMENT_REQUIRED',
    'Administrators must have a second factor: enrol one first, signed in to the console (/second-factor)',
  );
/**
 * Second factors and recovery codes are added only from a console session: a token (an API token, or an
 * access token of the password grant) is a credential a script holds, not the person proving it is them.
 */
export const consoleSessionRequired = () =>
  new DomainError(
    'CONSOLE_SESSION_REQUIRED',
    'Second factors and recovery codes are added only when signed in to the console, never with a token',
  );
export const payloadTooLarge = (limitBytes: number) =>
  new DomainError('PAYLOAD_TOO_LARGE', `Request body is larger than ${limitBytes} bytes`);
export const unsupportedMediaType = () =>
  new DomainError('UNSUPPORTED_MEDIA_TYPE', 'A request body must be sent as Content-Type: application/json');
export const rateLimited = (
  retryAfterSeconds: number,
  message = `Too many failed sign-in attempts; try again in ${retryAfterSeconds} seconds`,
) => new DomainError('RATE_LIMITED', message, [], { 'Retry-After': String(retryAfterSeconds) });

export const methodNotAllowed = (method: string, allowed: string[]) =>
  new DomainError(
    'METHOD_NOT_ALLOWED',
    `${method} is not allowed here; this path answers ${allowed.join(', ')}`,
    [],
    { Allow: allowed.join(', ') },
  );
export const requestHeadersTooLarge = () =>
  new DomainError('REQUEST_HEADERS_TOO_LARGE', 'The request line and headers must fit in 16 KiB');
export const requestTimeout = () =>
  new DomainError('REQUEST_TIMEOUT', 'The request was not received in time');

/** Seconds a client is told to wait after a 503: the database is probed several times a second. */
const DATABASE_RETRY_AFTER_SECONDS = 2;
export const databaseUnavailable = (
  detail = 'The database cannot be reached at the moment; try again shortly',
) =>
  new DomainError('DATABASE_UNAVAILABLE', detail, [], {
    'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS),
  });

/** The COMMIT was sent and never confirmed (db/resilient-postgres.ts): the answer cannot say what happened. */
const OUTCOME_UNKNOWN =
  'The database did not confirm the change in time: it may have been stored. Look before sending it again, or send it again with the same Idempotency-Key where the operation takes one';

/** An instance draining for a shutdown refuses new event streams: the client connects again, elsewhere. */
export const shuttingDown = () =>
  new DomainError('SHUTTING_DOWN', 'This instance is shutting down: connect again', [], {
    'Retry-After': '1',
    Connection: 'close',
  });

/** tRPC keeps a TRPCError thrown from a procedure; this one carries the domain error as its cause. */
export function toTRPCError(error: DomainError): TRPCError {
  return new TRPCError({ code: error.trpcCode, message: error.message, cause: error });
}

function zodFieldErrors(error: ZodError): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.length ? issue.path.join('.') : '(body)',
    message: issue.message,
  }));
}

/** PostgreSQL refused text the request carried: character_not_in_repertoire, untranslatable_character. */
function isUnstorableText(error: Error): boolean {
  const code = (error as { code?: unknown }).code;
  return code === '22021' || code === '22P05';
}

/** tRPC's message for an answer its procedure's output schema refused (@trpc/server 11). */
const OUTPUT_REFUSED = 'Output validation failed';

/** The domain error behind any error tRPC hands us, or undefined when there is none. */
export function domainErrorOf(error: unknown): DomainError | undefined {
  for (let e = error; e instanceof Error; e = (e as Error).cause) {
    if (e instanceof DomainError) return e;
    // The ZodError behind it is about our answer, not the request: a fault of ours, a 500, never a 400.
    if (e instanceof TRPCError && e.message === OUTPUT_REFUSED) return undefined;
    if (isDatabaseUnavailable(e))
      return isOutcomeUnknown(e) ? databaseUnavailable(OUTCOME_UNKNOWN) : databaseUnavailable();
    if (isUnstorableText(e)) {
      // A safety net: server/transport/input-guard.ts refuses such text in every input before it reaches the database.
      return fieldError(
        '(request)',
        'holds characters that cannot be stored (NUL or half of a surrogate pair)',
      );
    }
    if (e instanceof ZodError) {
      const errors = zodFieldErrors(e);
      return validationError(errors.map((x) => `${x.field}: ${x.message}`).join('; '), errors);
    }
  }
  return undefined;
}

/** The problem document of a domain error. */
export function domainProblem(domain: DomainError): Problem {
  return {
    type: 'about:blank',
    title: domain.title,
    status: domain.status,
    detail: domain.message,
    code: domain.kind,
    errors: domain.fieldErrors,
  };
}

/** The one mapping from an error to a problem document. Unknown errors become a 500 that says nothing. */
export function problemOf(error: unknown, requestId: string): Problem {
  const domain = domainErrorOf(error);
  if (domain) return domainProblem(domain);
  if (error instanceof TRPCError) {
    // Errors tRPC raises itself, before any procedure (input it cannot parse, a batch it cannot read).
    const known: Partial<Record<TRPC_ERROR_CODE_KEY, [number, string, string, string]>> = {
      BAD_REQUEST: [400, 'Bad Request', 'VALIDATION_FAILED', 'The request is not valid'],
      NOT_FOUND: [404, 'Not Found', 'NOT_FOUND', 'No such resource'],
      PARSE_ERROR: [400, 'Bad Request', 'VALIDATION_FAILED', 'The request body is not valid JSON'],
      METHOD_NOT_SUPPORTED: [405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED', 'Method not allowed here'],
      PAYLOAD_TOO_LARGE: [413, 'Content Too Large', 'PAYLOAD_TOO_LARGE', 'Request body too large'],
      UNSUPPORTED_MEDIA_TYPE: [
        415,
        'Unsupported Media Type',
        'UNSUPPORTED_MEDIA_TYPE',
        'Send application/json',
      ],
    };
    const k = known[error.code];
    if (k) return { type: 'about:blank', status: k[0], title: k[1], code: k[2], detail: k[3], errors: [] };
  }
  return {
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: 'An unexpected error occurred; quote the request id when reporting it',
    code: 'INTERNAL',
    errors: [],
    requestId,
  };
}
