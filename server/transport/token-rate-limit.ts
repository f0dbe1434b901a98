// Requests per minute for each API token (and each person's access tokens) on the REST API, answered with the
// headers of the IETF draft "RateLimit header fields for HTTP" (docs/contract.md §10). Answered from this
// process's memory: a request costs a map lookup, never a database round trip (the API's reads run at
// thousands a second, docs/performance.md). With PostgreSQL, where several processes and instances serve
// one token, each process reports what it spent every second or so and learns what all of them did
// (server/transport/shared-rate-limit.ts, docs/decisions/0011-shared-rate-limits.md).
//
// The algorithm is GCRA (the generic cell rate algorithm): each key keeps one number, the time at which its
// budget would be full again were no request to come (its "theoretical arrival time"). A request moves it on
// by a minute divided by the limit, and is refused when that would put it more than a minute ahead of now. It
// is a token bucket of `limit` that refills one unit every 60/limit seconds: a quiet token may burst its whole
// minute's budget at once, and a busy one gets a request through as each unit comes back.
//
// What a process spends between two reports is a function of the time the budget was full at before them:
// x -> max(x + spentMs, atLeast) (each request is x -> max(x, now) + interval, and such functions compose into
// one of the same form). Applied to the shared time by the store, it gives what the requests would have
// given there in the order of the reports, whatever the processes' interleaving within them.
import { rateLimited } from '../errors';

const WINDOW_MS = 60_000;
/** Sums of a minute divided by the limit carry rounding errors: a millisecond's slack absorbs them. */
const SLACK_MS = 1e-3;
/**
 * A process that has spent this much of one budget since its last report (a tenth of its minute, whatever
 * the limit: a request spends a minute divided by the limit) reports at once rather than at the next
 * interval, so that a burst spread over several processes is heard of before it goes far.
 */
const REPORT_EARLY_MS = WINDOW_MS / 10;
/** Keys remembered at most; beyond that the least recently admitted is forgotten (it gets a fresh budget). */
const MAX_KEYS = 100_000;

/** Whose budget a request takes from, and how large it is (null: the process's default). */
export interface RateLimitSubject {
  /** `token:<id>` for an API token, `user:<id>` for a person's access tokens. */
  key: string;
  perMinute: number | null;
}

export interface RateLimitAnswer {
  admitted: boolean;
  /** The requests per minute that applied. */
  limit: number;
  /** Requests still admitted at once after this one. */
  remaining: number;
  /** Seconds until the whole budget is back. */
  resetSeconds: number;
  /** When refused: seconds until one more request is admitted. */
  retryAfterSeconds: number;
}

/** What a process spent of a budget since its last report: the budget's full time x becomes max(x + spentMs, atLeast). */
export interface Spending {
  spentMs: number;
  atLeast: number;
}

/** One budget's spending as reported to the shared store, its times in milliseconds since the epoch. */
export interface SpendingReport extends Spending {
  key: string;
}

const NOTHING_SPENT: Spending = { spentMs: 0, atLeast: -Infinity };

/** `first` then `then`, as one spending. */
const spentInTurn = (first: Spending, then: Spending): Spending => ({
  spentMs: first.spentMs + then.spentMs,
  atLeast: Math.max(first.atLeast + then.spentMs, then.atLeast),
});

export class TokenRateLimiter {
  /**
   * Each key's theoretical arrival time in milliseconds since the limiter began, least recently admitted
   * first. Not since the epoch: a burst adds a minute divided by the limit to it once per request, and at
   * the epoch's magnitude each addition rounds by a quarter of a microsecond, which at a million a minute
   * came to thousands of requests too few over a burst.
   */
  private readonly fullAt = new Map<string, number>();
  private readonly origin: number;
  /** Spent since the last report, by key; kept only while the budgets are shared (startReporting). */
  private spending: Map<string, Spending> | undefined;
  /** Called (on the request's path: it must only arrange a report) when a budget's spending passes REPORT_EARLY_MS. */
  private reportSoon: () => void = () => {};

  constructor(
    readonly defaultPerMinute: number,
    private readonly clock: () => number = Date.now,
  ) {
    this.origin = clock();
  }

  private now(): number {
    return this.clock() - this.origin;
  }

