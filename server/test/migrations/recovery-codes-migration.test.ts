// Migration 0035 moves recovery codes off the authenticator app's row: the hand-written statement must carry
// every unused code of a confirmed app into recovery_codes before the column goes, so no one's saved codes
// stop working. Run on a PGlite of its own, migrated up to 0034, then given rows, then migrated to the end.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, expect, it } from 'vitest';

const MIGRATIONS = path.join(process.cwd(), 'db', 'migrations');
const directory = mkdtempSync(path.join(tmpdir(), 'bpm-migration-0035-'));
afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** The migrations folder as it was before 0035: the same files, a journal that ends at 0034. */
function migrationsBefore0035(): string {
  const before = path.join(directory, 'migrations');
  cpSync(MIGRATIONS, before, { recursive: true });
  const journalFile = path.join(before, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.tag < '0035');
  writeFileSync(journalFile, JSON.stringify(journal));
  return before;
}

it("keeps a confirmed app's unused recovery codes, and nothing of a pending enrolment", async () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: migrationsBefore0035() });
    await client.exec(`
      insert into users (id, username, password_hash) values (1, 'confirmed', 'x'), (2, 'used-up', 'x'),
        (3, 'pending', 'x');
      insert into second_factors (user_id, totp_secret, recovery_code_hashes, confirmed_at) values
        (1, 'S1', '{h1,h2}', now()), (2, 'S2', '{}', now()), (3, 'S3', '{h3}', null);`);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    const moved = await client.query('select user_id, code_hash from recovery_codes order by 1, 2');
    expect(moved.rows).toEqual([
      { user_id: 1, code_hash: 'h1' },
      { user_id: 1, code_hash: 'h2' },
    ]);
    // The apps themselves are untouched, and "an app is confirmed" still reads the same.
    const apps = await client.query(
      'select user_id, totp_secret, confirmed_at is not null as confirmed from second_factors order by 1',
    );
    expect(apps.rows).toEqual([
      { user_id: 1, totp_secret: 'S1', confirmed: true },
      { user_id: 2, totp_secret: 'S2', confirmed: true },
      { user_id: 3, totp_secret: 'S3', confirmed: false },
    ]);
  } finally {
    await client.close();
  }
}, 120_000);
