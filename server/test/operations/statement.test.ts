// The statements the layers between Drizzle and postgres.js answer (db/statement.ts): sent once, when first
// awaited, with the rows as arrays when `.values()` was asked for before; and, on PostgreSQL, the library's own
// query objects left as the library made them.
import { describe, expect, it } from 'vitest';
import postgres from 'postgres';
import { Statement } from '../../../db/statement';
import { POSTGRES_DEFAULTS, openResilientPostgres } from '../../../db/resilient-postgres';
import { onPostgres } from '../support/helpers';

describe('a statement', () => {
  it('is sent once, when first awaited, as rows or as arrays', async () => {
    const sends: boolean[] = [];
    const statement = new Statement(async (arrays) => {
      sends.push(arrays);
      return arrays ? [[1]] : [{ n: 1 }];
    });
    expect(sends).toEqual([]);
    expect(await statement).toEqual([{ n: 1 }]);
    expect(await statement).toEqual([{ n: 1 }]);
    expect(sends).toEqual([false]);

    const values = new Statement(async (arrays) => (sends.push(arrays), arrays ? [[1]] : []));
    expect(await values.values()).toEqual([[1]]);
    expect(sends).toEqual([false, true]);
    expect(() => values.values()).toThrow(/already sent/);
  });

  it('answers a failure of its sending, thrown or rejected, as a rejection', async () => {
    const thrown = new Statement(() => {
      throw new Error('refused');
    });
    await expect(thrown).rejects.toThrow('refused');
    await expect(
      new Statement(() => Promise.reject(new Error('lost'))).catch((e: unknown) => (e as Error).message),
    ).resolves.toBe('lost');
    const settled: string[] = [];
    await new Statement(async () => 1).finally(() => settled.push('finally'));
    expect(settled).toEqual(['finally']);
  });
});

describe.runIf(onPostgres)('the PostgreSQL client Drizzle is given', () => {
  it('answers rows and arrays, and its pool usage by its turns', async () => {
    const client = openResilientPostgres(process.env.DATABASE_URL!, { ...POSTGRES_DEFAULTS, poolSize: 2 });
    try {
      const sql = client.sql as unknown as postgres.Sql;
      expect(await sql.unsafe('select $1::int as n', [7])).toEqual([{ n: 7 }]);
      expect(await sql.unsafe('select $1::int as n', [7]).values()).toEqual([[7]]);
      const slow = [1, 2, 3].map(() => sql.unsafe('select pg_sleep(0.3)'));
      const pending = Promise.all(slow);
      await new Promise((r) => setTimeout(r, 100));
      expect(client.usage()).toEqual({ size: 2, inUse: 2, waiting: 1 });
      await pending;
      expect(client.usage()).toEqual({ size: 2, inUse: 0, waiting: 0 });
    } finally {
      await client.close();
    }
  });
});
