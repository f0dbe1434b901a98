// What the OpenAPI document says of an operation beyond its schemas, from its declaration: whether a token is
// needed (trpc-to-openapi's `protect`), the problems it can answer (`errorResponses`) and the headers it takes
// (`requestHeaders`). The operation builder (server/transport/operation.ts) fills these meta fields in when an
// operation is declared, so that trpc-to-openapi writes them, and a field the operation sets itself wins.
import { z } from 'zod';
import { problemKind, type DomainErrorKind } from '../errors';
import { IDEMPOTENCY_KEY_RETENTION_HOURS } from '../services/idempotency';
import { MAX_BODY_BYTES } from './transport-rules';
import type { AppMeta } from './trpc';

/** The header of the writes that take an Idempotency-Key (AppMeta.idempotent; docs/contract.md, "Idempotency-Key"). */
const IDEMPOTENCY_KEY_HEADER = z.object({
  'Idempotency-Key': z
    .string()
    .min(1)
    .max(257)
    .optional()
    .meta({
      param: {
        required: false,
        description: `Sent again with the same key (by the same user, to the same operation), the request is answered with its first answer and not done again, for ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours; a repeat that arrives while the first is under way waits for it. The same key with another request is 422 IDEMPOTENCY_KEY_REUSED. 1 to 255 visible ASCII characters, bare or as a structured-field string ("...").`,
      },
    }),
});

const sizeInWords = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / 1024 / 1024} MiB` : `${Math.round(bytes / 1024)} KiB`;

/**
 * The problems an operation can answer, by status, in the document's words. Their statuses come from the one
 * table of kinds (server/errors.ts), so the document and the service cannot disagree on them; the first
 * description of a status wins.
 */
function problemsOf(meta: AppMeta & { openapi: NonNullable<AppMeta['openapi']> }): Record<number, string> {
  const { method, path } = meta.openapi;
  const body = method === 'POST' || method === 'PUT' || method === 'PATCH';
  const writes = body || method === 'DELETE';
  const secured = !meta.public;
  const forbidden = meta.consoleSessionOnly
    ? 'CONSOLE_SESSION_REQUIRED: always over REST, whose bearer token (an API token or an access token) is not a console session; PASSWORD_CHANGE_REQUIRED until a reset password is changed'
    : "A permission or the API token's scope does not allow this; PASSWORD_CHANGE_REQUIRED until a reset password is changed";
  const kinds: [DomainErrorKind, string | false | undefined][] = [
    ['VALIDATION_FAILED', 'The input is not valid; `errors` names each field'],
    [
      'UNAUTHENTICATED',
      meta.signIn ? 'Wrong username or password, or a disabled user' : secured && 'No valid bearer token',
    ],
    ['FORBIDDEN', (secured || meta.signIn) && (meta.forbidden ?? forbidden)],
    ['NOT_FOUND', path.includes('{') ? 'No such record' : meta.notFound],
    // Why a write can find its target in a state or shape that refuses it (AppMeta.conflict).
    ['CONFLICT', writes && meta.conflict],
    ['PAYLOAD_TOO_LARGE', body && `Request body over ${sizeInWords(meta.maxBodyBytes ?? MAX_BODY_BYTES)}`],
    ['UNSUPPORTED_MEDIA_TYPE', body && 'A body must be sent as Content-Type: application/json'],
    ['IDEMPOTENCY_KEY_REUSED', meta.idempotent && 'The Idempotency-Key was sent before with another request'],
    ['RATE_LIMITED', meta.signIn && 'Too many failed sign-ins; see Retry-After'],
    [
      'RATE_LIMITED',
      secured &&
        "The bearer token's requests per minute are used up: nothing was done; see Retry-After and RateLimit",
    ],
    ['DATABASE_UNAVAILABLE', 'The database is unreachable; retry after Retry-After seconds'],
  ];
  const problems: Record<number, string> = {};
  for (const [kind, description] of kinds) {
    if (description) problems[problemKind(kind).status] ??= description;
  }
  // Any operation can meet a fault of its own: a 500 whose problem carries the request id.
  problems[500] ??= 'Internal server error';
  return problems;
}

/** The meta with trpc-to-openapi's `protect`, `errorResponses` and `requestHeaders` filled in from the declaration. */
export function documentedMeta(meta: AppMeta): AppMeta {
  if (!meta.openapi) return meta;
  const openapi = meta.openapi;
  return {
    ...meta,
    openapi: {
      protect: !meta.public,
      errorResponses: problemsOf({ ...meta, openapi }),
      ...(meta.idempotent && { requestHeaders: IDEMPOTENCY_KEY_HEADER }),
      ...openapi,
    },
  };
}
