// What Drizzle asks of a postgres.js client's `unsafe(text, params)`: something to await for the rows as
// objects, or whose `.values()` to await for the rows as arrays. A postgres.js query is that, and it is sent
// on its first `then`. The layers between Drizzle and postgres.js (the deadline of db/resilient-postgres.ts,
// the spans of db/traced-client.ts) each answer a Statement of their own that runs the one beneath when it is
// awaited, rather than reassigning the library query's `then`.

/** A query as Drizzle uses it: awaited, or `.values()` awaited. postgres.js's queries are these too. */
export interface Query<T = unknown> extends PromiseLike<T> {
  values(): PromiseLike<T>;
}

/** `query` as sent: its rows as arrays when `arrays`. */
export const sent = <T>(query: Query<T>, arrays: boolean): PromiseLike<T> =>
  arrays ? query.values() : query;

/** A query that runs `send` once, when first awaited, with whether `.values()` was asked for before. */
export class Statement<T = unknown> implements Query<T> {
  private arrays = false;
  private running: Promise<T> | undefined;

  constructor(private readonly send: (arrays: boolean) => PromiseLike<T>) {}

  values(): this {
    if (this.running) throw new Error('values() was asked of a statement already sent');
    this.arrays = true;
    return this;
  }

  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.running ??= new Promise<T>((resolve) => resolve(this.send(this.arrays)));
    return this.running.then(onFulfilled, onRejected);
  }

  catch<B = never>(onRejected: (reason: unknown) => B | PromiseLike<B>): Promise<T | B> {
    return this.then(undefined, onRejected);
  }

  finally(onFinally: () => void): Promise<T> {
    return this.then().finally(onFinally);
  }
}
