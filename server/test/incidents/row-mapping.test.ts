// Rows mapped by mappedByColumns (db/prepared.ts) are the rows drizzle's own mapping makes, on both
// drivers: one table's columns (timestamps, bigints, nulls, enums), and a table nested beside an SQL field.
// A query executedDirectly answers and fails as drizzle's own execute, where it is taken (postgres-js).
import { desc, DrizzleQueryError, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executedDirectly, mappedByColumns } from '../../../db/prepared';
import { incidents, users } from '../../../db/schema';
import { useTestApi } from '../support/http-helpers';
import { reportBody } from '../support/incident-helpers';

const installed = (prepared: unknown) =>
  typeof (prepared as { customResultMapper?: unknown }).customResultMapper === 'function';

describe('mappedByColumns', () => {
  const t = useTestApi();

  it("maps an incident's row as drizzle does, nulls, dates and numbers alike", async () => {
    const as = t.as((await t.admin()).token);
    const processInstanceId = 7_000_000 + Math.floor(Math.random() * 1_000_000);
    for (const body of [
      reportBody({ processInstanceId, severity: 'CRITICAL' }),
      reportBody({ processInstanceId, technicalDetails: undefined }),
    ]) {
      const res = await as.post('/incidents', body);
      expect(res.status, res.text).toBe(200);
    }
    // The newest of the two acknowledged: its row has an acknowledgedAt, the other's is null.
    const [newest] = (await as.get(`/incidents/process-instances/${processInstanceId}`)).body as {
      id: number;
    }[];
    expect((await as.post(`/incidents/${newest.id}/acknowledge`, {})).status).toBe(200);

    const { db } = t.database;
    const query = () =>
      db
        .select()
        .from(incidents)
        .where(eq(incidents.processInstanceId, sql.placeholder('pid')))
        .orderBy(desc(incidents.id));
    const fast = mappedByColumns(query().prepare('row_mapping_fast'));
    expect(installed(fast)).toBe(true);
    const expected = await query().prepare('row_mapping_drizzle').execute({ pid: processInstanceId });
    const mapped = await fast.execute({ pid: processInstanceId });
    expect(expected).toHaveLength(2);
    expect(mapped).toEqual(expected);
    // The kinds the API's view relies on, not merely equal shapes.
    expect(mapped[0].id).toBe(newest.id);
    expect(mapped[0].createdAt).toBeInstanceOf(Date);
    expect(mapped[0].acknowledgedAt).toBeInstanceOf(Date);
    expect(mapped[1].acknowledgedAt).toBeNull();
    expect(typeof mapped[0].id).toBe('number');
    // The keys in drizzle's order too: an answer's JSON lists them in that order.
    expect(Object.keys(mapped[0])).toEqual(Object.keys(expected[0]));
  });

  it('leaves to drizzle a field that an object literal cannot hold as drizzle does', async () => {
    const { db } = t.database;
    // `__proto__` in a literal would set the object's prototype, not a field.
    const fields = { id: incidents.id, ['__proto__']: sql<string>`'x'` };
    const query = () => db.select(fields).from(incidents).limit(1);
    const left = mappedByColumns(query().prepare('row_mapping_proto'));
    expect(installed(left)).toBe(false);
    const expected = await query().prepare('row_mapping_proto_drizzle').execute();
    expect(await left.execute()).toEqual(expected);
  });

  it('nests a table beside an SQL field as drizzle does, and leaves outer joins to drizzle', async () => {
    const { db } = t.database;
    const query = () =>
      db
        .select({ incident: incidents, total: sql<number>`count(*) over ()`.mapWith(Number) })
        .from(incidents)
        .orderBy(desc(incidents.id))
        .limit(5);
    const fast = mappedByColumns(query().prepare('row_mapping_nested_fast'));
    expect(installed(fast)).toBe(true);
    const expected = await query().prepare('row_mapping_nested_drizzle').execute();
    expect(expected.length).toBeGreaterThan(0);
    const mapped = await fast.execute();
    expect(mapped).toEqual(expected);
    expect(typeof mapped[0].total).toBe('number');
    // The keys in drizzle's order, the nested object's too.
    expect(Object.keys(mapped[0])).toEqual(Object.keys(expected[0]));
    expect(Object.keys(mapped[0].incident)).toEqual(Object.keys(expected[0].incident));

    // An outer join: drizzle turns the joined object into null when all its columns are; not mapped here.
    const joined = mappedByColumns(
      db
        .select({ incident: incidents, user: users })
        .from(incidents)
        .leftJoin(users, eq(users.username, incidents.acknowledgedBy))
        .limit(1)
        .prepare('row_mapping_join'),
    );
    expect(installed(joined)).toBe(false);
  });

  it("executes directly what drizzle's postgres-js session would, rows and failures alike", async () => {
    const as = t.as((await t.admin()).token);
    const reported = (await as.post('/incidents', reportBody({ severity: 'HIGH' }))).body as { id: number };
    const { db, kind } = t.database;
    const query = () =>
      db
        .select()
        .from(incidents)
        .where(eq(incidents.id, sql.placeholder('id')));
    const direct = executedDirectly(mappedByColumns(query().prepare('row_mapping_direct')));
    // Taken on postgres-js only: PGlite's queries keep drizzle's execute (its own prototype's).
    expect(Object.hasOwn(direct, 'execute')).toBe(kind === 'postgres');
    const expected = await mappedByColumns(query().prepare('row_mapping_direct_drizzle')).execute({
      id: reported.id,
    });
    expect(expected).toHaveLength(1);
    expect(await direct.execute({ id: reported.id })).toEqual(expected);
    expect(await direct.execute({ id: -1 })).toEqual([]);
    // A value the database refuses: the same DrizzleQueryError, the driver's error its cause.
    const failure = await direct.execute({ id: 'not a number' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DrizzleQueryError);
    expect(((failure as DrizzleQueryError).cause as { code?: string }).code).toBe('22P02');
    // A query without mappedByColumns' mapping is left to drizzle.
    const unmapped = executedDirectly(query().prepare('row_mapping_direct_unmapped'));
    expect(Object.hasOwn(unmapped, 'execute')).toBe(false);
  });
});
