// The one initTRPC: context, procedure builders by permission, and the error mapping.
import { randomUUID } from 'node:crypto';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '../db/client';
import { authenticate, type Credentials, type Principal } from './auth/principal';
import { scopeAllows, scopeRefusal, type ProcedureScope } from './auth/token-scopes';
import {
  DomainError,
  domainErrorOf,
  fieldError,
  forbidden,
  passwordChangeRequired,
  problemOf,
  toTRPCError,
  unauthenticated,
} from './errors';
import { unacceptableInput } from './input-guard';
import { countAuthFailure } from './metrics';
import type { Permission } from './permissions';
import type { Dispatcher } from './services/workers/dispatcher';

export interface Context {
  db: Db;
  /** Wakes long-polling workers (server/services/workers/dispatcher.ts). */
  dispatcher: Dispatcher;
  principal: Principal | null;
  /** Why the credentials that were sent did not authenticate. */
  authFailure?: string;
  /** A body the transport could not read (bad JSON, not an object): reported after auth, as a 400. */
  bodyError?: DomainError;
  requestId: string;
  /** The client's address (server/client-address.ts), for throttling sign-in; unknown to in-process callers. */
  clientAddress?: string;
  /** Aborts when the client goes away (ends a long poll early). */
  signal?: AbortSignal;
  /** When the request arrived (epoch ms): a long poll's waitMs counts from then, not from after its auth. */
  receivedAt?: number;
}

export async function createContext(opts: {
  db: Db;
  dispatcher: Dispatcher;
  credentials?: Credentials;
  requestId?: string;
  bodyError?: DomainError;
  clientAddress?: string;
  signal?: AbortSignal;
  receivedAt?: number;
}): Promise<Context> {
  const auth = await authenticate(opts.db, opts.credentials ?? {}).catch((error: unknown) => {
    // A database outage is a 503 here too, not the 500 tRPC makes of any error in a context.
    const domain = domainErrorOf(error);
    throw domain ? toTRPCError(domain) : error;
  });
  if ('failure' in auth && auth.failure) countAuthFailure('token');
  return {
    db: opts.db,
    dispatcher: opts.dispatcher,
    principal: auth.principal,
    authFailure: auth.principal ? undefined : 'failure' in auth ? auth.failure : undefined,
    bodyError: opts.bodyError,
    requestId: opts.requestId ?? randomUUID(),
    clientAddress: opts.clientAddress,
    signal: opts.signal,
    receivedAt: opts.receivedAt,
  };
}

export type AppMeta = OpenApiMeta & {
  /** HTTP status of a successful REST answer that has no body (204); one with a body is a 200. */
  successStatus?: 204;
  /** The narrow API token scope that admits this procedure (server/auth/token-scopes.ts); set per router. */
  tokenScope?: ProcedureScope;
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

/** Services throw DomainErrors; tRPC wraps them as 500s. Give them back their own status. */
const mapDomainErrors = t.middleware(async ({ next }) => {
  const result = await next();
  if (!result.ok) {
    const domain = domainErrorOf(result.error);
    if (domain && result.error.code !== domain.trpcCode) throw toTRPCError(domain);
  }
  return result;
});

/** A body the transport could not read, or input no procedure may be given (server/input-guard.ts): a 400. */
const rejectUnacceptableInput = t.middleware(async ({ ctx, getRawInput, next }) => {
  if (ctx.bodyError) throw toTRPCError(ctx.bodyError);
  const problem = unacceptableInput(await getRawInput());
  if (problem) throw toTRPCError(fieldError(problem.field, problem.message));
  return next();
});

const requireUser = t.middleware(({ ctx, next }) => {
  if (!ctx.principal) throw toTRPCError(unauthenticated(ctx.authFailure));
  // A password an administrator set for someone is for changing it (a public procedure), nothing else.
  if (ctx.principal.mustChangePassword) throw toTRPCError(passwordChangeRequired());
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

/** An API token runs only what its scope admits, on top of its user's permissions. */
const requireTokenScope = t.middleware(({ ctx, meta, type, next }) => {
  const scope = ctx.principal?.scope ?? 'FULL';
  if (!scopeAllows(scope, { scope: meta?.tokenScope, type }))
    throw toTRPCError(forbidden(scopeRefusal(scope)));
  return next();
});

const base = t.procedure.use(mapDomainErrors);

/** Open to anyone: sign-in and the service's own description. */
export const publicProcedure = base.use(rejectUnacceptableInput);

/** Any signed-in caller, whatever their permissions (the console asks who it is signed in as). */
export const signedInProcedure = base.use(requireUser).use(requireTokenScope).use(rejectUnacceptableInput);

/**
 * Needs a signed-in caller holding at least one of `anyOf` (effective permissions: direct or through a group).
 * Authentication and permission are checked before the input is read (docs/contract.md §4).
 */
export function permissionProcedure(...anyOf: [Permission, ...Permission[]]) {
  return base
    .use(requireUser)
    .use(({ ctx, next }) => {
      if (!anyOf.some((p) => ctx.principal.permissions.has(p))) {
        throw toTRPCError(forbidden(`This operation needs the permission ${anyOf.join(' or ')}`));
      }
      return next();
    })
    .use(requireTokenScope)
    .use(rejectUnacceptableInput);
}
