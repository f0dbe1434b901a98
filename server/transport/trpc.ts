// The one initTRPC: context, procedure builders by permission, and the error mapping.
import { randomUUID } from 'node:crypto';
import { initTRPC, type TRPCCreateRouterOptions } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '../../db/client';
import type { RequestContext } from '../../lib/request-context';
import type { SerializedAnswer } from '../../lib/serialized-answer';
import type { FileFormat } from '../../lib/streamed-file';
import {
  readAuthentication,
  rememberedAuthentication,
  type Credentials,
  type Principal,
} from '../auth/principal';
import { unfinishedSignIn } from '../auth/admission';
import { scopeAllows, scopeRefusal, type ProcedureScope } from '../auth/token-scopes';
import {
  DomainError,
  domainErrorOf,
  fieldError,
  consoleSessionRequired,
  forbidden,
  problemOf,
  toTRPCError,
  unauthenticated,
} from '../errors';
import { unacceptableInput } from './input-guard';
import { countAuthFailure } from '../observability/metrics';
import { OperationBuilder, operationRouter } from './operation';
import type { Permission } from '../permissions';
import { notificationSettings } from '../runtime/notification-settings';
import type { NotificationSettings } from '../services/notifications/settings';
import type { IdempotentRequest } from '../services/idempotency';
import type { Dispatcher } from '../services/workers/dispatcher';

export interface Context {
  db: Db;
  /** Wakes long-polling workers (server/services/workers/dispatcher.ts). */
  dispatcher: Dispatcher;
  principal: Principal | null;
  /** Why the credentials that were sent did not authenticate. */
  authFailure?: string;
  /** A body the transport could not read (bad JSON, not an object): reported after auth, as a 400. */
  bodyError?: DomainError;
  /** The HTTP request's id, or a new one for an in-process caller. */
  requestId: string;
  /** The HTTP request's context (lib/request-context.ts): its trace, arrival, and a long poll's deadline. */
  request?: RequestContext;
  /** The client's address (server/transport/client-address.ts), for throttling sign-in; unknown to in-process callers. */
  clientAddress?: string;
  /**
   * The signal that aborts when the client goes away (ends a long poll early), made on first call: most
   * procedures never ask for it.
   */
  clientSignal?: () => AbortSignal | undefined;
  /** The request's Idempotency-Key header, as sent (server/transport/idempotency-key.ts reads it). */
  idempotencyKey?: string;
  /**
   * The write as sent with its Idempotency-Key, for an operation whose service claims the key itself
   * (AppMeta.idempotent `'claimed-by-service'`); set by server/transport/idempotency-key.ts.
   */
  idempotency?: IdempotentRequest;
  /** What the notification services need from the process: where webhooks may go, the console's address. */
  notifications: NotificationSettings;
  /**
   * Given by a transport that writes an answer serialized already as it is (REST): an operation's
   * SerializedAnswer is handed over here (server/transport/operation.ts).
   */
  serialized?: { answer?: SerializedAnswer };
}

export async function createContext(opts: {
  db: Db;
  dispatcher: Dispatcher;
  credentials?: Credentials;
  request?: RequestContext;
  bodyError?: DomainError;
  clientAddress?: string;
  /** The signal, or how to make it on first use (most procedures never read it: server/transport/api-handler.ts). */
  signal?: AbortSignal | (() => AbortSignal);
  idempotencyKey?: string;
  /** The process's, read from its environment, unless given. */
  notifications?: NotificationSettings;
  serialized?: Context['serialized'];
}): Promise<Context> {
  const credentials = opts.credentials ?? {};
  // Mostly known already: then without a promise (server/auth/principal.ts).
  const auth =
    rememberedAuthentication(opts.db, credentials) ??
    (await readAuthentication(opts.db, credentials).catch((error: unknown) => {
      // A database outage is a 503 here too, not the 500 tRPC makes of any error in a context.
      const domain = domainErrorOf(error);
      throw domain ? toTRPCError(domain) : error;
    }));
  if ('failure' in auth && auth.failure) countAuthFailure('token');
  const makeSignal = opts.signal;
  let signal = typeof makeSignal === 'function' ? undefined : makeSignal;
  // A function, not a getter: a getter in this literal gave every context a hidden class of its own, which
  // V8 keeps in its old generation, and through it the whole request survived every scavenge until the next
  // full collection.
  return {
    db: opts.db,
    dispatcher: opts.dispatcher,
    principal: auth.principal,
    authFailure: auth.principal ? undefined : 'failure' in auth ? auth.failure : undefined,
    bodyError: opts.bodyError,
    requestId: opts.request?.requestId ?? randomUUID(),
    request: opts.request,
    clientAddress: opts.clientAddress,
    clientSignal: () => (signal ??= typeof makeSignal === 'function' ? makeSignal() : undefined),
    idempotencyKey: opts.idempotencyKey,
    notifications: opts.notifications ?? notificationSettings(),
    serialized: opts.serialized,
  };
}

