// The dispatcher's queues on a real database (PGlite or PostgreSQL): a poll on several topics is woken by
// any of them, a publish goes to the earliest poll with room, what a poll leaves unused goes to the next,
// and draining answers every waiting poll at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { workerRequests } from '../../../db/schema';
import { publishTopic, startDispatcher, type Dispatcher } from '../../services/workers/dispatcher';
import { createWorkerRequest } from '../../services/workers/create-worker-request';
import { fetchAndLock } from '../../services/workers/fetch-and-lock';
import { HANG_MARGIN_MS } from '../support/hang-bounds';
import { openTestDatabase, unique } from '../support/helpers';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('long-poll queues', () => {
  let database: Database;
  let dispatcher: Dispatcher;

  beforeAll(async () => {
    database = await openTestDatabase();
    dispatcher = startDispatcher(database);
  });
  afterAll(async () => {
    await dispatcher.stop();
    await database.close();
  });

  let processInstanceId = 3_000;
  const publish = (topic: string) =>
    createWorkerRequest(database.db, {
      processInstanceId: processInstanceId++,
      nodeId: 'n',
      topic,
      retries: 0,
    });

  const poll = (
    workerId: string,
    topics: string[],
    opts: { maxTasks?: number; waitMs?: number } = {},
    signal?: AbortSignal,
  ) =>
    fetchAndLock(
      database.db,
      {
        workerId,
        topics,
        maxTasks: opts.maxTasks ?? 1,
        lockDurationMs: 60_000,
        waitMs: opts.waitMs ?? 10_000,
      },
      { dispatcher, signal },
    );

  /** Lets the polls started so far take their first look and queue. */
  const queued = async (count: number) => {
    for (let i = 0; i < 100 && dispatcher.waiting < count; i++) await sleep(20);
    await sleep(50);
  };

  it('a poll on two topics is woken by a publish on either', async () => {
    const [a, b] = [unique('a'), unique('b')];
    const waiting = poll('both', [a, b]);
    await queued(1);
    const published = await publish(b);
    expect((await waiting).map((r) => r.id)).toEqual([published.id]);
  });

  it('one announcement of 3 goes to the earliest poll with room for them; later ones keep waiting', async () => {
    const topic = unique('burst');
    let laterAnswered = false;
    const first = poll('first', [topic], { maxTasks: 3 });
    await queued(1);
    const later = poll('later', [topic], { waitMs: 1_500 }).then((got) => ((laterAnswered = true), got));
    await queued(2);
    const { processInstanceId: instance } = await publish(unique('other'));
    const ids = await database.db.transaction(async (tx) => {
      const rows = await tx
        .insert(workerRequests)
        .values(
          [1, 2, 3].map(() => ({
            processInstanceId: instance,
            nodeId: 'n',
            topic,
            retries: 0,
            initialRetries: 0,
          })),
        )
        .returning({ id: workerRequests.id });
      await publishTopic(tx, topic, 3);
      return rows.map((r) => r.id);
    });
    expect((await first).map((r) => r.id)).toEqual(ids);
    await sleep(200);
    expect(laterAnswered).toBe(false);
    expect(await later).toEqual([]);
  });

  it('a publish skips a poll whose client left and goes to the next one', async () => {
    const topic = unique('left');
    const leaving = new AbortController();
    const gone = poll('gone', [topic], {}, leaving.signal);
    await queued(1);
    const next = poll('next', [topic]);
    await queued(2);
    leaving.abort();
    expect(await gone).toEqual([]);
    const published = await publish(topic);
    expect((await next).map((r) => r.id)).toEqual([published.id]);
  });

  it('draining answers every waiting poll with [] at once, and later polls do not wait', async () => {
    const own = startDispatcher(database);
    const topic = unique('drain');
    const polls = Array.from({ length: 5 }, (_, i) =>
      fetchAndLock(
        database.db,
        { workerId: `d${i}`, topics: [topic], maxTasks: 1, lockDurationMs: 60_000, waitMs: 20_000 },
        { dispatcher: own },
      ),
    );
    for (let i = 0; i < 100 && own.waiting < 5; i++) await sleep(20);
    const drainedAt = Date.now();
    own.drain();
    expect(await Promise.all(polls)).toEqual([[], [], [], [], []]);
    expect(
      await fetchAndLock(
        database.db,
        { workerId: 'late', topics: [topic], maxTasks: 1, lockDurationMs: 60_000, waitMs: 20_000 },
        { dispatcher: own },
      ),
    ).toEqual([]);
    // Answered by the drain, not by their 20 s.
    expect(Date.now() - drainedAt).toBeLessThan(HANG_MARGIN_MS);
    await own.stop();
  });
});
