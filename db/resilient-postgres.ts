// postgres.js with bounds on every wait, so that an unreachable database is answered in seconds, never held:
//  - connect, statement and idle-in-transaction timeouts on every connection;
//  - a deadline on every query and transaction once it has a connection (on a stalled network a sent query
//    waits for ever). Waiting for a connection is not counted: at most poolSize queries and transactions are
//    under way, the rest wait their turn, and a busy pool is not an outage. The wait is bounded all the same,
//    since every turn ends within its deadline; and while the database is being probed, or is known to be
//    down, no turn begins: the waiting are answered as soon as it is found down;
//  - while the database is known to be down (db/availability.ts), queries fail at once;
//  - once it is back, a fresh pool and LISTEN connection (connections stalled by the outage are dropped, and
//    postgres.js would re-listen on its own backoff, up to 20 s); reconnection backoff capped at half a second.
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import {
  DatabaseAvailability,
  DatabaseUnavailableError,
  isDatabaseUnavailable,
  isOutcomeUnknown,
  isOutOfConnections,
} from './availability';
import type { PoolUsage } from './pool-usage';
import { assertPostgresPatched } from './postgres-patch';
import { sent, Statement, type Query } from './statement';

export interface PostgresTuning {
  /** Connections of the pool (besides one for LISTEN). */
  poolSize: number;
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout on every pooled connection. */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout: a client gone mid-transaction does not hold locks. */
  idleInTransactionTimeoutMs: number;
  /** The longest a query or a transaction may take once it has a connection (waiting for one is not counted). */
  queryTimeoutMs: number;
  /** application_name of every connection: names this process's backends in pg_stat_activity. */
  applicationName: string;
}

export const POSTGRES_DEFAULTS: PostgresTuning = {
  poolSize: 10,
  connectTimeoutMs: 3_000,
  statementTimeoutMs: 5_000,
  idleInTransactionTimeoutMs: 10_000,
  queryTimeoutMs: 6_000,
  applicationName: `bpm-admin-console/${process.pid}`,
};

/** The health check's own bound while the database is thought to be up. */
const PING_TIMEOUT_MS = 1_000;

interface Subscription {
  channel: string;
  onPayload: (payload: string) => void;
  onListen?: () => void;
  unlisten?: () => Promise<void>;
}