export type AppMeta = OpenApiMeta & {
  /** HTTP status of a successful REST answer that has no body (204); one with a body is a 200. */
  successStatus?: 204;
  /** The narrow API token scope that admits this procedure (server/auth/token-scopes.ts); set per router. */
  tokenScope?: ProcedureScope;
  /** The largest REST body the procedure takes, when it is not MAX_BODY_BYTES (server/transport/api-handler.ts). */
  maxBodyBytes?: number;
  /**
   * The write takes an Idempotency-Key header: done once per key, a repeat answered with the first answer
   * (server/transport/idempotency-key.ts, applied from this meta to every transport), and documented.
   * `'claimed-by-service'`: the service claims the key in a transaction it shares with other writes (reports
   * written together), given it as `ctx.idempotency`.
   */
  idempotent?: true | 'claimed-by-service';
  /** Why the write may answer 409, in the document's words (its problem's description); none, no 409. */
  conflict?: string;
  /**
   * The answer is a file written while it is read (a StreamedFile, lib/streamed-file.ts), in one of these
   * formats, not JSON: server/transport/file-answer.ts writes it, the document describes its media types.
   */
  file?: { formats: readonly FileFormat[] };
  /**
   * Admitted while an administrator still has to enrol the second factor REQUIRE_SECOND_FACTOR_FOR_ADMINS
   * asks of them: enrolling it, and the console's question of who is signed in. Everything else is refused.
   */
  beforeSecondFactor?: true;
  /**
   * Adds a second factor or recovery codes: only from a console session, never with a bearer token (an API
   * token or an access token), which a script may hold and which does not show the person is there.
   */
  consoleSessionOnly?: true;
  /** Open to anyone: set by publicOperation, and documented so (no security requirement). */
  public?: true;
  /** Checks a username and password itself: the document gives its 401 and the 429 of failed sign-ins. */
  signIn?: true;
  /** Why the operation may answer 403, in the document's words, when it is not a permission or a token's scope. */
  forbidden?: string;
  /** Why the operation may answer 404, in the document's words, when its path names no record. */
  notFound?: string;
};

