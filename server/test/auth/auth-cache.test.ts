// The rules by which remembered authentications are kept and forgotten (server/auth/auth-cache.ts); the
// HTTP behaviour they produce is in http-authz.test.ts.
import { describe, expect, it } from 'vitest';
import { AuthCache } from '../../auth/auth-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function counting(value: { v: number } | undefined) {
  const loader = { calls: 0, load: async () => (loader.calls++, value) };
  return loader;
}

const active = (ttlMs = 5_000) => Object.assign(new AuthCache(ttlMs), { active: true });

describe('AuthCache', () => {
  it('remembers what was found until it is forgotten', async () => {
    const cache = active();
    const user = counting({ v: 1 });
    expect(await cache.remember('user:1', user.load)).toEqual({ v: 1 });
    expect(await cache.remember('user:1', user.load)).toEqual({ v: 1 });
    expect(user.calls).toBe(1);
    cache.forget();
    await cache.remember('user:1', user.load);
    expect(user.calls).toBe(2);
  });

  it('never remembers a miss: a token created a moment later must work', async () => {
    const cache = active();
    const missing = counting(undefined);
    await cache.remember('api-token:x', missing.load);
    await cache.remember('api-token:x', missing.load);
    expect(missing.calls).toBe(2);
  });

  it('remembers nothing until the invalidations can be heard', async () => {
    const cache = new AuthCache(5_000);
    const user = counting({ v: 1 });
    await cache.remember('user:1', user.load);
    await cache.remember('user:1', user.load);
    expect(user.calls).toBe(2);
  });

  it('reads again once an entry is older than its time to live', async () => {
    const cache = active(30);
    const user = counting({ v: 1 });
    await cache.remember('user:1', user.load);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await cache.remember('user:1', user.load);
    expect(user.calls).toBe(2);
  });

  it('does not keep a read that was under way when a change was announced (it may predate the change)', async () => {
    const cache = active();
    const before = deferred<{ v: number }>();
    const reading = cache.remember('user:1', () => before.promise);
    cache.forget(); // the change commits while the read is in flight
    before.resolve({ v: 0 });
    expect(await reading).toEqual({ v: 0 }); // that request began before the change and may use it
    const after = counting({ v: 1 });
    expect(await cache.remember('user:1', after.load)).toEqual({ v: 1 });
    expect(after.calls).toBe(1);
  });
});
