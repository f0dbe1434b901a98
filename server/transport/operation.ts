// One declaration per operation, two transports built from it.
//
// An operation is declared once, in a router (server/routers/), as a tRPC procedure is: who may call it (its
// rules), its meta (the REST method and path, the OpenAPI words), its input and output schemas and the
// function that runs it. OperationBuilder has tRPC's own builder methods and hands each call to a real tRPC
// procedure builder, so the procedure it returns is tRPC's, built through tRPC's public API: the console's
// tRPC transport, the in-process callers and the OpenAPI document (trpc-to-openapi) use it as any procedure.
// The builder also keeps what it was given, so that the REST transport (server/transport/rest-routes.ts) runs the same
// declaration without reading tRPC's internals: `operationsOf(router)` answers every operation by its path.
//
// runOperation is how REST runs one, in the order tRPC's procedure call takes (admit the caller before the
// input is read, inspect the raw input, parse it, run, parse the answer, settle the result), with tRPC's own
// errors for a refused input ("BAD_REQUEST", the ZodError as cause) and a refused answer ("Output validation
// failed"). It parses with zod's synchronous `parse` (zod 4 compiles an object schema into one function for
// it; an asynchronous part falls back to `parseAsync`), and sends an answer already checked by the
// operation's own output schema and serialized (lib/serialized-answer.ts) as it is.
// server/test/transport/operations.test.ts holds that both transports answer alike.
import {
  getTRPCErrorFromUnknown,
  TRPCError,
  type AnyTRPCRouter,
  type inferProcedureBuilderResolverOptions,
  type TRPCProcedureBuilder,
  type TRPCCreateRouterOptions,
  type TRPCUnsetMarker,
} from '@trpc/server';
import { core, type z } from 'zod';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { withIdempotencyKey } from './idempotency-key';
import { documentedMeta } from './operation-document';
import type { AppMeta, ChainResult, Context, ProcedureRules } from './trpc';

type Schema = z.ZodType;

/** An operation as declared, for any transport to run. */
export interface Operation {
  type: 'query' | 'mutation' | 'subscription';
  rules: ProcedureRules;
  meta: AppMeta;
  input?: Schema;
  output?: Schema;
  run(opts: { ctx: Context; input: unknown; signal: AbortSignal | undefined; path: string }): unknown;
}

type Builder<C, CO, II, IO, OI, OO, E> = TRPCProcedureBuilder<C, AppMeta, CO, II, IO, OI, OO, false, E>;
type DefaultValue<T, D> = T extends TRPCUnsetMarker ? D : T;
/** What the operation's function is given: tRPC's resolver options (ctx, input, signal, path). */
type RunOptions<C, CO, IO> = inferProcedureBuilderResolverOptions<
  Builder<C, CO, unknown, IO, unknown, unknown, unknown>
>;
/** The operation's function: what its output schema takes, or a SerializedAnswer of it. */
type Run<C, CO, IO, OI, $Output> = (
  opts: RunOptions<C, CO, IO>,
) =>
  | DefaultValue<OI, $Output>
  | Promise<DefaultValue<OI, $Output>>
  | SerializedAnswer<DefaultValue<OI, $Output>>;

/** The procedure each finished declaration made, and the declaration itself. */
const declarations = new WeakMap<object, Operation>();
/** Every router made by `operations`, with its operations by path (`incidents.get`). */
const routerOperations = new WeakMap<object, ReadonlyMap<string, Operation>>();

/** What tRPC's resolver returns for what the operation's function returned: a value, never a SerializedAnswer. */
async function asValue(answer: unknown): Promise<unknown> {
  const value = answer instanceof Promise ? await answer : answer;
  return value instanceof SerializedAnswer ? value.value() : value;
}

/**
 * A tRPC procedure builder that also keeps the declaration. Its methods are tRPC's (`meta`, `input`,
 * `output`, then `query`, `mutation` or `subscription`), with the same types.
 */
export class OperationBuilder<C, CO, II, IO, OI, OO, E> {
  constructor(
    private readonly procedure: Builder<C, CO, II, IO, OI, OO, E>,
    private readonly declared: Pick<Operation, 'rules' | 'meta' | 'input' | 'output'>,
  ) {}

  /** Merged into the meta given before, as tRPC merges it. */
  meta(meta: AppMeta): OperationBuilder<C, CO, II, IO, OI, OO, E> {
    const declared = { ...this.declared, meta: { ...this.declared.meta, ...meta } };
    return new OperationBuilder(this.procedure.meta(meta), declared);
  }

  input<S extends Schema>(schema: S): OperationBuilder<C, CO, z.input<S>, z.output<S>, OI, OO, E> {
    const procedure = this.procedure.input(schema as never) as unknown as Builder<
      C,
      CO,
      z.input<S>,
      z.output<S>,
      OI,
      OO,
      E
    >;
    return new OperationBuilder(procedure, { ...this.declared, input: schema });
  }

  output<S extends Schema>(schema: S): OperationBuilder<C, CO, II, IO, z.input<S>, z.output<S>, E> {
    const procedure = this.procedure.output(schema) as unknown as Builder<
      C,
      CO,
      II,
      IO,
      z.input<S>,
      z.output<S>,
      E
    >;
    return new OperationBuilder(procedure, { ...this.declared, output: schema });
  }

