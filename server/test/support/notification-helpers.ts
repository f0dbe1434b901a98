// The set-up the notification tests (server/test/notifications) share: the file's database with an
// administrator signed in through the router, what a test starts (receivers, SMTP servers, deliverers,
// threads) stopped after it, a subscription that is the only live one, and a wait for deliveries.
import postgres from 'postgres';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Database } from '../../../db/client';
import { startDeliverer, type Deliverer } from '../../services/notifications/deliverer';
import { callerFor, createTestUser, openTestDatabase, type TestUser } from './helpers';
import { startReceiver } from './webhook-receiver';

type Caller = Awaited<ReturnType<typeof callerFor>>;
type SubscriptionInput = Parameters<Caller['webhooks']['create']>[0];

export interface NotificationTest {
  /** The file's database, opened before its first test. */
  readonly database: Database;
  /** A user of that database holding ACCESS_BPM_ADMIN. */
  readonly admin: TestUser;
  /** The administrator's tRPC caller. */
  caller(): Promise<Caller>;
  /** `stop` runs after the test, after its deliverers have stopped; what started last stops first. */
  afterTest(stop: () => unknown): void;
  /** A webhook receiver (startReceiver), closed after the test. */
  receiver(answer?: (n: number) => number): ReturnType<typeof startReceiver>;
  /** A deliverer in this thread, stopped after the test before anything it delivers to. */
  deliver(options: Parameters<typeof startDeliverer>[1]): Deliverer;
  /**
   * A subscription that is the only live one of the file's database, so that earlier tests' subscriptions
   * see nothing of this test's incidents: the others are disabled, or with `others: 'deleted'` removed (then
   * not even a test event or a redelivery of theirs is left).
   */
  subscribeAlone(
    input: SubscriptionInput,
    others?: 'disabled' | 'deleted',
  ): ReturnType<Caller['webhooks']['create']>;
}

export function useNotificationTest(): NotificationTest {
  let database: Database | undefined;
  let admin: TestUser | undefined;
  const deliverers: Deliverer[] = [];
  const stops: (() => unknown)[] = [];

  beforeAll(async () => {
    database = await openTestDatabase();
    admin = await createTestUser(database, { permissions: ['ACCESS_BPM_ADMIN'] });
  });
  afterEach(async () => {
    await Promise.all(deliverers.splice(0).map((d) => d.stop()));
    for (const stop of stops.splice(0).reverse()) await stop();
  });
  afterAll(() => database?.close());

  const t: NotificationTest = {
    get database() {
      if (!database) throw new Error('the test database is opened in beforeAll');
      return database;
    },
    get admin() {
      if (!admin) throw new Error('the administrator is created in beforeAll');
      return admin;
    },
    caller: () => callerFor(t.database, t.admin),
    afterTest: (stop) => void stops.push(stop),
    async receiver(answer) {
      const r = await startReceiver(answer);
      stops.push(r.close);
      return r;
    },
    deliver(options) {
      const deliverer = startDeliverer(t.database, options);
      deliverers.push(deliverer);
      return deliverer;
    },
    async subscribeAlone(input, others = 'disabled') {
      const caller = await t.caller();
      for (const other of await caller.webhooks.list({})) {
        if (others === 'deleted') await caller.webhooks.delete({ id: other.id });
        else if (other.enabled) await caller.webhooks.update({ id: other.id, enabled: false });
      }
      return caller.webhooks.create(input);
    },
  };
  return t;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits until `check` holds, looking every 50 ms. The bound is for a hang, not for the machine's speed; it
 * is shorter than a test's (vitest.config.ts), so that a wait that never ends fails as itself.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 45_000): Promise<void> {
  for (const deadline = Date.now() + ms; Date.now() < deadline;) {
    if (await check()) return;
    await sleep(50);
  }
  throw new Error(`until: still not so after ${ms} ms: ${check.toString().slice(0, 300)}`);
}

/**
 * Runs `work` while a transaction that has an id is held open on another connection of the PostgreSQL server
 * (DATABASE_URL's), as another test file's may be: transaction ids are the whole server's, so it keeps
 * younger committed rows of the feeds unread until it ends, which is after `work`.
 */
export async function whileTransactionRunsElsewhere<T>(work: () => Promise<T>): Promise<T> {
  const elsewhere = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let holding!: () => void;
  const held = new Promise<void>((resolve) => (holding = resolve));
  const transaction = elsewhere.begin(async (tx) => {
    await tx`select pg_current_xact_id()`;
    holding();
    await released;
  });
  try {
    await held;
    return await work();
  } finally {
    release();
    await transaction;
    await elsewhere.end();
  }
}