  /**
   * Takes `units` requests (the calls of a tRPC batch) from `subject`'s budget, or refuses them all and takes
   * nothing: a batch larger than what is left would otherwise run calls the budget no longer holds.
   */
  take(subject: RateLimitSubject, units = 1): RateLimitAnswer {
    const limit = subject.perMinute ?? this.defaultPerMinute;
    const interval = WINDOW_MS / limit;
    const now = this.now();
    const from = Math.max(this.fullAt.get(subject.key) ?? now, now);
    const next = from + units * interval;
    if (next - now > WINDOW_MS + SLACK_MS) {
      return {
        admitted: false,
        limit,
        remaining: 0,
        resetSeconds: Math.ceil((from - now) / 1000),
        // Never 0, even for a batch larger than the whole limit, which no wait admits.
        retryAfterSeconds: Math.max(1, Math.min(60, Math.ceil((next - WINDOW_MS - now) / 1000))),
      };
    }
    // Deleted and set again: the map stays in the order of the last admission, the stalest first.
    this.fullAt.delete(subject.key);
    this.fullAt.set(subject.key, next);
    if (this.spending) this.noteSpent(subject.key, next - from, now);
    this.forgetStalest(now);
    return {
      admitted: true,
      limit,
      // The slack must not count as requests when a request's share of the minute is smaller than it.
      remaining: Math.min(limit - units, Math.floor((WINDOW_MS - (next - now) + SLACK_MS) / interval)),
      resetSeconds: Math.ceil((next - now) / 1000),
      retryAfterSeconds: 0,
    };
  }

  /** Adds a request that moved `key`'s full time on by `ms` at `now` to what is to be reported. */
  private noteSpent(key: string, ms: number, now: number): void {
    const spent = this.spending!.get(key);
    if (!spent) {
      this.spending!.set(key, { spentMs: ms, atLeast: now + ms });
      return;
    }
    // In place (no object a request): the spending so far, then x -> max(x, now) + ms.
    spent.atLeast = Math.max(spent.atLeast + ms, now + ms);
    spent.spentMs += ms;
    if (spent.spentMs >= REPORT_EARLY_MS) this.reportSoon();
  }

  /**
   * From now on, remembers what is spent so that it can be reported (takeSpending); `reportSoon` is called
   * when a budget's spending since the last report passes a tenth of its minute.
   */
  startReporting(reportSoon: () => void = () => {}): void {
    this.spending ??= new Map();
    this.reportSoon = reportSoon;
  }

  /** What was spent since the last report, to report now, its times in milliseconds since the epoch. */
  takeSpending(): SpendingReport[] {
    const spending = this.spending ?? new Map<string, Spending>();
    this.spending = new Map();
    return [...spending].map(([key, { spentMs, atLeast }]) => ({
      key,
      spentMs,
      atLeast: atLeast + this.origin,
    }));
  }

  /** A report that could not be made: what it held is reported with the next. */
  restoreSpending(reports: SpendingReport[]): void {
    for (const { key, spentMs, atLeast } of reports) {
      if (spentMs === 0) continue;
      const since = this.spending!.get(key) ?? NOTHING_SPENT;
      this.spending!.set(key, spentInTurn({ spentMs, atLeast: atLeast - this.origin }, since));
    }
  }

  /**
   * The shared store's budgets after a report: when each is full again after every process's spending (in
   * milliseconds since the epoch). What this process spent while the report was on its way comes after.
   */
  learnShared(fullAtByKey: Iterable<[string, number]>): void {
    const now = this.now();
    for (const [key, sharedFullAt] of fullAtByKey) {
      const since = this.spending?.get(key) ?? NOTHING_SPENT;
      const fullAt = Math.max(sharedFullAt - this.origin + since.spentMs, since.atLeast);
      if (fullAt > now) this.fullAt.set(key, fullAt);
      else this.fullAt.delete(key);
    }
  }

  /**
   * Forgets the least recently admitted key once its budget is full again (it is then as if never seen), or
   * when too many are remembered: one key per request keeps the map to the keys in use, in constant time.
   */
  private forgetStalest(now: number): void {
    const [key, fullAt] = this.fullAt.entries().next().value!;
    if (fullAt <= now || this.fullAt.size > MAX_KEYS) this.fullAt.delete(key);
  }
}

/** The draft's header fields for an answer: the policy (limit per 60 s window) and what is left of it. */
export function rateLimitHeaders(answer: RateLimitAnswer): Record<string, string> {
  return {
    'RateLimit-Policy': `"default";q=${answer.limit};w=${WINDOW_MS / 1000}`,
    RateLimit: `"default";r=${answer.remaining};t=${answer.resetSeconds}`,
  };
}

/** The refusal of a request over its budget: 429 with Retry-After. */
export function rateLimitRefusal(answer: RateLimitAnswer) {
  return rateLimited(
    answer.retryAfterSeconds,
    `This token's limit of ${answer.limit} requests per minute is used up; try again in ${answer.retryAfterSeconds} seconds`,
  );
}
