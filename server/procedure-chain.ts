// Each procedure's middleware chain run as one step. Every procedure of the API is built the same way
// (server/trpc.ts): its rules (one middleware), the validation of its input, the validation of its output,
// its resolver. tRPC walks such a chain as four middlewares, each an async function reached through the one
// before's `next`, each call's options copied at every step: a third of the 75 promises a read of one
// incident made, and every promise is dearer while AsyncLocalStorage follows them (docs/performance.md,
// "Sixth pass"). Here the chain becomes one middleware doing the same steps in the same order:
//  1. the rules admit the caller, before the input is read;
//  2. the raw input is read, and the rules inspect it;
//  3. the input is parsed: a refusal is a BAD_REQUEST whose cause is the ZodError;
//  4. the resolver runs, with the parsed input;
//  5. its answer is parsed: a refusal is an INTERNAL_SERVER_ERROR, "Output validation failed"; an answer
//     already checked by this output schema and serialized (server/serialized-answer.ts) is not parsed
//     again: it goes as it is to a transport that sends JSON (ctx.answersAsJson), as its value to any other;
//  6. the rules settle whatever 3-5 gave (a DomainError gets its own status back).
// A throw at 1 or 2 ends the call, as the rules middleware throwing did. Errors, statuses and messages are
// tRPC's own (@trpc/server 11: createInputMiddleware, createOutputMiddleware, createResolver). The chain is the
// array tRPC's caller walks (`_def.middlewares`, as server/rest-routes.ts reads it too), so REST, tRPC single
// and batched, the console and the event stream all run it.
//
// The schemas are parsed with zod's synchronous `parse`: zod (4) compiles an object schema into one fast
// function for synchronous parses only, where tRPC's `parseAsync` walks every field with a promise per check
// (for a process instance's 250 incidents, an eighth of its CPU: "Fifth pass"). A schema with an asynchronous
// part (a synchronous parse throws $ZodAsyncError when it meets a promise) is parsed asynchronously.
import type { AnyProcedure } from '@trpc/server';
import { getTRPCErrorFromUnknown, TRPCError } from '@trpc/server';
import { core } from 'zod';
import type { Middleware, MiddlewareCall } from './rest-routes';
import { SerializedAnswer } from './serialized-answer';
import type { ChainResult, ProcedureRules } from './trpc';

interface ZodLike {
  parse(value: unknown): unknown;
  parseAsync(value: unknown): Promise<unknown>;
}

/** A step of a chain as it is found: tRPC marks its validation steps, server/trpc.ts its rules. */
type Step = Middleware & { _type?: string; rules?: ProcedureRules };

/** What procedureChain runs. */
interface Chain {
  rules: ProcedureRules;
  parseInput?: (value: unknown) => unknown;
  parseOutput?: (value: unknown) => unknown;
  /** The schema parseOutput parses with: a SerializedAnswer it checked is not parsed again. */
  outputSchema?: unknown;
  resolver: (opts: MiddlewareCall) => unknown;
}

function isZodSchema(parser: unknown): parser is ZodLike {
  const schema = parser as (Partial<ZodLike> & { _zod?: unknown }) | null;
  return (
    typeof schema === 'object' &&
    schema !== null &&
    schema._zod !== undefined &&
    typeof schema.parse === 'function' &&
    typeof schema.parseAsync === 'function'
  );
}

/** `schema.parse`, or `schema.parseAsync` (a promise) for a schema that has an asynchronous part. */
function parserOf(schema: ZodLike): (value: unknown) => unknown {
  return (value) => {
    try {
      return schema.parse(value);
    } catch (error) {
      if (error instanceof core.$ZodAsyncError) return schema.parseAsync(value);
      throw error;
    }
  };
}

const isThenable = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

const isObject = (value: unknown): value is object =>
  !!value && !Array.isArray(value) && typeof value === 'object';

