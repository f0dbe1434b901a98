// What a database span says of its statement (db/traced-client.ts): the operation and table in its name, and
// the text without any quoted value. The spans themselves are tested as exported, in logs.test.ts.
import { describe, expect, it } from 'vitest';
import { sanitizeStatement, spanNameOf } from '../../../db/traced-client';

describe('database spans', () => {
  it('are named by operation and table', () => {
    expect(spanNameOf('select "id", "username" from "users" where "users"."id" = $1')).toBe('SELECT users');
    expect(spanNameOf('insert into "incidents" ("id") values (default)')).toBe('INSERT incidents');
    expect(spanNameOf('update "worker_requests" set "status" = $1')).toBe('UPDATE worker_requests');
    expect(spanNameOf('delete from "user_groups" where "user_id" = $1')).toBe('DELETE user_groups');
    expect(spanNameOf('select pg_advisory_xact_lock($1)')).toBe('SELECT');
  });

  it('keep no quoted value of the statement, and no more than 2,000 characters of it', () => {
    const text = `select $1, 'a secret', 'it''s another' from "t" where "m" like '%x%'`;
    expect(sanitizeStatement(text)).toBe(`select $1, '?', '?' from "t" where "m" like '?'`);
    expect(sanitizeStatement(`select ${'x'.repeat(3_000)}`)).toHaveLength(2_001);
  });
});