export interface ResilientPostgres {
  /** Hand this to Drizzle: it always reaches the current pool, with every query bounded. */
  sql: postgres.Sql;
  listen(
    channel: string,
    onPayload: (p: string) => void,
    onListen?: () => void,
  ): Promise<() => Promise<void>>;
  /** The pool's turns: how many queries and transactions are under way, and how many wait for one. */
  usage(): PoolUsage;
  /** True when the database answers; false at once while it is known to be down. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

// Reconnect soon after a failure, but not in a busy loop: 100 ms, 200 ms, ... at most 500 ms (seconds here).
// postgres.js counts `retries` only for a socket error: a connection the server refuses with an error
// message (53300, too many connections) closes cleanly, and the count stays 0. So the first step is 100 ms,
// never 0: at 0 every refused connection would be tried again at once, a busy loop against the database for
// as long as it refuses.
const reconnectBackoff = (retries: number) => Math.min(0.1 * (retries + 1), 0.5);

/**
 * How long the calls of a LISTEN connection's `onlisten` are gathered into one. With more than one channel,
 * postgres.js sends the LISTEN of each again after every refused attempt to connect, and the ones that
 * waited in its queue stay there: once a connection succeeds, every one is answered and calls `onlisten`.
 * After a long refusal that is a burst of calls within a few milliseconds, each a catch-up of its own that
 * queries at once and takes connections that requests need; one catch-up answers for them all.
 */
const ON_LISTEN_GATHER_MS = 100;

export function openResilientPostgres(url: string, tuning: PostgresTuning): ResilientPostgres {
  assertPostgresPatched();
  const connectionOptions = {
    onnotice: () => {},
    connect_timeout: tuning.connectTimeoutMs / 1000,
    backoff: reconnectBackoff,
    keep_alive: 5,
    connection: {
      application_name: tuning.applicationName,
      statement_timeout: tuning.statementTimeoutMs,
      idle_in_transaction_session_timeout: tuning.idleInTransactionTimeoutMs,
    },
  } satisfies postgres.Options<Record<string, postgres.PostgresType>>;

  const createPool = () => {
    const pool = postgres(url, {
      ...connectionOptions,
      max: tuning.poolSize,
      onclose: () => availability.suspect(),
    });
    drizzle(pool); // sets the driver's type parsers as Drizzle expects them, as it did on the first pool
    return pool;
  };

  const availability = new DatabaseAvailability(
    // Out of connections is an answer: the database is up (db/availability.ts).
    () =>
      probe(url, connectionOptions, tuning.connectTimeoutMs).catch((error: unknown) => {
        if (!isOutOfConnections(error)) throw error;
      }),
    () => replacePool(),
  );
  let current = createPool();
  const subscriptions = new Set<Subscription>();
  const turns = new Turns(tuning.poolSize, availability);

  const subscribe = async (s: Subscription) => {
    // Listening again proves the database is back: requests must not be refused a moment longer, since the
    // callbacks (the dispatcher's catch-up) query.
    let gathering = false;
    const onListen = () => {
      availability.reachable();
      if (gathering) return;
      gathering = true;
      setTimeout(() => {
        gathering = false;
        s.onListen?.();
      }, ON_LISTEN_GATHER_MS).unref();
    };
    const { unlisten } = await current.listen(s.channel, s.onPayload, onListen);
    s.unlisten = unlisten;
  };

  function replacePool() {
    const old = current;
    current = createPool();
    // postgres.js keeps trying on its own if this first attempt fails, and calls onListen when it succeeds.
    for (const s of subscriptions) subscribe(s).catch(() => {});
    void old.end({ timeout: 0 }).catch(() => {});
  }

  /**
   * Runs `start` in its turn (one of poolSize under way at once), within `ms` of its turn beginning; an
   * unreachable database or the deadline answer DatabaseUnavailableError. While a turn is free, one promise
   * and one timer per query: every query of every request passes here, and an async function racing an
   * expiry promise would make five more.
   */
  function bounded<T>(start: () => PromiseLike<T>, ms: number, onExpiry?: () => boolean): Promise<T> {
    if (availability.isDown)
      return Promise.reject(new DatabaseUnavailableError('The database is unreachable'));
    return new Promise<T>((resolve, reject) => {
      if (turns.take()) run(start, ms, onExpiry, resolve, reject);
      else turns.wait(() => run(start, ms, onExpiry, resolve, reject), reject);
    });
  }

  /**
   * `start` within `ms`, in a turn already taken, which it gives back when its caller has the answer.
   * `onExpiry` is told when the deadline passes; should it answer true (a transaction's COMMIT is under way),
   * the answer waits `ms` more for the COMMIT's, since failing now could deny a change the database makes.
   */
  function run<T>(
    start: () => PromiseLike<T>,
    ms: number,
    onExpiry: (() => boolean) | undefined,
    resolve: (value: T) => void,
    reject: (error: unknown) => void,
  ): void {
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return; // a query that fails after its deadline was answered for already
      settled = true;
      clearTimeout(timer);
      // Suspected first: the turn given back then waits for the probe rather than meeting the same fault.
      if (isDatabaseUnavailable(error)) availability.suspect();
      turns.give();
      reject(error);
    };
    let timer = setTimeout(() => {
      if (!onExpiry?.())
        return fail(new DatabaseUnavailableError(`The database did not answer within ${ms} ms`));
      timer = setTimeout(
        () =>
          fail(
            new DatabaseUnavailableError(
              `The database did not confirm the commit within ${2 * ms} ms: the change may have been stored`,
              true,
            ),
          ),
        ms,
      );
    }, ms);
    const succeed = (value: T) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      turns.give();
      resolve(value);
    };
    try {
      start().then(succeed, fail);
    } catch (error) {
      fail(error);
    }
  }

  /** A statement of the pool that is sent in its turn and answered within the deadline. */
  const inTurn = (query: () => Query) =>
    new Statement((arrays) => bounded(() => sent(query(), arrays), tuning.queryTimeoutMs));

  /**
   * A transaction within the deadline. Its work done in time, its COMMIT is sent; from then on the answer is
   * the COMMIT's (within one more deadline: run), never a failure while the database may still commit it.
   */
  function begin(...args: unknown[]) {
    const work = args.pop() as (tx: postgres.TransactionSql) => Promise<unknown>;
    let expired = false;
    let committing = false;
    return bounded(
      () =>
        (current.begin as (...a: unknown[]) => Promise<unknown>)(
          ...args,
          async (tx: postgres.TransactionSql) => {
            const result = await work(tx);
            // The caller was already told it failed: roll back rather than commit behind its back.
            if (expired) throw new DatabaseUnavailableError('The transaction outlived its deadline');
            committing = true;
            return result;
          },
        ),
      tuning.queryTimeoutMs,
      () => {
        expired = true;
        return committing;
      },
    ).catch((error: unknown) => {
      // The connection lost while the COMMIT was under way: it may have been applied or not.
      if (committing && isDatabaseUnavailable(error) && !isOutcomeUnknown(error))
        throw new DatabaseUnavailableError(
          'The connection was lost before the commit was confirmed: the change may have been stored',
          true,
        );
      throw error;
    });
  }

  // Drizzle is handed this: the pool of the moment (replaced after an outage), whose statements and
  // transactions are sent in their turn and bounded.
  const sql = new Proxy(current, {
    get(_target, property) {
      if (property === 'begin') return begin;
      if (property === 'unsafe')
        return (...args: unknown[]) => inTurn(() => (current.unsafe as (...a: unknown[]) => Query)(...args));
      const value = Reflect.get(current, property);
      return typeof value === 'function' ? value.bind(current) : value;
    },
    apply(_target, _this, args: unknown[]) {
      return inTurn(() => (current as unknown as (...a: unknown[]) => Query)(...args));
    },
  });

  return {
    sql,
    usage: () => turns.usage(),
    async listen(channel, onPayload, onListen) {
      const subscription: Subscription = { channel, onPayload, onListen };
      subscriptions.add(subscription);
      await subscribe(subscription);
      return async () => {
        subscriptions.delete(subscription);
        await subscription.unlisten?.();
      };
    },
    async ping() {
      if (availability.isDown) return false;
      // A look of its own, outside the turns: health must not wait behind a queue of requests. (Taking a
      // query answered a moment ago for "up" said so at the start of a network stall.)
      return withinMs(current`select 1`, PING_TIMEOUT_MS).then(
        () => true,
        () => {
          availability.suspect();
          return false;
        },
      );
    },
    async close() {
      availability.close();
      await current.end({ timeout: 5 });
    },
  };
}

