// The Idempotency-Key of a write (server/services/idempotency.ts), as the procedures that take one read it.
import { idempotentRequest, type IdempotentRequest } from '../services/idempotency';
import type { Context } from '../transport/trpc';

/**
 * The write as sent with an Idempotency-Key, or undefined when its request carried none. Keys are the
 * authenticated user's own; `operation` is the procedure's path (REST and tRPC share it).
 */
export function keyedWrite(ctx: Context, operation: string, input: unknown): IdempotentRequest | undefined {
  return idempotentRequest(ctx.idempotencyKey, ctx.principal?.userId, operation, input);
}