/** Steps 3-6 of the chain, for the raw input the rules inspected. */
async function validatedCall(chain: Chain, opts: MiddlewareCall, rawInput: unknown): Promise<ChainResult> {
  let result: ChainResult;
  try {
    let input = opts.input;
    if (chain.parseInput) {
      let parsed: unknown;
      try {
        parsed = chain.parseInput(rawInput);
        if (parsed instanceof Promise) parsed = await parsed;
      } catch (cause) {
        throw new TRPCError({ code: 'BAD_REQUEST', cause });
      }
      // As tRPC's input step: an object given by an earlier step keeps the keys the schema does not name.
      input = isObject(input) && isObject(parsed) ? { ...input, ...parsed } : parsed;
    }
    let data = chain.resolver({ ...opts, input });
    // Awaited when it is a promise or any thenable (a query builder), as tRPC awaits what a resolver returns.
    if (isThenable(data)) data = await data;
    result = { ok: true, data };
  } catch (cause) {
    result = { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
  if (result.ok && result.data instanceof SerializedAnswer) {
    const answer = result.data;
    if (answer.checkedBy === chain.outputSchema) {
      return chain.rules.settle({ ok: true, data: opts.ctx.answersAsJson ? answer : answer.value() });
    }
    result = { ok: true, data: answer.value() };
  }
  if (result.ok && chain.parseOutput) {
    try {
      let data = chain.parseOutput(result.data);
      if (data instanceof Promise) data = await data;
      result = { ok: true, data };
    } catch (cause) {
      const error = new TRPCError({
        message: 'Output validation failed',
        code: 'INTERNAL_SERVER_ERROR',
        cause,
      });
      result = { ok: false, error };
    }
  }
  return chain.rules.settle(result);
}

/** The chain as one middleware (its steps: the header of this file). */
function procedureChain(chain: Chain): Middleware {
  const middleware = async function procedureChain(opts: MiddlewareCall) {
    chain.rules.admit(opts as Parameters<ProcedureRules['admit']>[0]);
    const rawInput = await opts.getRawInput();
    chain.rules.inspect(opts.ctx, rawInput);
    return validatedCall(chain, opts, rawInput);
  };
  return Object.assign(middleware, { runsWholeChain: true as const }) as Middleware;
}

/**
 * The chain of the procedure, when it is [rules, input validation?, output validation?, resolver] with zod
 * schemas; undefined for any other (left as it is: tRPC walks it).
 */
function chainOf(procedure: AnyProcedure): Chain | undefined {
  const def = procedure._def as unknown as {
    inputs: unknown[];
    output?: unknown;
    middlewares: Step[];
    resolver?: (opts: MiddlewareCall) => unknown;
  };
  const [rulesStep, ...rest] = def.middlewares;
  const resolveStep = rest.pop();
  if (!rulesStep?.rules || resolveStep?.name !== 'resolveMiddleware' || !def.resolver) return undefined;
  const types = rest.map((step) => step._type).join(',');
  const hasInput = types === 'input' || types === 'input,output';
  const hasOutput = types === 'output' || types === 'input,output';
  if (rest.length && !hasInput && !hasOutput) return undefined;
  if (def.inputs.length !== (hasInput ? 1 : 0) || (hasOutput && def.output === undefined)) return undefined;
  if (![...def.inputs, ...(hasOutput ? [def.output] : [])].every(isZodSchema)) return undefined;
  return {
    rules: rulesStep.rules,
    parseInput: hasInput ? parserOf(def.inputs[0] as ZodLike) : undefined,
    parseOutput: hasOutput ? parserOf(def.output as ZodLike) : undefined,
    outputSchema: hasOutput ? def.output : undefined,
    resolver: def.resolver,
  };
}

/**
 * Replaces each procedure's chain by procedureChain, where it has the shape chainOf takes. Returns how many
 * were replaced.
 */
export function runChainsAsOneStep(procedures: Record<string, unknown>): number {
  let replaced = 0;
  for (const value of Object.values(procedures)) {
    const procedure = value as AnyProcedure;
    const chain = chainOf(procedure);
    if (!chain) continue;
    // In place: tRPC's caller holds the array itself, not the procedure's _def (@trpc/server 11 createResolver).
    const middlewares = (procedure._def as unknown as { middlewares: Middleware[] }).middlewares;
    middlewares.splice(0, middlewares.length, procedureChain(chain));
    replaced++;
  }
  return replaced;
}
