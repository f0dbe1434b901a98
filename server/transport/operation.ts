// One declaration per operation, every transport runs it through tRPC.
//
// An operation is declared once, in a router (server/routers/), as a tRPC procedure is: who may call it (the
// builder it starts from), its meta (the REST method and path, the OpenAPI words), its input and output
// schemas and the function that runs it. OperationBuilder has tRPC's own builder methods and hands each call
// to a real tRPC procedure builder, so the procedure it returns is tRPC's, built through tRPC's public API:
// the console's tRPC transport, the REST routes (server/transport/rest-routes.ts, through tRPC's caller), the
// in-process callers and the OpenAPI document (trpc-to-openapi) use it as any procedure. The builder also
// keeps what it was given, so that the REST route table is built from the declarations without reading
// tRPC's internals: `operationsOf(router)` answers every operation by its path.
import {
  type AnyTRPCRouter,
  type inferProcedureBuilderResolverOptions,
  type TRPCProcedureBuilder,
  type TRPCCreateRouterOptions,
  type TRPCUnsetMarker,
} from '@trpc/server';
import type { z } from 'zod';
import { SerializedAnswer } from '../../lib/serialized-answer';
import { withIdempotencyKey } from './idempotency-key';
import { documentedMeta } from './operation-document';
import type { AppMeta, Context } from './trpc';

type Schema = z.ZodType;

/** An operation as declared, for any transport to run. */
export interface Operation {
  type: 'query' | 'mutation' | 'subscription';
  meta: AppMeta;
  input?: Schema;
  output?: Schema;
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

/**
 * What tRPC's resolver returns for what the operation's function returned: a value, never a SerializedAnswer.
 * A SerializedAnswer that the operation's own output schema checked is also handed to a transport that
 * writes the JSON itself (REST, ctx.serialized), which then sends its bytes rather than serializing the
 * value again; tRPC's output step still checks the value, as for every answer.
 */
async function resolved(answer: unknown, ctx: Context, output: Schema | undefined): Promise<unknown> {
  const value = await answer;
  if (!(value instanceof SerializedAnswer)) return value;
  if (ctx.serialized && value.checkedBy === output) ctx.serialized.answer = value;
  return value.value();
}

/**
 * A tRPC procedure builder that also keeps the declaration. Its methods are tRPC's (`meta`, `input`,
 * `output`, then `query`, `mutation` or `subscription`), with the same types.
 */
export class OperationBuilder<C, CO, II, IO, OI, OO, E> {
  constructor(
    private readonly procedure: Builder<C, CO, II, IO, OI, OO, E>,
    private readonly declared: Pick<Operation, 'meta' | 'input' | 'output'>,
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
    return this.declare('query', this.documented().query<$Output>(this.resolver(run) as never));
  }

  mutation<$Output>(run: Run<C, CO, IO, OI, $Output>) {
    // Inside the procedure's chain, so every transport (REST through tRPC's caller, tRPC) takes the key alike.
    const keyed = withIdempotencyKey(this.declared.meta.idempotent, run);
    return this.declare('mutation', this.documented().mutation<$Output>(this.resolver(keyed) as never));
  }

  subscription<$Output extends AsyncIterable<unknown, void, unknown>>(
    run: (opts: RunOptions<C, CO, IO>) => $Output | Promise<$Output>,
  ) {
    return this.declare('subscription', this.documented().subscription<$Output>(run as never));
  }

  private resolver(run: (opts: never) => unknown) {
    const output = this.declared.output;
    return (opts: { ctx: Context }) => resolved(run(opts as never), opts.ctx, output);
  }

  private declare<P extends object>(type: Operation['type'], procedure: P): P {
    const meta = documentedMeta(this.declared.meta);
    declarations.set(procedure, { ...this.declared, meta, type });
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
