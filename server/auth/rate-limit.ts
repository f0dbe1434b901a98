// Fixed-window budgets shared by every instance (the rate_limits table): one conditional upsert takes a
// unit or refuses, so no number of concurrent callers on any number of instances can take more than the limit.
import { and, eq, gt, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';

export type BudgetAnswer =
  { taken: true; windowStartedAt: string } | { taken: false; retryAfterSeconds: number };

export interface Budget {
  /** The limit and its subject, e.g. `login-address:192.0.2.1`. */
  key: string;
  limit: number;
  windowSeconds: number;
}

/** Takes one unit of `key`'s budget of `limit` per `windowSeconds`, or says how long until the next window. */
export async function takeFromBudget(db: Db, budget: Budget): Promise<BudgetAnswer> {
  const { key, limit, windowSeconds } = budget;
  const windowStart = sql`now() - make_interval(secs => ${windowSeconds})`;
  const inWindow = sql`${rateLimits.windowStartedAt} > ${windowStart}`;
  const [taken] = await db
    .insert(rateLimits)
    .values({ key, windowStartedAt: sql`now()`, count: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        windowStartedAt: sql`case when ${inWindow} then ${rateLimits.windowStartedAt} else now() end`,
        count: sql`case when ${inWindow} then ${rateLimits.count} + 1 else 1 end`,
      },
      setWhere: or(lt(rateLimits.count, limit), lte(rateLimits.windowStartedAt, windowStart)),
    })
    // As text, to the microsecond: giveBackToBudget finds the window by it.
    .returning({ windowStartedAt: sql<string>`${rateLimits.windowStartedAt}::text` });
  if (taken) return { taken: true, windowStartedAt: taken.windowStartedAt };
  const [row] = await db
    .select({
      wait: sql<number>`ceil(extract(epoch from (${rateLimits.windowStartedAt} + make_interval(secs => ${windowSeconds}) - now())))::int`.mapWith(
        Number,
      ),
    })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  return { taken: false, retryAfterSeconds: Math.max(1, row?.wait ?? windowSeconds) };
}

/** Gives back a unit taken in the window that started at `windowStartedAt` (none once a new window began). */
export async function giveBackToBudget(
  db: Db,
  unit: { key: string; windowStartedAt: string },
): Promise<void> {
  await db
    .update(rateLimits)
    .set({ count: sql`${rateLimits.count} - 1` })
    .where(
      and(
        eq(rateLimits.key, unit.key),
        sql`${rateLimits.windowStartedAt} = ${unit.windowStartedAt}::timestamptz`,
        gt(rateLimits.count, 0),
      ),
    );
}
