// What a request allocates must die young. V8 keeps every hidden class, and some closures, in its old
// generation, and anything young they point to survives every scavenge until the next full collection:
// a shape that does so for every request keeps all that the request allocated alive. This test keeps ours out: a request's context holds data only. (The other, a
// postgres.js query's two closures, is the driver's own: it is patched for its crash only,
// patches/postgres+3.4.9.patch.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { createContext } from '../../transport/trpc';
import { dispatcherOf, openTestDatabase } from '../support/helpers';

describe("a request's context", () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  it('holds data only, no getter: a getter gives each context a hidden class of its own', async () => {
    const ctx = await createContext({
      db: database.db,
      dispatcher: dispatcherOf(database),
      signal: () => new AbortController().signal,
    });
    const accessors = Object.entries(Object.getOwnPropertyDescriptors(ctx)).filter(
      ([, descriptor]) => !('value' in descriptor),
    );
    expect(accessors.map(([key]) => key)).toEqual([]);
  });

  it("makes the client's signal when first asked for, once, and gives a signal it was given", async () => {
    let made = 0;
    const leaving = new AbortController();
    const ctx = await createContext({
      db: database.db,
      dispatcher: dispatcherOf(database),
      signal: () => (made++, leaving.signal),
    });
    expect(made).toBe(0);
    expect(ctx.clientSignal?.()).toBe(leaving.signal);
    expect(ctx.clientSignal?.()).toBe(leaving.signal);
    expect(made).toBe(1);
    // Spread into the next middleware's context (tRPC's middlewares do), it still makes the same one.
    expect({ ...ctx, principal: null }.clientSignal?.()).toBe(leaving.signal);

    const given = new AbortController().signal;
    const withGiven = await createContext({
      db: database.db,
      dispatcher: dispatcherOf(database),
      signal: given,
    });
    expect(withGiven.clientSignal?.()).toBe(given);
    const without = await createContext({ db: database.db, dispatcher: dispatcherOf(database) });
    expect(without.clientSignal?.()).toBeUndefined();
  });
});