  query<$Output>(run: Run<C, CO, IO, OI, $Output>) {
    if (this.declared.meta.idempotent)
      throw new Error('A query takes no Idempotency-Key: it changes nothing');
    return this.declare(
      'query',
      run,
      this.documented().query<$Output>(((opts: never) => asValue(run(opts))) as never),
    );
  }

  mutation<$Output>(run: Run<C, CO, IO, OI, $Output>) {
    // Inside both transports' chains: REST runs the declaration, tRPC the procedure.
    const keyed = withIdempotencyKey(this.declared.meta.idempotent, run);
    return this.declare(
      'mutation',
      keyed,
      this.documented().mutation<$Output>(((opts: never) => asValue(keyed(opts))) as never),
    );
  }

  subscription<$Output extends AsyncIterable<unknown, void, unknown>>(
    run: (opts: RunOptions<C, CO, IO>) => $Output | Promise<$Output>,
  ) {
    return this.declare('subscription', run, this.documented().subscription<$Output>(run as never));
  }

  private declare<P extends object>(type: Operation['type'], run: unknown, procedure: P): P {
    const meta = documentedMeta(this.declared.meta);
    declarations.set(procedure, { ...this.declared, meta, type, run: run as Operation['run'] });
    return procedure;
  }

  /** tRPC's builder with the meta the OpenAPI document needs, filled in from the declaration. */
  private documented() {
    return this.procedure.meta(documentedMeta(this.declared.meta));
  }
}

/**
 * The operations of a router's record, by path: its own procedures, and those of the routers it holds under
 * their key. Every procedure must have been declared by an OperationBuilder, every router by operationRouter.
 */
function operationsOfRecord(record: TRPCCreateRouterOptions): Map<string, Operation> {
  const found = new Map<string, Operation>();
  for (const [key, value] of Object.entries(record)) {
    const operation = declarations.get(value);
    const nested = routerOperations.get(value);
    if (operation) found.set(key, operation);
    else if (nested) for (const [path, op] of nested) found.set(`${key}.${path}`, op);
    else throw new Error(`${key} was not declared as an operation (server/transport/operation.ts)`);
  }
  return found;
}

/** `routerOf(record)` (tRPC's `router`), remembering the operations it holds. */
export function operationRouter<R extends AnyTRPCRouter, Record extends TRPCCreateRouterOptions>(
  routerOf: (record: Record) => R,
  record: Record,
): R {
  const built = routerOf(record);
  routerOperations.set(built, operationsOfRecord(record));
  return built;
}

/** Every operation of a router made by `operationRouter`, by its path (`incidents.get`). */
export function operationsOf(router: AnyTRPCRouter): ReadonlyMap<string, Operation> {
  const found = routerOperations.get(router);
  if (!found) throw new Error('The router was not made by operationRouter (server/transport/operation.ts)');
  return found;
}

/** `schema.parse`, or `schema.parseAsync` for a schema with an asynchronous part. */
function parse(schema: Schema, value: unknown): unknown {
  try {
    return schema.parse(value);
  } catch (error) {
    if (error instanceof core.$ZodAsyncError) return schema.parseAsync(value);
    throw error;
  }
}

/** The parsed input, its refusal a BAD_REQUEST whose cause is the ZodError (as tRPC's input step). */
async function parsedInput(operation: Operation, rawInput: unknown): Promise<unknown> {
  if (!operation.input) return undefined;
  try {
    const parsed = parse(operation.input, rawInput);
    return parsed instanceof Promise ? await parsed : parsed;
  } catch (cause) {
    throw new TRPCError({ code: 'BAD_REQUEST', cause });
  }
}

/** The checked answer, its refusal an INTERNAL_SERVER_ERROR (as tRPC's output step). */
async function checkedAnswer(operation: Operation, answer: unknown): Promise<unknown> {
  if (answer instanceof SerializedAnswer) {
    if (answer.checkedBy === operation.output) return answer;
    answer = answer.value();
  }
  if (!operation.output) return answer;
  try {
    const checked = parse(operation.output, answer);
    return checked instanceof Promise ? await checked : checked;
  } catch (cause) {
    throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
  }
}

/**
 * Runs the operation as its tRPC procedure would run (the steps: the header of this file). Answers its
 * checked answer, a SerializedAnswer to send as it is when its output schema checked it; throws what ended it.
 */
export async function runOperation(
  operation: Operation,
  { ctx, path, rawInput }: { ctx: Context; path: string; rawInput: unknown },
): Promise<unknown> {
  operation.rules.admit({ ctx, meta: operation.meta, type: operation.type });
  operation.rules.inspect(ctx, rawInput);
  let result: ChainResult;
  try {
    const input = await parsedInput(operation, rawInput);
    let answer = operation.run({ ctx, input, signal: undefined, path });
    // A promise, or any thenable (a query builder), awaited as tRPC awaits what a resolver returns.
    if (typeof (answer as PromiseLike<unknown> | null)?.then === 'function') answer = await answer;
    result = { ok: true, data: await checkedAnswer(operation, answer) };
  } catch (cause) {
    result = { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
  const settled = operation.rules.settle(result);
  if (!settled.ok) throw settled.error;
  return settled.data;
}
