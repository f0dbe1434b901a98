// The bearer tokens' budgets shared by every API process and instance on one PostgreSQL database
// (docs/decisions/0011-shared-rate-limits.md). Requests are answered from each process's own limiter
// (server/transport/token-rate-limit.ts); every `intervalMs` each process reports what it spent of each
// budget and reads what all of them spent; sooner when it has spent a tenth of a budget's minute since its
// last report. A token spread over N processes can so get past its limit only by what the others admit
// before they hear of each other (docs/contract.md §10 states the bound).
import { gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { tokenRateBudgets } from '../../db/schema';
import { log } from '../observability/log';
import type { SpendingReport, TokenRateLimiter } from './token-rate-limit';

/** Rows per statement: three parameters each, well under PostgreSQL's 65,535. */
const REPORT_CHUNK = 10_000;
/** A budget full again this long ago is as if never used: its row goes (any report makes it anew). */
const FORGET_AFTER_MS = 60_000;
const CLEAN_EVERY_MS = 60_000;

/**
 * Adds `reports` to the shared budgets: one row per budget, in the order of the keys, so that two processes'
 * reports lock rows in the same order and never deadlock.
 */
export async function reportSpending(db: Db, reports: SpendingReport[]): Promise<void> {
  const sorted = [...reports].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < sorted.length; i += REPORT_CHUNK) {
    await db
      .insert(tokenRateBudgets)
      .values(
        sorted
          .slice(i, i + REPORT_CHUNK)
          .map((r) => ({ key: r.key, fullAt: r.atLeast, lastSpentMs: r.spentMs })),
      )
      .onConflictDoUpdate({
        target: tokenRateBudgets.key,
        set: {
          fullAt: sql`greatest(${tokenRateBudgets.fullAt} + excluded.last_spent_ms, excluded.full_at)`,
          lastSpentMs: sql`excluded.last_spent_ms`,
        },
      });
  }
}

/**
 * Every budget some process has spent from and that is not full again: when each is (milliseconds since the
 * epoch). All of them, not only this process's: a token it has not served yet must not find a full budget.
 */
export async function budgetsInUse(db: Db, now = Date.now()): Promise<Map<string, number>> {
  const rows = await db
    .select({ key: tokenRateBudgets.key, fullAt: tokenRateBudgets.fullAt })
    .from(tokenRateBudgets)
    .where(gt(tokenRateBudgets.fullAt, now));
  return new Map(rows.map((row) => [row.key, row.fullAt]));
}

/** Removes the budgets full again for a while: the table holds only those in use. */
export async function forgetFullBudgets(db: Db, now = Date.now()): Promise<void> {
  await db.delete(tokenRateBudgets).where(lt(tokenRateBudgets.fullAt, now - FORGET_AFTER_MS));
}

export interface SharedRateLimits {
  /** Reports what is left to report, then stops. */
  stop(): Promise<void>;
}

/** Shares `limiter`'s budgets through `db` every `intervalMs`, until stopped. */
export function shareRateLimits(
  db: Db,
  limiter: TokenRateLimiter,
  { intervalMs }: { intervalMs: number },
): SharedRateLimits {
  let stopped = false;
  let lastCleanedAt = Date.now();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  let reconciling = false;
  let soonArranged = false;
  let again = false;
  // Said once while the database stays away, not every interval.
  let failing = false;
  const failed = (error: unknown, what: string) => {
    if (!failing) log.warn({ err: error }, `rate limits: could not ${what} the shared budgets`);
    failing = true;
  };

  async function reconcile(): Promise<void> {
    const reports = limiter.takeSpending();
    try {
      if (reports.length > 0) await reportSpending(db, reports);
    } catch (error) {
      // Kept for the next report: while the database is away each process enforces the limit on its own.
      limiter.restoreSpending(reports);
      return failed(error, 'report to');
    }
    try {
      limiter.learnShared(await budgetsInUse(db));
      failing = false;
    } catch (error) {
      return failed(error, 'read');
    }
    if (Date.now() - lastCleanedAt >= CLEAN_EVERY_MS) {
      lastCleanedAt = Date.now();
      await forgetFullBudgets(db).catch((error) =>
        log.warn({ err: error }, 'rate limits: could not forget the full budgets'),
      );
    }
  }

  function run() {
    clearTimeout(timer);
    reconciling = true;
    running = reconcile().finally(() => {
      reconciling = false;
      if (stopped) return;
      if (again && !failing) {
        again = false;
        run();
      } else {
        again = false;
        schedule();
      }
    });
  }
  function schedule() {
    timer = setTimeout(run, intervalMs);
    // The reports never keep a process alive: shutdown calls stop().
    timer.unref();
  }
  /** A budget was spent fast: a report now, after the request (never on its path), one at a time. */
  function reportSoon() {
    // While the database is away, the interval's retries are enough.
    if (stopped || failing || soonArranged) return;
    if (reconciling) {
      again = true;
      return;
    }
    soonArranged = true;
    setImmediate(() => {
      soonArranged = false;
      if (!stopped && !reconciling) run();
    });
  }
  limiter.startReporting(reportSoon);
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
      await reconcile();
    },
  };
}
