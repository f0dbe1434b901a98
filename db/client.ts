// One database handle for the whole process: PostgreSQL through postgres.js when DATABASE_URL is set,
// embedded PGlite in DATA_DIR otherwise. Same Drizzle schema and queries on both.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import type postgres from 'postgres';
import {
  migrateExclusively,
  openResilientPostgres,
  POSTGRES_DEFAULTS,
  type PostgresTuning,
} from './resilient-postgres';
import { countedClient, type PoolUsage } from './pool-usage';
import { tracedClient } from './traced-client';
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
  /** True when the database answers (the health check); false at once while it is known to be down. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** Connections in use and queries waiting for one (db/pool-usage.ts), for the metrics. */
  poolUsage?(): PoolUsage;
}

export interface DatabaseOptions {
  /** PostgreSQL URL; when absent, PGlite is used. */
  url?: string;
  /** Pool size and timeouts on PostgreSQL (POSTGRES_DEFAULTS for what is absent). */
  tuning?: Partial<PostgresTuning>;
  /** PGlite data directory; when absent too, an in-memory PGlite (tests). */
  dataDir?: string;
  /**
   * PGlite only: start from this dump of a data directory (PGlite's `dumpDataDir`) instead of an empty one.
   * The tests start each file's database from one migrated copy (server/test/support/pglite-template.ts).
   */
  pgliteDump?: Blob;
  /** Runs once the migrations are applied; on PostgreSQL, under the same lock (the first-start administrator). */
  afterMigrate?: (db: Db) => Promise<void>;
  /**
   * Apply the migrations first (true). A second pool of a process that has already opened the database (the
   * notification deliverer's thread) skips them.
   */
  migrate?: boolean;
  /** A span per statement and transaction made within a traced request (db/traced-client.ts): tracing is on. */
  traceQueries?: boolean;
}

const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const afterMigrate = options.afterMigrate ?? (async () => {});
  if (options.url) {
    const tuning = { ...POSTGRES_DEFAULTS, ...options.tuning };
    const pool = openResilientPostgres(options.url, tuning);
    const client = options.traceQueries ? await tracedClient(pool.sql, 'postgres') : pool.sql;
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    try {
      if (options.migrate !== false)
        await migrateExclusively(options.url, tuning, migrationsFolder, () => afterMigrate(db));
    } catch (error) {
      await pool.close();
      throw error;
    }
    return { db, kind: 'postgres', ...pool, poolUsage: pool.usage };
  }
  // Loaded only here: a process on PostgreSQL (and the deliverer's thread) would hold PGlite's JavaScript,
  // over 1 MB of source, for nothing.
  const [{ PGlite }, { pg_trgm }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all(
    [
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ],
  );
  const releaseLock = options.dataDir ? lockDataDir(options.dataDir) : () => {};
  // pg_trgm backs the incident search indexes (migration 0001).
  const client = new PGlite({
    dataDir: options.dataDir,
    loadDataDir: options.pgliteDump,
    extensions: { pg_trgm },
  });
  const pool = countedClient(client, ['query', 'transaction', 'exec'], 1);
  const traced = options.traceQueries ? await tracedClient(pool.client, 'pglite') : pool.client;
  const db = drizzlePglite(traced, { schema }) as unknown as Db;
  await migratePglite(db as never, { migrationsFolder });
  await afterMigrate(db);
  return {
    db,
    kind: 'pglite',
    async listen(channel, onPayload, onListen) {
      // In-process: the connection cannot be lost.
      const unlisten = await client.listen(channel, onPayload);
      onListen?.();
      return () => unlisten();
    },
    ping: () =>
      db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
    close: async () => {
      await client.close();
      releaseLock();
    },
    poolUsage: pool.usage,
  };
}

/**
 * PGlite has no lock of its own: two processes on one directory silently lose writes. A lock file naming our
 * pid and the time our process started refuses a second process. One whose process is gone, or whose pid
 * now belongs to a process started at another time (the pid was reused), is stale and taken over.
 */
function lockDataDir(dir: string): () => void {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'bpm.lock');
  const holder = readLockHolder(file);
  if (holder && holder.pid !== process.pid && holdsLock(holder)) {
    throw new Error(`${dir} is in use by process ${holder.pid}; give every process its own DATA_DIR`);
  }
  writeFileSync(file, `${process.pid} ${processStartTime(process.pid) ?? ''}`.trim());
  const release = () => rmSync(file, { force: true });
  process.once('exit', release);
  return release;
}

interface LockHolder {
  pid: number;
  /** Absent in lock files written before the start time was recorded, or where it cannot be read. */
  startTime?: string;
}

function readLockHolder(file: string): LockHolder | undefined {
  try {
    const [pid, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
    return Number(pid) > 0 ? { pid: Number(pid), startTime } : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function holdsLock({ pid, startTime }: LockHolder): boolean {
  if (!isAlive(pid)) return false;
  const liveStartTime = processStartTime(pid);
  // Where start times cannot be compared (not Linux, an old lock file), a live pid is taken as the holder.
  return !startTime || !liveStartTime || startTime === liveStartTime;
}

/** The start time of process `pid` in clock ticks after boot (field 22 of /proc/<pid>/stat), on Linux. */
export function processStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Field 2, the command name, is in parentheses and may hold spaces: count from the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
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
