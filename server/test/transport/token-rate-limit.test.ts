// The per-token budget on its own clock (server/transport/token-rate-limit.ts): a burst of the whole limit,
// then one request per 60/limit seconds, Retry-After saying when; refusals take nothing.
import { describe, expect, it } from 'vitest';
import { rateLimitHeaders, TokenRateLimiter } from '../../transport/token-rate-limit';

function limiterAt(defaultPerMinute: number) {
  const clock = { now: 1_000_000 };
  return { clock, limiter: new TokenRateLimiter(defaultPerMinute, () => clock.now) };
}

describe('a budget of 6 per minute', () => {
  const token = { key: 'token:1', perMinute: 6 };

  it('admits a burst of 6, then one more every 10 s, and says when', () => {
    const { clock, limiter } = limiterAt(6000);
    const burst = Array.from({ length: 6 }, () => limiter.take(token));
    expect(burst.map((a) => a.admitted)).toEqual([true, true, true, true, true, true]);
    expect(burst.map((a) => a.remaining)).toEqual([5, 4, 3, 2, 1, 0]);
    expect(burst[5].resetSeconds).toBe(60);

    const refused = limiter.take(token);
    expect(refused).toMatchObject({ admitted: false, limit: 6, remaining: 0, retryAfterSeconds: 10 });
    clock.now += 9_000;
    expect(limiter.take(token)).toMatchObject({ admitted: false, retryAfterSeconds: 1 });
    clock.now += 1_000;
    expect(limiter.take(token)).toMatchObject({ admitted: true, remaining: 0 });
    expect(limiter.take(token).admitted).toBe(false);
    // A quiet minute gives the whole budget back.
    clock.now += 60_000;
    expect(limiter.take(token)).toMatchObject({ admitted: true, remaining: 5 });
  });

  it('refusals take nothing: a client that keeps asking gets in as soon as one who waits', () => {
    const { clock, limiter } = limiterAt(6000);
    for (let i = 0; i < 6; i++) limiter.take(token);
    for (let i = 0; i < 100; i++) expect(limiter.take(token).admitted).toBe(false);
    clock.now += 10_000;
    expect(limiter.take(token).admitted).toBe(true);
  });
});

describe('the limiter', () => {
  it('uses the default when the subject has no limit, and keeps each key apart', () => {
    const { limiter } = limiterAt(2);
    const a = { key: 'token:a', perMinute: null };
    const b = { key: 'user:7', perMinute: null };
    expect([limiter.take(a), limiter.take(a), limiter.take(a)].map((x) => x.admitted)).toEqual([
      true,
      true,
      false,
    ]);
    expect(limiter.take(b)).toMatchObject({ admitted: true, limit: 2, remaining: 1 });
  });

  it('admits exactly the limit for limits that do not divide a minute evenly', () => {
    for (const perMinute of [7, 13, 997, 6000]) {
      const { limiter } = limiterAt(1);
      const subject = { key: `token:${perMinute}`, perMinute };
      let admitted = 0;
      for (let i = 0; i < perMinute + 5; i++) if (limiter.take(subject).admitted) admitted++;
      expect(admitted, `limit ${perMinute}`).toBe(perMinute);
    }
  });

  it('admits exactly the largest limits on a real clock, and never says more remain than the limit', () => {
    for (const perMinute of [100_000, 1_000_000]) {
      const clock = { now: Date.parse('2026-12-01T12:00:00Z') };
      const limiter = new TokenRateLimiter(1, () => clock.now);
      clock.now += 30 * 24 * 3600_000; // a month of uptime
      const subject = { key: `token:${perMinute}`, perMinute };
      let admitted = 0;
      for (let i = 0; i < perMinute + 5; i++) if (limiter.take(subject).admitted) admitted++;
      expect(admitted, `limit ${perMinute}`).toBe(perMinute);
    }
    // The service's own default may be far larger than any token's (a benchmark's, where no limit is wanted).
    const { limiter } = limiterAt(1_000_000_000);
    expect(limiter.take({ key: 'token:huge', perMinute: null })).toMatchObject({
      admitted: true,
      remaining: 999_999_999,
    });
  });

  it('takes several units at once, or refuses them all and takes nothing', () => {
    const { limiter } = limiterAt(1);
    const token = { key: 'token:batch', perMinute: 4 };
    expect(limiter.take(token, 10)).toMatchObject({ admitted: false, remaining: 0 });
    expect(limiter.take(token, 3)).toMatchObject({ admitted: true, remaining: 1 });
    expect(limiter.take(token, 2)).toMatchObject({ admitted: false, retryAfterSeconds: 15 });
    expect(limiter.take(token, 1)).toMatchObject({ admitted: true, remaining: 0 });
  });

  it("asks for a report once a tenth of a budget's minute is spent since the last one", () => {
    const { limiter } = limiterAt(1);
    let asked = 0;
    limiter.startReporting(() => asked++);
    const token = { key: 'token:early', perMinute: 100 };
    for (let i = 0; i < 9; i++) limiter.take(token);
    expect(asked).toBe(0);
    limiter.take(token);
    expect(asked).toBe(1);
    expect(limiter.takeSpending()).toMatchObject([{ key: 'token:early', spentMs: 6000 }]);
    limiter.take(token);
    expect(asked).toBe(1);
  });

  it('answers the draft header fields', () => {
    const { limiter } = limiterAt(6000);
    expect(rateLimitHeaders(limiter.take({ key: 'token:h', perMinute: null }))).toEqual({
      'RateLimit-Policy': '"default";q=6000;w=60',
      RateLimit: '"default";r=5999;t=1',
    });
  });
});
