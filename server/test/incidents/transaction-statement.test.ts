// db/prepared.ts transactionStatement builds a write once and hands its SQL to each transaction's session:
// it reads drizzle's builder (dialect, getSQL, config) and session (prepareQuery), which drizzle's types mark
// internal. These tests fail first when a drizzle upgrade moves any of them, and check that a statement
// leaving a computed default to drizzle (the traceparent bug of before: a default read once) is refused.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { columnsComputedWhenBuilt, transactionStatement, type InternalBuilder } from '../../../db/prepared';
import { incidentEvents, incidentMessages, incidents } from '../../../db/schema';
import { openTestDatabase } from '../support/helpers';

describe('transactionStatement', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.close());

  const eventInsert = () =>
    database.db.insert(incidentEvents).values({
      incidentId: sql.placeholder('id'),
      eventType: sql.placeholder('event'),
      message: sql.placeholder('message'),
      actor: sql.placeholder('actor'),
      traceparent: sql.placeholder('traceparent'),
    }) as unknown as InternalBuilder;
  const update = () =>
    database.db
      .update(incidents)
      .set({ acknowledgedBy: sql`${sql.placeholder('actor')}` })
      .where(sql`false`)
      .returning() as unknown as InternalBuilder;

  it('finds what it reads of drizzle: the builders, their config, and a transaction session', async () => {
    for (const builder of [eventInsert(), update()]) {
      expect(typeof builder.getSQL).toBe('function');
      expect(typeof builder.dialect.sqlToQuery).toBe('function');
      expect(builder.config.table).toBeDefined();
      const query = builder.dialect.sqlToQuery(builder.getSQL());
      expect(query.sql).toMatch(/^(insert|update) /);
      expect(Array.isArray(query.params)).toBe(true);
    }
    expect(Array.isArray(eventInsert().config.values)).toBe(true);
    expect(Object.keys(eventInsert().config.values![0])).toContain('traceparent');
    expect(Object.keys(update().config.set!)).toContain('acknowledgedBy');
    expect(update().config.returning).toBeDefined();
    await database.db.transaction(async (tx) => {
      const session = (tx as unknown as { session: { prepareQuery: unknown } }).session;
      expect(typeof session.prepareQuery).toBe('function');
    });
  });

  it('runs a write built once in each transaction, with that call’s values', async () => {
    const acknowledge = transactionStatement<{ id: number; acknowledgedBy: string | null }[]>((db) =>
      db
        .update(incidents)
        .set({ acknowledgedBy: sql`${sql.placeholder('actor')}` })
        .where(sql`${incidents.id} = ${sql.placeholder('id')}`)
        .returning(),
    );
    const [{ id }] = await database.db
      .insert(incidents)
      .values({
        processInstanceId: 1,
        nodeId: 'n',
        severity: 'LOW',
        source: 'PROCESS_ENGINE',
        message: 'built once',
        externalReferenceId: `statement:${Date.now()}`,
      })
      .returning({ id: incidents.id });
    for (const actor of ['first', 'second']) {
      const rows = await database.db.transaction((tx) => acknowledge(tx, { id, actor }));
      expect(rows.map((row) => [row.id, row.acknowledgedBy])).toEqual([[id, actor]]);
    }
  });

  it('refuses a write that leaves a computed default to drizzle', () => {
    // A message's template id is a computed default (db/schema/incidents.ts: the trigger sets it).
    const withoutTemplate = () =>
      database.db.insert(incidentMessages).values({ message: sql.placeholder('message') });
    expect(columnsComputedWhenBuilt(withoutTemplate() as unknown as InternalBuilder)).toEqual(['templateId']);
    expect(columnsComputedWhenBuilt(eventInsert())).toEqual([]);
    const statement = transactionStatement(withoutTemplate);
    expect(() => statement(database.db, { message: 'm' })).toThrow(/templateId/);
  });
});
