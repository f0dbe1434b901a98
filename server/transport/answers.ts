// How the API writes its answers over node:http: JSON (or an answer serialized already), problem documents,
// and what every entry point of a procedure shares (its credentials, the signal of a client gone away).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { TRPCError } from '@trpc/server';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { domainErrorOf, type Problem } from '../errors';
import { log } from '../observability/log';

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  contentType = 'application/json',
) {
  res.statusCode = status;
  res.setHeader('Content-Type', contentType);
  res.end(body instanceof SerializedAnswer ? body.json : JSON.stringify(body));
}

export function sendProblem(res: ServerResponse, problem: Problem, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  sendJson(res, problem.status, problem, 'application/problem+json');
}

/** Anything thrown, as a TRPCError (an unknown error is a 500). */
export function trpcErrorOf(cause: unknown): TRPCError {
  if (cause instanceof TRPCError) return cause;
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) error.stack = cause.stack;
  return error;
}

/** The headers a refusal carries (Retry-After, Allow), for the first of the errors. */
export function errorHeaders(errors: TRPCError[]): Record<string, string> {
  return domainErrorOf(errors[0])?.headers ?? {};
}

/** Logs an error that is not a refusal: the client only gets a 500 with the request id. */
export function logIfInternal(error: TRPCError, requestId: string | undefined, where: string) {
  if (!domainErrorOf(error) && (error.code === 'INTERNAL_SERVER_ERROR' || !error.code)) {
    log.error({ err: error.cause ?? error, requestId }, `${where} failed`);
  }
}

/**
 * Aborts when the response is closed before it was sent (the client went away). A response that was sent
 * aborts nothing: no one listens any more, and an abort builds a DOMException with its stack, which was the
 * largest single cost of a thousand long polls answering together. Made when a procedure first asks for it
 * (only long polls do): a controller and a listener per request were about 2% of a read's CPU. Asked for
 * after the client went away, it is aborted already.
 */
export function abortedOnClose(res: ServerResponse): AbortSignal {
  if (res.closed) return res.writableFinished ? new AbortController().signal : AbortSignal.abort();
  const controller = new AbortController();
  res.once('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** REST takes a bearer token only; the console's session cookie counts where the transport admits it. */
export const credentialsOf = (req: IncomingMessage, sessionCookieAdmitted = false) => ({
  authorization: req.headers.authorization,
  cookie: sessionCookieAdmitted ? req.headers.cookie : undefined,
});

/** The Idempotency-Key header as sent (a header sent twice arrives joined by a comma, and is malformed). */
export const idempotencyKeyOf = (req: IncomingMessage) =>
  req.headers['idempotency-key'] as string | undefined;
