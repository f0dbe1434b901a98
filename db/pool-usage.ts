// How busy the database connections are, for the metrics. Neither driver publishes its pool's state, so the
// client Drizzle is given is wrapped: every query and transaction started on it counts until it settles.
// What is in flight beyond the pool's size is waiting for a connection (postgres.js may also pipeline a few
// queries on one busy connection; they count as waiting here).

export interface PoolUsage {
  size: number;
  inUse: number;
  waiting: number;
}

/**
 * `client` with `methods` counted while in flight. Queries of postgres.js are lazy promises that run when
 * first awaited; their settling is watched through Promise.prototype.then, which (unlike theirs) does not
 * start them.
 */
export function countedClient<T extends object>(
  client: T,
  methods: string[],
  size: number,
): { client: T; usage(): PoolUsage } {
  let inFlight = 0;
  const settled = () => void inFlight--;
  // Methods are handed out bound to the client itself: a class's private state is not reachable through `this`
  // being the proxy. A method is made again when the client hands out another function for the key: the
  // PostgreSQL client (db/resilient-postgres.ts) answers with the pool of the moment, replaced after an outage.
  const methodsOf = new Map<PropertyKey, { value: unknown; method: unknown }>();
  const proxy = new Proxy(client, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (typeof value !== 'function' || key === 'constructor') return value;
      const known = methodsOf.get(key);
      if (known?.value === value) return known.method;
      const bound = (value as (...a: unknown[]) => unknown).bind(target);
      const method = !methods.includes(key as string)
        ? bound
        : (...args: unknown[]) => {
            const started = bound(...args);
            if (started instanceof Promise) {
              inFlight++;
              Promise.prototype.then.call(started, settled, settled);
            }
            return started;
          };
      methodsOf.set(key, { value, method });
      return method;
    },
  });
  return {
    client: proxy,
    usage: () => ({ size, inUse: Math.min(inFlight, size), waiting: Math.max(0, inFlight - size) }),
  };
}
