// The output schema of a subscription (tRPC v11 validates a procedure's output with its `.output()` parser,
// and a subscription's output is the async iterable itself): the pattern tRPC's documentation gives for
// output validation of subscriptions ("zAsyncIterable"). Each yielded value is parsed with `yield` as it
// passes; a tracked one (tracked(id, data)) keeps its id. The wrapper returns the inner iterator when it is
// itself returned (the client went away), so the producer's cleanup runs.
import { isTrackedEnvelope, tracked, type TrackedEnvelope } from '@trpc/server';
import { z } from 'zod';

const isAsyncIterable = (value: unknown): value is AsyncIterable<unknown> =>
  typeof value === 'object' && value !== null && Symbol.asyncIterator in value;

/** An async iterable of tracked values, each parsed with `item` (the events of a resumable subscription). */
export function zTrackedAsyncIterable<T extends z.ZodType>(item: T) {
  return z
    .custom<AsyncIterable<TrackedEnvelope<z.input<T>>>>(isAsyncIterable, 'not an async iterable')
    .transform(async function* (iterable): AsyncGenerator<TrackedEnvelope<z.output<T>>> {
      const iterator = iterable[Symbol.asyncIterator]();
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          const value: unknown = next.value;
          if (!isTrackedEnvelope(value)) throw new Error('a subscription event without an id');
          yield tracked(value[0], await item.parseAsync(value[1]));
        }
      } finally {
        await iterator.return?.();
      }
    });
}
