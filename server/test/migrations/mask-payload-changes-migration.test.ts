// Migration 0037 masks the secrets inside the whole objects and arrays of the corrections already on the
// timeline, as payloadChanges masks those it writes: a database migrated up to 0036, given entries, then
// migrated to the end. On PGlite, or on a PostgreSQL database of its own when DATABASE_URL names a server.
import { randomBytes } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { afterAll, expect, it } from 'vitest';
import { MASKED, maskSecrets } from '../../../domain/payload-patch';
import { SECRET_FIELD_NAMES, SHOWN_FIELD_NAMES } from '../support/secret-field-names';

const MIGRATIONS = path.join(process.cwd(), 'db', 'migrations');
const directory = mkdtempSync(path.join(tmpdir(), 'bpm-migration-0037-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The migrations folder as it was before 0037: the same files, a journal that ends at 0036. */
function migrationsBefore0037(): string {
  const before = path.join(directory, 'migrations');
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0037');
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

interface MigratedDatabase {
  migrateTo(folder: string): Promise<void>;
  exec(statements: string): Promise<void>;
  rows<T>(query: string): Promise<T[]>;
  close(): Promise<void>;
}

async function emptyDatabase(): Promise<MigratedDatabase> {
  const base = process.env.DATABASE_URL;
  if (!base) {
    const client = new PGlite({ extensions: { pg_trgm } });
    const db = drizzlePglite(client);
    return {
      migrateTo: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
      exec: async (statements) => void (await client.exec(statements)),
      rows: async <T>(query: string) => (await client.query<T>(query)).rows,
      close: () => client.close(),
    };
  }
  const name = `bpm_migration_${randomBytes(6).toString('hex')}`;
  const server = postgres(base, { max: 1, onnotice: () => {} });
  await server.unsafe(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = postgres(url.toString(), { max: 1, onnotice: () => {} });
  const db = drizzlePostgres(client);
  return {
    migrateTo: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
    exec: async (statements) => void (await client.unsafe(statements)),
    rows: async <T>(query: string) => (await client.unsafe(query)) as unknown as T[],
    async close() {
      await client.end();
      await server.unsafe(`drop database if exists ${name} with (force)`);
      await server.end();
    },
  };
}

// The names the masking's own test pins as secret or not: the migration must judge each alike.
const NAMES = [...SECRET_FIELD_NAMES, ...SHOWN_FIELD_NAMES];

it('masks the secrets inside whole objects and arrays of the corrections on the timeline, and nothing else', async () => {
  const database = await emptyDatabase();
  try {
    await database.migrateTo(migrationsBefore0037());
    const leaking = [
      { path: '/billing', after: { password: 'hunter2', address: { pin: '0000', city: 'Graz' } } },
      { path: '/card', before: { holder: 'A. Payer', cvv: '123', cardNumber: '4111111111111111' } },
      { path: '/items', before: [{ sku: 'A', token: 't1' }], after: [{ sku: 'B', token: 't2' }, 'gift'] },
      { path: '/amount', before: -5, after: 5 },
      { path: '/names', after: Object.fromEntries(NAMES.map((name) => [name, `value of ${name}`])) },
    ];
    const maskedAlready = [
      { path: '/card/cvv', before: MASKED, after: MASKED },
      { path: '/note', after: 'fixed by hand' },
    ];
    const json = (value: unknown) => `'${JSON.stringify(value).replace(/'/g, "''")}'::jsonb`;
    await database.exec(`
      insert into incidents (id, process_instance_id, node_id, severity, source, message, external_reference_id)
        values (1, 1, 'n', 'HIGH', 'WORKER', 'm', 'worker-request:1');
      insert into incident_events (id, incident_id, event_type, message, payload_changes) values
        (1, 1, 'CREATED', 'Reported: m', null),
        (2, 1, 'RETRY_REQUESTED', 'Retry requested', ${json(leaking)}),
        (3, 1, 'RETRY_REQUESTED', 'Retry requested', ${json(maskedAlready)}),
        (4, 1, 'RETRY_REQUESTED', 'Retry requested', '[]'::jsonb);`);
    await database.migrateTo(MIGRATIONS);

    const stored = await database.rows<{ id: number | string; payload_changes: unknown }>(
      'select id, payload_changes from incident_events order by id',
    );
    expect(stored.map((r) => [Number(r.id), r.payload_changes])).toEqual([
      [1, null],
      [
        2,
        [
          { path: '/billing', after: { password: MASKED, address: { pin: MASKED, city: 'Graz' } } },
          { path: '/card', before: { holder: 'A. Payer', cvv: MASKED, cardNumber: MASKED } },
          {
            path: '/items',
            before: [{ sku: 'A', token: MASKED }],
            after: [{ sku: 'B', token: MASKED }, 'gift'],
          },
          { path: '/amount', before: -5, after: 5 },
          // Judged name by name as the application judges them.
          { path: '/names', after: maskSecrets(leaking[4].after) },
        ],
      ],
      [3, maskedAlready],
      [4, []],
    ]);
    // Its functions served the migration only.
    const left = await database.rows<{ n: number }>(
      "select count(*)::int as n from pg_proc where proname like 'migration_0037%'",
    );
    expect(left).toEqual([{ n: 0 }]);
  } finally {
    await database.close();
  }
}, 120_000);
