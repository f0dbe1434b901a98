// Statements built once per database handle instead of on every call, with drizzle's own `.prepare(name)`.
// Drizzle otherwise builds a query's SQL anew for every request (once the largest single cost of a cheap
// read), and a prepared query is also prepared by the driver on each connection, so that PostgreSQL parses
// and plans it once rather than per request. Keyed by the handle: a transaction gets statements of its own.
import type { Db, Tx } from './client';

/** `build(db)` once per handle, remembered while the handle lives. */
export function preparedOnce<T>(build: (db: Db | Tx) => T): (db: Db | Tx) => T {
  const built = new WeakMap<Db | Tx, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}

/**
 * One prepared statement per handle and shape, for queries whose shape varies (filters, orders): `build`
 * runs on a shape's first use; at most `limit` shapes are remembered per handle, beyond which `build` runs
 * every time (a statement per shape for ever would be a leak).
 */
export function preparedByShape<T>(limit: number) {
  const built = new WeakMap<Db | Tx, Map<string, T>>();
  return (db: Db | Tx, shape: string, build: () => T): T => {
    let shapes = built.get(db);
    if (!shapes) built.set(db, (shapes = new Map()));
    let statement = shapes.get(shape);
    if (statement === undefined) {
      statement = build();
      if (shapes.size < limit) shapes.set(shape, statement);
    }
    return statement;
  };
}
