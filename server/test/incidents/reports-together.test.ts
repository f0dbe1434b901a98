// Reports written together (docs/contract.md §6): one batch of reports of new, unresolved and resolved
// incidents, repeats among them, written in one transaction, each counted once, each answered as if written
// alone in turn; a report the database refuses fails alone. On the real database, PGlite and PostgreSQL.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf, type Database } from '../../../db/client';
import type { ReportIncidentInput } from '../../schemas/incidents';
import type { ReportResult } from '../../services/incidents/record-reports';
import { writeTogether } from '../../services/incidents/report-batches';
import type { RecordedReport } from '../../services/incidents/report-incident';
import { callerFor, createTestUser, openTestDatabase, unique } from '../support/helpers';

describe('reports written together', () => {
  let database: Database;
  let caller: Awaited<ReturnType<typeof callerFor>>;
  beforeAll(async () => {
    database = await openTestDatabase();
    caller = await callerFor(database, await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] }));
  });
  afterAll(() => database.close());

  let next = 0;
  const reference = () => `storm-${unique('r')}:${++next}`;
  const input = (
    externalReferenceId: string,
    message = 'payment gateway unreachable',
  ): ReportIncidentInput => ({
    processInstanceId: 9000 + next,
    nodeId: 'charge-card',
    source: 'PROCESS_ENGINE',
    severity: 'HIGH',
    message,
    externalReferenceId,
  });
  const timeline = async (id: number) =>
    (await caller.incidents.events({ id })).map((e) => `${e.eventType}: ${e.message}`);
  const occurrences = async (id: number) => (await caller.incidents.events({ id })).map((e) => e.occurrences);
  const recorded = (result: ReportResult): RecordedReport => {
    if (result instanceof Error) throw result;
    if ('repeated' in result) throw new Error('a report without a key was taken for a repeat');
    return result;
  };

  it('creates, counts and reopens in one batch, each report once, the answers as if written in turn', async () => {
    const open = await caller.incidents.report(input(reference()));
    const resolved = await caller.incidents.report(input(reference()));
    await caller.incidents.resolve({ id: resolved.id });
    const fresh = reference();
    const single = reference();

    const batch = [fresh, open.externalReferenceId, fresh, resolved.externalReferenceId, single, fresh];
    const results = (
      await writeTogether(
        database.db,
        batch.map((ref) => ({ input: input(ref, `message of ${ref}`) })),
      )
    ).map(recorded);

    expect(results.map((r) => [r.outcome, r.row.occurrenceCount])).toEqual([
      ['CREATED', 1],
      ['OCCURRED_AGAIN', 2],
      ['OCCURRED_AGAIN', 2],
      ['REOPENED', 2],
      ['CREATED', 1],
      ['OCCURRED_AGAIN', 3],
    ]);
    const freshId = results[0].row.id;
    expect(results[2].row.id).toBe(freshId);
    expect(results[5].row.id).toBe(freshId);

    // Stored: each report counted once; a new incident keeps its first report's fields.
    expect(await caller.incidents.get({ id: freshId })).toMatchObject({
      status: 'OPEN',
      occurrenceCount: 3,
      message: `message of ${fresh}`,
    });
    expect(await caller.incidents.get({ id: open.id })).toMatchObject({ occurrenceCount: 2 });
    expect(await caller.incidents.get({ id: resolved.id })).toMatchObject({
      status: 'OPEN',
      occurrenceCount: 2,
    });

    // The timeline folds a batch's repeats into one entry that says how many it stands for.
    expect(await timeline(freshId)).toEqual([
      `CREATED: Reported: message of ${fresh}`,
      'OCCURRED_AGAIN: Occurred again 2 times (3 times in all)',
    ]);
    expect(await timeline(open.id)).toEqual([
      `CREATED: Reported: payment gateway unreachable`,
      'OCCURRED_AGAIN: Occurred again (2 times in all)',
    ]);
    expect((await timeline(resolved.id)).map((e) => e.split(':')[0])).toEqual([
      'CREATED',
      'RESOLVED',
      'REOPENED',
    ]);
    expect(await timeline(results[4].row.id)).toEqual([`CREATED: Reported: message of ${single}`]);
    // How many it stands for, in a field of its own; only OCCURRED_AGAIN entries have it.
    expect(await occurrences(freshId)).toEqual([undefined, 2]);
    expect(await occurrences(open.id)).toEqual([undefined, 1]);
  });

  it('folds a hundred reports of one incident into one update and one timeline entry', async () => {
    const ref = reference();
    const results = (
      await writeTogether(
        database.db,
        Array.from({ length: 100 }, () => ({ input: input(ref) })),
      )
    ).map(recorded);
    expect(results.map((r) => r.row.occurrenceCount)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
    expect(new Set(results.map((r) => r.row.id)).size).toBe(1);
    expect(await timeline(results[0].row.id)).toEqual([
      'CREATED: Reported: payment gateway unreachable',
      'OCCURRED_AGAIN: Occurred again 99 times (100 times in all)',
    ]);
    expect(await occurrences(results[0].row.id)).toEqual([undefined, 99]);
  });

  it('a report the database refuses fails alone; the others of its batch are stored', async () => {
    const good = [reference(), reference()];
    const bad = reference();
    // A NUL character: PostgreSQL refuses it in text (the API's input guard refuses it before).
    const results = await writeTogether(database.db, [
      { input: input(good[0]) },
      { input: input(bad, 'broken \u0000 message') },
      { input: input(good[1]) },
    ]);
    expect(results[0]).not.toBeInstanceOf(Error);
    expect(results[1]).toBeInstanceOf(Error);
    expect(results[2]).not.toBeInstanceOf(Error);
    const stored = rowsOf<{ ref: string }>(
      await database.db.execute(
        sql`select external_reference_id as ref from incidents where external_reference_id in (${good[0]}, ${bad}, ${good[1]})`,
      ),
    ).map((r) => r.ref);
    expect(stored.sort()).toEqual([...good].sort());
  });
});
