// Statements built once per database handle instead of on every call. Drizzle otherwise builds a query's SQL
// anew for every request (the largest single cost of a cheap read: docs/performance.md, "The procedure
// path against the bare stack"), and a prepared query is also prepared by the driver on each connection, so that PostgreSQL parses
// and plans it once rather than per request. Keyed by the handle: a transaction gets statements of its own.
import {
  Column,
  DrizzleQueryError,
  fillPlaceholders,
  getTableColumns,
  is,
  NoopLogger,
  SQL,
  sql,
  type Table,
} from 'drizzle-orm';
import { NoopCache } from 'drizzle-orm/cache/core';
import { PostgresJsPreparedQuery } from 'drizzle-orm/postgres-js';
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

/** A statement built once, with placeholders (`sql.placeholder`): its SQL text, its parameters, its result's columns. */
interface BuiltStatement {
  query: { sql: string; params: unknown[] };
  returning?: unknown;
  joinsNotNullableMap?: unknown;
}

/** What transactionStatement reads of drizzle's insert and update builders (server/test/incidents/transaction-statement.test.ts). */
export interface InternalBuilder {
  dialect: { sqlToQuery(sql: unknown): { sql: string; params: unknown[] } };
  getSQL(): unknown;
  /** An insert's rows (`values`) or an update's `set`, keyed by the table's field names. */
  config: {
    table: Table;
    returning?: unknown;
    values?: Record<string, unknown>[];
    set?: Record<string, unknown>;
  };
  joinsNotNullableMap?: unknown;
}

/**
 * The columns whose value drizzle would compute while building the statement (`$defaultFn` on insert,
 * `$onUpdateFn` on insert and update) and that the statement does not give itself. Built once, such a
 * value would be the first call's for good: the timeline's traceparent, a default read from the request's
 * context, was once the first request's on every entry.
 */
export function columnsComputedWhenBuilt(builder: InternalBuilder): string[] {
  const { table, values, set } = builder.config;
  const isInsert = values !== undefined;
  const given = new Set(Object.keys(isInsert ? (values[0] ?? {}) : (set ?? {})));
  return Object.entries(getTableColumns(table))
    .filter(([key, column]) => {
      if (given.has(key)) return false;
      return (isInsert && column.defaultFn !== undefined) || column.onUpdateFn !== undefined;
    })
    .map(([key]) => key);
}

interface InternalSession {
  prepareQuery(
    query: { sql: string; params: unknown[] },
    fields: unknown,
    name: string | undefined,
    isResponseInArrayMode: boolean,
  ): { execute(values: Record<string, unknown>): Promise<unknown>; joinsNotNullableMap?: unknown };
}

/**
 * A write of a transaction, its SQL built once per process instead of on every call: a transaction's handle
 * is new each time, so preparedOnce would build it anew for each. `build` makes the insert or update with
 * placeholders (on any handle: the SQL text does not depend on it); `run(tx, values)` hands that text to
 * the transaction's own session, as the builder's `execute` would after building it, and returns what it
 * returns (the rows of a `.returning()`, mapped to the table's fields). A column whose default or update
 * value drizzle computes while building (`$defaultFn`, `$onUpdateFn`) must be given by the statement: it is
 * refused otherwise. It relies on drizzle's session, dialect and builder config, which its types mark
 * internal: server/test/incidents/transaction-statement.test.ts checks they are there, on both drivers.
 */
export function transactionStatement<R>(build: (db: Db) => unknown) {
  let built: BuiltStatement | undefined;
  return (tx: Db | Tx, values: Record<string, unknown>): Promise<R> => {
    if (!built) {
      const builder = build(tx as Db) as InternalBuilder;
      const computed = columnsComputedWhenBuilt(builder);
      if (computed.length) {
        throw new Error(
          `A statement built once must give ${computed.join(', ')} itself (a placeholder): ` +
            'drizzle would compute the default once, for every later call',
        );
      }
      built = {
        query: builder.dialect.sqlToQuery(builder.getSQL()),
        returning: builder.config.returning,
        joinsNotNullableMap: builder.joinsNotNullableMap,
      };
    }
    const session = (tx as unknown as { session: InternalSession }).session;
    const query = session.prepareQuery(built.query, built.returning, undefined, true);
    query.joinsNotNullableMap = built.joinsNotNullableMap;
    return query.execute(values) as Promise<R>;
  };
}

/** What mappedByColumns reads of drizzle's prepared query (both drivers; server/test/incidents/row-mapping.test.ts). */
interface InternalPreparedQuery {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  customResultMapper?: (rows: unknown[][]) => unknown[];
}

type Decoder = { mapFromDriverValue(value: unknown): unknown };
/** drizzle's decoder of SQL that names none (`sql<T>` without mapWith): the value as the driver gives it. */
const noopDecoder = (sql`` as unknown as { decoder: Decoder }).decoder;

/** The decoder drizzle's mapResultRow would use for a field, undefined where it leaves the value as is. */
function decoderOf(field: unknown): Decoder | undefined {
  const sqlDecoder = (s: SQL) => (s as unknown as { decoder: Decoder }).decoder;
  const decoder: Decoder | null = is(field, Column)
    ? field
    : is(field, SQL)
      ? sqlDecoder(field)
      : is(field, SQL.Aliased)
        ? sqlDecoder(field.sql)
        : null;
  if (!decoder) throw new Error('mappedByColumns: a field that is neither a column nor SQL');
  return decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue ||
    decoder.mapFromDriverValue === noopDecoder.mapFromDriverValue
    ? undefined
    : decoder;
}

