// Fixed-window budgets shared by every instance (the rate_limits table): one conditional upsert takes a
// unit or refuses, so no number of concurrent callers on any number of instances can take more than the limit.
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client';

export type BudgetAnswer =
  { taken: true; windowStartedAt: string } | { taken: false; retryAfterSeconds: number };

/** Takes one unit of `key`'s budget of `limit` per `windowSeconds`, or says how long until the next window. */
export async function takeFromBudget(
  db: Db,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<BudgetAnswer> {
  const [taken] = rowsOf<{ window_started_at: string }>(
    await db.execute(sql`
      insert into rate_limits (key, window_started_at, count) values (${key}, now(), 1)
      on conflict (key) do update set
        window_started_at = case when rate_limits.window_started_at > now() - make_interval(secs => ${windowSeconds})
                                 then rate_limits.window_started_at else now() end,
        count = case when rate_limits.window_started_at > now() - make_interval(secs => ${windowSeconds})
                     then rate_limits.count + 1 else 1 end
      where rate_limits.count < ${limit}
         or rate_limits.window_started_at <= now() - make_interval(secs => ${windowSeconds})
      returning window_started_at::text`),
  );
  if (taken) return { taken: true, windowStartedAt: taken.window_started_at };
  const [row] = rowsOf<{ wait: number | string }>(
    await db.execute(sql`
      select ceil(extract(epoch from (window_started_at + make_interval(secs => ${windowSeconds}) - now())))::int as wait
      from rate_limits where key = ${key}`),
  );
  return { taken: false, retryAfterSeconds: Math.max(1, Number(row?.wait ?? windowSeconds)) };
}

/** Gives back a unit taken in the window that started at `windowStartedAt` (none once a new window began). */
export async function giveBackToBudget(db: Db, key: string, windowStartedAt: string): Promise<void> {
  await db.execute(sql`
    update rate_limits set count = count - 1
    where key = ${key} and window_started_at = ${windowStartedAt}::timestamptz and count > 0`);
}
