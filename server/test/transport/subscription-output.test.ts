// The output schema of a subscription (server/schemas/async-iterable.ts, incidents.changes): each event is
// parsed as it passes, keeps its id, and the producer's cleanup runs however the consumer stops.
import { isTrackedEnvelope, tracked } from '@trpc/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { zTrackedAsyncIterable } from '../../schemas/async-iterable';

const Event = z.object({ n: z.number().int() }).strict();

/** A producer of tracked events that records whether its cleanup ran. */
function producer(values: unknown[]) {
  const state = { cleanedUp: false };
  async function* events() {
    try {
      for (const [i, value] of values.entries()) yield tracked(String(i + 1), value);
    } finally {
      state.cleanedUp = true;
    }
  }
  return { state, events: events() };
}

describe('zTrackedAsyncIterable', () => {
  it('passes valid events through with their ids', async () => {
    const { state, events } = producer([{ n: 1 }, { n: 2 }]);
    const seen = [];
    for await (const event of zTrackedAsyncIterable(Event).parse(events)) {
      expect(isTrackedEnvelope(event)).toBe(true);
      seen.push([event[0], event[1]]);
    }
    expect(seen).toEqual([
      ['1', { n: 1 }],
      ['2', { n: 2 }],
    ]);
    expect(state.cleanedUp).toBe(true);
  });

  it('refuses an event that breaks the schema, and the producer is cleaned up', async () => {
    const { state, events } = producer([{ n: 1 }, { n: 'two' }, { n: 3 }]);
    const seen: unknown[] = [];
    await expect(
      (async () => {
        for await (const event of zTrackedAsyncIterable(Event).parse(events)) seen.push(event[1]);
      })(),
    ).rejects.toThrow(z.ZodError);
    expect(seen).toEqual([{ n: 1 }]);
    expect(state.cleanedUp).toBe(true);
  });

  it('returns the producer when the consumer stops early (a client that went away)', async () => {
    const { state, events } = producer([{ n: 1 }, { n: 2 }, { n: 3 }]);
    for await (const event of zTrackedAsyncIterable(Event).parse(events)) {
      expect(event[1]).toEqual({ n: 1 });
      break;
    }
    expect(state.cleanedUp).toBe(true);
  });

  it('is not an async iterable: refused', () => {
    expect(() => zTrackedAsyncIterable(Event).parse([{ n: 1 }])).toThrow(z.ZodError);
  });
});
