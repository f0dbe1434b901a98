// One database handle for the whole process: PostgreSQL through postgres.js when DATABASE_URL is set,
// embedded PGlite in DATA_DIR otherwise. Same Drizzle schema and queries on both.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface Database {
  db: Db;
  kind: 'postgres' | 'pglite';
  /** postgres.js client when kind is 'postgres' (LISTEN/NOTIFY, raw access); undefined on PGlite. */
  sql?: postgres.Sql;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** PGlite data directory; when absent too, an in-memory PGlite (tests). */
  dataDir?: string;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, { max: 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    return { db, kind: 'postgres', sql, close: () => sql.end({ timeout: 5 }) };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = options.dataDir ? new PGlite(options.dataDir) : new PGlite();
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Rows of a `db.execute()` result: postgres.js answers an array, PGlite `{ rows }`. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

// The API server (server/http.ts) and Next's own routes (next-auth) run in one process but are loaded by
// different module loaders, so the handle lives on globalThis: two PGlite instances on one directory would
// silently lose writes.
const globalKey = Symbol.for('bpm-admin-console.database');
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<Database> };

export function setProcessDatabase(database: Promise<Database>): void {
  (globalThis as GlobalWithDb)[globalKey] = database;
}

export function getProcessDatabase(): Promise<Database> {
  const existing = (globalThis as GlobalWithDb)[globalKey];
  if (!existing)
    throw new Error('The process database has not been opened (server/http.ts opens it at start)');
  return existing;
}