interface MappingStep {
  /** The nested object the field belongs to (`incident` of `{ incident: incidents, total }`), if any. */
  outer?: string;
  key: string;
  decoder?: Decoder;
}

/**
 * The function that maps one row of these fields (the driver's array) to drizzle's object: one object
 * literal, its keys in the fields' order (a nested object where its first field is), each value decoded by
 * its field's decoder unless null. Written for each statement rather than one loop for all: a loop storing
 * a key it reads from a list into a new object meets every statement's shape at the same store, which V8
 * then handles generically: mapping one incident's row took 3.5% of the CPU of reading it, against 1.5% now
 * (docs/performance.md, "Fourteenth pass"). The keys, a selection's own (so each once), are written as JSON
 * strings. Undefined (drizzle's own mapping) for a key `__proto__`, which a literal takes for the object's
 * prototype.
 */
function rowFunctionOf(steps: MappingStep[]): ((row: unknown[]) => unknown) | undefined {
  if (steps.some((s) => s.key === '__proto__' || s.outer === '__proto__')) return undefined;

  const value = (step: MappingStep, i: number) =>
    step.decoder ? `(v = row[${i}]) === null ? null : d${i}.mapFromDriverValue(v)` : `row[${i}]`;
  // The literal's entries in order: a field's, or a nested object's, placed where its first field is.
  const entries: (string | { outer: string; members: string[] })[] = [];
  const nested = new Map<string, string[]>();
  steps.forEach((step, i) => {
    const entry = `${JSON.stringify(step.key)}: ${value(step, i)}`;
    if (step.outer === undefined) return void entries.push(entry);
    let members = nested.get(step.outer);
    if (!members) {
      nested.set(step.outer, (members = []));
      entries.push({ outer: step.outer, members });
    }
    members.push(entry);
  });
  const literal = entries
    .map((e) => (typeof e === 'string' ? e : `${JSON.stringify(e.outer)}: { ${e.members.join(', ')} }`))
    .join(', ');
  const decoderNames = steps.map((_, i) => `d${i}`);
  const body = `return function mapRow(row) { let v; return { ${literal} }; };`;
  // The source holds the fields' names as JSON strings and nothing else from outside.
  return new Function(...decoderNames, body)(...steps.map((s) => s.decoder)) as (row: unknown[]) => unknown;
}

/**
 * A prepared select whose rows are mapped by a function made once for its fields (rowFunctionOf), instead
 * of by drizzle's generic `mapResultRow`, which asks of every cell of every row what kind of field it is
 * (`is()` walks the class chain) and walks its path: a fifth of the CPU of a process instance's 250
 * incidents (docs/performance.md, "Fourth pass: rows mapped once"). The values are the same: each field's
 * own `mapFromDriverValue` where it has one, null left null, `{ incident: incidents, total }` nested as
 * drizzle nests it. A query with an outer join (whose objects drizzle turns to null when all their columns
 * are) or deeper paths keeps drizzle's mapping.
 */
export function mappedByColumns<Q>(prepared: Q): Q {
  const query = prepared as InternalPreparedQuery;
  const fields = query.fields;
  if (!fields || query.customResultMapper) return prepared;
  if (Object.values(query.joinsNotNullableMap ?? {}).some((notNull) => !notNull)) return prepared;
  if (!fields.every((f) => f.path.length === 1 || f.path.length === 2)) return prepared;
  const steps: MappingStep[] = fields.map((f) => ({
    outer: f.path.length === 2 ? f.path[0] : undefined,
    key: f.path[f.path.length - 1],
    decoder: decoderOf(f.field),
  }));
  const mapRow = rowFunctionOf(steps);
  if (!mapRow) return prepared;
  query.customResultMapper = (rows) => rows.map(mapRow);
  return prepared;
}

/** What executedDirectly reads of drizzle's postgres-js prepared query (server/test/incidents/row-mapping.test.ts). */
interface InternalPostgresJsQuery {
  client: {
    unsafe(
      query: string,
      params: unknown[],
      options: { prepare: boolean },
    ): { values(): Promise<unknown[][]> };
  };
  queryString: string;
  params: unknown[];
  prepare: boolean;
  logger: unknown;
  cache?: unknown;
  customResultMapper?: (rows: unknown[][]) => unknown[];
  execute(values?: Record<string, unknown>): Promise<unknown>;
}

/**
 * A prepared select whose rows mappedByColumns maps, executed as drizzle's postgres-js session executes it
 * (placeholders filled, the statement sent as prepared, the rows mapped, a failure wrapped in
 * DrizzleQueryError) without the wrappers around each step: three async functions and a span of its no-op
 * tracer per step, half the promises of a read of one incident (docs/performance.md, "Sixth pass"). Only
 * where those steps are all drizzle would do: the postgres-js driver, no query logger, no result cache. Any
 * other query (PGlite's, a traced or logged one) keeps drizzle's own execute.
 */
export function executedDirectly<Q>(prepared: Q): Q {
  const query = prepared as unknown as InternalPostgresJsQuery;
  if (!is(prepared, PostgresJsPreparedQuery) || !query.customResultMapper) return prepared;
  if (!is(query.logger, NoopLogger) || (query.cache !== undefined && !is(query.cache, NoopCache)))
    return prepared;
  const mapRows = query.customResultMapper;
  query.execute = (values = {}) => {
    const params = fillPlaceholders(query.params, values);
    return query.client
      .unsafe(query.queryString, params, { prepare: query.prepare })
      .values()
      .then(mapRows, (error: unknown) => {
        throw new DrizzleQueryError(query.queryString, params, error as Error);
      });
  };
  return prepared;
}