const t = initTRPC
  .context<Context>()
  .meta<AppMeta>()
  .create({
    // Never put stack traces in answers, also in development.
    isDev: false,
    errorFormatter({ shape, error, ctx }) {
      const problem = problemOf(error, ctx?.requestId ?? randomUUID());
      // A 500's own message may hold SQL or a stack: the client only gets the problem's words.
      return { ...shape, message: problem.detail, problem };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/** What a procedure's chain gives back: its data, or the error that ended it (as tRPC's middlewares pass it). */
export type ChainResult = { ok: true; data: unknown } | { ok: false; error: unknown };

/**
 * The rules of a procedure, in three parts around its validation and resolver: `admit` before the input is
 * read, `inspect` the raw input, `settle` whatever validation and the resolver gave. Every procedure runs
 * them as its first middleware (rulesMiddleware below), whatever transport called it.
 */
export interface ProcedureRules {
  admit(call: { ctx: Context; meta: AppMeta | undefined; type: string }): void;
  inspect(ctx: Context, rawInput: unknown): void;
  settle<R extends ChainResult>(result: R): R;
}

/**
 * Services throw DomainErrors; tRPC wraps them as 500s. Give them back their own status. Applied to the
 * result of everything after the rules (the input and output validation, the resolver).
 */
function withDomainStatus<R extends ChainResult>(result: R): R {
  if (!result.ok) {
    const domain = domainErrorOf(result.error);
    if (domain && (result.error as { code?: string }).code !== domain.trpcCode) throw toTRPCError(domain);
  }
  return result;
}

/** A body the transport could not read, or input no procedure may be given (server/transport/input-guard.ts): a 400. */
function rejectUnacceptableInput(ctx: Context, rawInput: unknown): void {
  if (ctx.bodyError) throw toTRPCError(ctx.bodyError);
  const problem = unacceptableInput(rawInput);
  if (problem) throw toTRPCError(fieldError(problem.field, problem.message));
}

/**
 * The caller, in this order: signed in (a password an administrator set for someone is for changing it, a
 * public procedure, nothing else), holding at least one of `anyOf` when given (effective permissions: direct
 * or through a group), and an API token runs only what its scope admits, on top of its user's permissions.
 */
function admitCaller(
  ctx: Context,
  meta: AppMeta | undefined,
  type: string,
  anyOf?: readonly Permission[],
): void {
  const principal = ctx.principal;
  if (!principal) throw toTRPCError(unauthenticated(ctx.authFailure));
  const unfinished = unfinishedSignIn(principal, { enrolling: meta?.beforeSecondFactor });
  if (unfinished) throw toTRPCError(unfinished);
  if (meta?.consoleSessionOnly && !principal.sessionId) throw toTRPCError(consoleSessionRequired());
  if (anyOf && !anyOf.some((p) => principal.permissions.has(p))) {
    throw toTRPCError(forbidden(`This operation needs the permission ${anyOf.join(' or ')}`));
  }
  const scope = principal.scope ?? 'FULL';
  if (!scopeAllows(scope, { scope: meta?.tokenScope, type: type as never }))
    throw toTRPCError(forbidden(scopeRefusal(scope)));
}

/**
 * The rules as one tRPC middleware: admit the caller, read and inspect the input, then settle what the
 * validation and the resolver gave. A signed-in caller's principal is ctx.principal, which admit checked:
 * `next` passes no context, and only its type changes (no longer null).
 */
function rulesMiddleware<Overrides extends object>(rules: ProcedureRules) {
  return t.middleware(async (opts) => {
    rules.admit(opts);
    rules.inspect(opts.ctx, await opts.getRawInput());
    return rules.settle(await opts.next({ ctx: undefined as unknown as Overrides }));
  });
}

const publicRules: ProcedureRules = {
  admit: () => {},
  inspect: rejectUnacceptableInput,
  settle: withDomainStatus,
};

/** Open to anyone: sign-in and the service's own description. */
export const publicOperation = new OperationBuilder(t.procedure.use(rulesMiddleware<object>(publicRules)), {
  meta: { public: true },
});

function signedIn(anyOf?: readonly Permission[]) {
  const rules: ProcedureRules = {
    // Authentication and permission are checked before the input is read (docs/contract.md §4).
    admit: ({ ctx, meta, type }) => admitCaller(ctx, meta, type, anyOf),
    inspect: rejectUnacceptableInput,
    settle: withDomainStatus,
  };
  const procedure = t.procedure.use(rulesMiddleware<{ principal: Principal }>(rules));
  return new OperationBuilder(procedure, { meta: {} });
}

/** Any signed-in caller, whatever their permissions (the console asks who it is signed in as). */
export const signedInOperation = signedIn();

/**
 * Needs a signed-in caller holding at least one of `anyOf` (effective permissions: direct or through a group).
 * Authentication and permission are checked before the input is read (docs/contract.md §4).
 */
export function permissionOperation(...anyOf: [Permission, ...Permission[]]) {
  return signedIn(anyOf);
}

/** A router of operations (server/transport/operation.ts): tRPC's router, whose operations REST serves too. */
export function operations<R extends TRPCCreateRouterOptions>(record: R): ReturnType<typeof t.router<R>> {
  return operationRouter((r: R) => t.router(r), record);
}
