// Vitest global setup: on PGlite, one migrated database for the whole run, dumped to a file that each test
// file's database starts from (openTestDatabase): loading a dump skips initdb and the migrations, the
// most of what opening a fresh PGlite costs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The dump of a migrated PGlite database; empty on PostgreSQL. */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const directory = mkdtempSync(path.join(tmpdir(), 'bpm-pglite-template-'));
  const file = path.join(directory, 'migrated.tar');
  // As db/client.ts opens PGlite; opening the dump there runs the migrations again, and finds them applied.
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    await migrate(drizzle(client), { migrationsFolder: path.join(process.cwd(), 'db', 'migrations') });
    writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  } finally {
    await client.close();
  }
  project.provide('pgliteTemplate', file);
  return () => rmSync(directory, { recursive: true, force: true });
}
