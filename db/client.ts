// One database handle for the whole process: PostgreSQL through postgres.js when DATABASE_URL is set,
// embedded PGlite in DATA_DIR otherwise. Same Drizzle schema and queries on both.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
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
  /** postgres.js client when kind is 'postgres' (raw access); undefined on PGlite. */
  sql?: postgres.Sql;
  /**
   * LISTEN on a channel (NOTIFY payloads arrive after the notifying transaction commits); answers unlisten.
   * `onListen` runs once listening has begun, and again whenever a lost connection has been re-established
   * (notifications sent in between were missed).
   */
  listen(
    channel: string,
    onPayload: (payload: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** Connections of the PostgreSQL pool (10 when absent). */
  poolSize?: number;
  /** PGlite data directory; when absent too, an in-memory PGlite (tests). */
  dataDir?: string;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const sql = postgres(options.url, { max: options.poolSize ?? 10, onnotice: () => {} });
    const db = drizzlePostgres(sql, { schema }) as unknown as Db;
    await migratePostgres(db as never, { migrationsFolder });
    return {
      db,
      kind: 'postgres',
      sql,
      async listen(channel, onPayload, onListen) {
        const { unlisten } = await sql.listen(channel, onPayload, onListen);
        return unlisten;
      },
      close: () => sql.end({ timeout: 5 }),
    };
  }
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  // pg_trgm backs the incident search indexes (migration 0001).
  const client = new PGlite({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload, onListen) {
      // In-process: the connection cannot be lost.
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return () => unlisten();
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite has no lock of its own: two processes on one directory silently lose writes. A lock file
 * holding our pid refuses a second process; one left by a dead process is taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bpm.lock');
  try {
    const holder = Number(readFileSync(file, 'utf8'));
    if (holder && holder !== process.pid && isAlive(holder)) {
      throw new Error(`${dir} is in use by process ${holder}; give every process its own DATA_DIR`);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  writeFileSync(file, String(process.pid));
  const release = () => rmSync(file, { force: true });
  process.once('exit', release);
  return release;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
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
