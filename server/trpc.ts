// The one initTRPC: context, procedure builders by permission, and the error mapping.
import { randomUUID } from 'node:crypto';
import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { Db } from '../db/client';
import { authenticate, type Credentials, type Principal } from './auth/principal';
import {
  DomainError,
  domainErrorOf,
  fieldError,
  forbidden,
  problemOf,
  toTRPCError,
  unauthenticated,
} from './errors';
import { unacceptableInput } from './input-guard';
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
  /** Aborts when the client goes away (ends a long poll early). */
  signal?: AbortSignal;
}

export async function createContext(opts: {
  db: Db;
  dispatcher: Dispatcher;
  credentials?: Credentials;
  requestId?: string;
  bodyError?: DomainError;
  signal?: AbortSignal;
}): Promise<Context> {
  const auth = await authenticate(opts.db, opts.credentials ?? {});
  return {
    db: opts.db,
    dispatcher: opts.dispatcher,
    principal: auth.principal,
    authFailure: auth.principal ? undefined : 'failure' in auth ? auth.failure : undefined,
    bodyError: opts.bodyError,
    requestId: opts.requestId ?? randomUUID(),
    signal: opts.signal,
  };
}

export type AppMeta = OpenApiMeta & {
  /** HTTP status of a successful REST answer when it is not 200 (204 for empty answers). */
  successStatus?: 204;
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
    if (domain && result.error.cause === domain) throw toTRPCError(domain);
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
  return next({ ctx: { ...ctx, principal: ctx.principal } });
});

const base = t.procedure.use(mapDomainErrors);

/** Open to anyone: sign-in and the service's own description. */
export const publicProcedure = base.use(rejectUnacceptableInput);

/** Any signed-in caller, whatever their permissions (the console asks who it is signed in as). */
export const signedInProcedure = base.use(requireUser).use(rejectUnacceptableInput);

/**
 * Needs a signed-in caller holding at least one of `anyOf` (effective permissions: direct or through a group).
 * Authentication and permission are checked before the input is read (contract section 4).
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
    .use(rejectUnacceptableInput);
}