/**
 * Turns on the pool: at most `size` queries and transactions under way, the others waiting first come,
 * first served. No turn begins while the database is being probed; once it is found down, every waiting
 * query is answered DatabaseUnavailableError at once.
 */
class Turns {
  private free: number;
  private readonly waiting: { begin: () => void; refuse: (error: unknown) => void }[] = [];
  private head = 0;
  private held = false;

  constructor(
    private readonly size: number,
    private readonly availability: DatabaseAvailability,
  ) {
    this.free = size;
  }

  usage(): PoolUsage {
    return { size: this.size, inUse: this.size - this.free, waiting: this.waiting.length - this.head };
  }

  /** Takes a turn at once if one is free, no one waits before and no probe is under way. */
  take(): boolean {
    if (this.free === 0 || this.head < this.waiting.length || this.availability.isProbing) return false;
    this.free--;
    return true;
  }

  /** Queues for a turn: `begin` runs when it is taken for it, `refuse` if the database is found down first. */
  wait(begin: () => void, refuse: (error: unknown) => void): void {
    this.waiting.push({ begin, refuse });
    this.next();
  }

  give(): void {
    this.free++;
    if (this.head < this.waiting.length) this.next();
  }

  private next(): void {
    while (this.head < this.waiting.length) {
      if (this.availability.isDown) {
        const refused = this.waiting.splice(this.head);
        for (const w of refused) w.refuse(new DatabaseUnavailableError('The database is unreachable'));
        break;
      }
      if (this.availability.isProbing) {
        if (!this.held) {
          this.held = true;
          this.availability.afterProbe(() => {
            this.held = false;
            this.next();
          });
        }
        return;
      }
      if (this.free === 0) return;
      this.free--;
      const turn = this.waiting[this.head++];
      turn.begin();
    }
    // Compact now and then: the array is a queue read from `head`.
    if (this.head > 0 && (this.head > 1_024 || this.head === this.waiting.length)) {
      this.waiting.splice(0, this.head);
      this.head = 0;
    }
  }
}

/** `promise`, or a rejection once `ms` have passed. */
function withinMs<T>(promise: PromiseLike<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms))),
  ]).finally(() => clearTimeout(timer));
}

/** Resolves when a fresh connection answers `select 1` within `ms`. */
async function probe(url: string, options: postgres.Options<never>, ms: number): Promise<void> {
  const sql = postgres(url, { ...options, max: 1 });
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`select 1`,
      new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('probe timed out')), ms))),
    ]);
  } finally {
    clearTimeout(timer);
    void sql.end({ timeout: 0 }).catch(() => {});
  }
}

const MIGRATION_LOCK = "hashtext('bpm-admin-console: migrations and first start')";

/**
 * Runs the migrations, then `afterMigrate`, while holding a PostgreSQL advisory lock on a connection of its
 * own (no statement timeout: waiting for another instance's migrations is expected), so that any number of
 * instances starting together on one database take turns. The lock goes with the session if we die.
 */
export async function migrateExclusively(
  url: string,
  tuning: PostgresTuning,
  migrationsFolder: string,
  afterMigrate: () => Promise<void>,
): Promise<void> {
  const sql = postgres(url, {
    max: 1,
    onnotice: () => {},
    connect_timeout: tuning.connectTimeoutMs / 1000,
    connection: { application_name: tuning.applicationName, statement_timeout: 0 },
  });
  try {
    await sql.unsafe(`select pg_advisory_lock(${MIGRATION_LOCK})`);
    await migrate(drizzle(sql), { migrationsFolder });
    await afterMigrate();
    await sql.unsafe(`select pg_advisory_unlock(${MIGRATION_LOCK})`);
  } finally {
    await sql.end({ timeout: 5 });
  }
}
