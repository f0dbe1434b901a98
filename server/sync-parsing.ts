// Every procedure's input and output are validated by zod's synchronous parse where the schema allows it.
// tRPC (11) validates with a zod schema's `parseAsync`, and zod (4) compiles an object schema into one fast
// function for synchronous parses only: an asynchronous one walks every field through the generic path,
// with a promise per check. For a process instance's 250 incidents that was an eighth of the request's CPU
// (docs/performance.md, "Fifth pass"). The same schemas check the same values and throw the same ZodError;
// a schema with an asynchronous part (a synchronous parse throws $ZodAsyncError when it meets a promise) is
// parsed asynchronously, as before.
import type { AnyProcedure } from '@trpc/server';
import { TRPCError } from '@trpc/server';
import { core } from 'zod';
import type { Middleware, MiddlewareCall } from './rest-routes';

interface ZodLike {
  parse(value: unknown): unknown;
  parseAsync(value: unknown): Promise<unknown>;
}

/** A step of the chain, with the marks tRPC gives its validation steps (and this module its own). */
type Step = Middleware & { _type?: string; parsesSynchronously?: true };

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

/** `schema.parse`, or `schema.parseAsync` for a schema that has an asynchronous part. */
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

const isObject = (value: unknown): value is object =>
  !!value && !Array.isArray(value) && typeof value === 'object';

/** tRPC's input middleware (createInputMiddleware), step for step, with `parse` in place of parseAsync. */
function inputMiddleware(parse: (value: unknown) => unknown): Step {
  const middleware = async function inputValidatorMiddleware(opts: MiddlewareCall) {
    const rawInput = await opts.getRawInput();
    let parsedInput: unknown;
    try {
      parsedInput = await parse(rawInput);
    } catch (cause) {
      throw new TRPCError({ code: 'BAD_REQUEST', cause });
    }
    const combinedInput =
      isObject(opts.input) && isObject(parsedInput) ? { ...opts.input, ...parsedInput } : parsedInput;
    return opts.next({ input: combinedInput });
  };
  return Object.assign(middleware, { _type: 'input', parsesSynchronously: true as const });
}

/** tRPC's output middleware (createOutputMiddleware), step for step, with `parse` in place of parseAsync. */
function outputMiddleware(parse: (value: unknown) => unknown): Step {
  const middleware = async function outputValidatorMiddleware(opts: MiddlewareCall) {
    const result = await opts.next();
    if (!result.ok) return result;
    try {
      const data = await parse(result.data);
      return { ...result, data };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };
  return Object.assign(middleware, { _type: 'output', parsesSynchronously: true as const });
}

/**
 * Replaces, in each procedure's middleware chain, tRPC's input and output validation by the same validation
 * parsing synchronously (above). The chain is the array tRPC's own caller walks (`_def.middlewares`, as
 * server/rest-routes.ts reads it), so REST, tRPC single and batched all validate the same way. A procedure
 * whose parsers are not all zod schemas, or whose chain does not hold one validation middleware per parser,
 * is left as it is. Returns how many procedures were changed (one without validation is not).
 */
export function parseSchemasSynchronously(procedures: Record<string, unknown>): number {
  let changed = 0;
  for (const value of Object.values(procedures)) {
    const def = (value as AnyProcedure)._def as unknown as {
      inputs: unknown[];
      output?: unknown;
      middlewares: Step[];
    };
    const inputSteps = def.middlewares.flatMap((m, i) => (m._type === 'input' ? [i] : []));
    const outputSteps = def.middlewares.flatMap((m, i) => (m._type === 'output' ? [i] : []));
    if (!inputSteps.length && !outputSteps.length) continue;
    const parsers = [...def.inputs, ...(outputSteps.length ? [def.output] : [])];
    if (inputSteps.length !== def.inputs.length || outputSteps.length > 1 || !parsers.every(isZodSchema)) {
      continue;
    }
    inputSteps.forEach((step, k) => {
      def.middlewares[step] = inputMiddleware(parserOf(def.inputs[k] as ZodLike));
    });
    if (outputSteps.length)
      def.middlewares[outputSteps[0]] = outputMiddleware(parserOf(def.output as ZodLike));
    changed++;
  }
  return changed;
}
