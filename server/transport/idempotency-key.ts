// The Idempotency-Key of the writes whose meta declares one (AppMeta.idempotent; docs/contract.md, "Idempotency-Key";
// the rules and the key store: server/services/idempotency.ts). The operation builder (server/transport/operation.ts)
// puts it around the operation's function from the meta, so that every transport that runs the operation (REST,
// tRPC single and batched, the in-process callers) answers a repeat alike, under the procedure's own path.
import { SerializedAnswer } from '../../lib/serialized-answer';
import { idempotentRequest, once } from '../services/idempotency';
import type { AppMeta, Context } from './trpc';

/** What an operation's function is given, as far as the key needs it. */
interface Call {
  ctx: Context;
  input: unknown;
  /** The procedure's path (`incidents.report`): a key is one user's, for one operation. */
  path: string;
}

/** The value of an answer, awaited: the key keeps a value, never a SerializedAnswer. */
async function valueOf(answer: unknown): Promise<unknown> {
  const value = await answer;
  return value instanceof SerializedAnswer ? value.value() : value;
}

/**
 * `run` done once per Idempotency-Key when the meta declares one: the key is claimed in one transaction with
 * the write (the function's `ctx.db` is that transaction) and its answer kept there; a repeat gets that answer.
 * A key is checked after the caller and the input (a malformed one is a 400). Without a key, `run` as it is.
 * With `'claimed-by-service'`, the service claims the key itself (in a transaction it shares with other
 * writes), handed to it as `ctx.idempotency`.
 */
export function withIdempotencyKey<Run extends (call: never) => unknown>(
  idempotent: AppMeta['idempotent'],
  run: Run,
): Run {
  if (!idempotent) return run;
  const write = run as unknown as (call: Call) => unknown;
  const keyed = (call: Call) => {
    const { ctx } = call;
    const request = idempotentRequest(ctx.idempotencyKey, ctx.principal?.userId, call.path, call.input);
    if (!request) return write(call);
    if (idempotent === 'claimed-by-service') return write({ ...call, ctx: { ...ctx, idempotency: request } });
    return once(ctx.db, request, (db) => valueOf(write({ ...call, ctx: { ...ctx, db } })));
  };
  // Given what every operation's function is given (tRPC's resolver options: ctx, input, path).
  return keyed as unknown as Run;
}
