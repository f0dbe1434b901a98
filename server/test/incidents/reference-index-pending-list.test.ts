// The reference's trigram index keeps a short pending list (migration 0019): every search reads that list
// whole, and at PostgreSQL's default of 4 MB a few thousand acknowledges made a reference search 2.5 times
// slower (docs/performance.md, "Text search").
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import { openTestDatabase } from '../support/helpers';

describe('the reference trigram index', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('keeps at most 64 kB of pending entries', async () => {
    const [index] = rowsOf<{ reloptions: string[] | null; method: string }>(
      await database.db.execute(sql`
        select c.reloptions, am.amname as method
        from pg_class c join pg_am am on am.oid = c.relam
        where c.relname = 'incidents_reference_trgm_idx'`),
    );
    expect(index.method).toBe('gin');
    expect(index.reloptions).toContain('gin_pending_list_limit=64');
  });
});
