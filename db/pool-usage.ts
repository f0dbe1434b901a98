// How busy the database connections are, for the metrics. On PostgreSQL the pool's turns tell
// (db/resilient-postgres.ts: at most the pool's size under way, the rest waiting their turn). PGlite publishes
// nothing of the kind, so the client Drizzle is given is wrapped: every query and transaction started on it
// counts until it settles, and what is in flight beyond its one connection is waiting.

export interface PoolUsage {
  size: number;
  inUse: number;
  waiting: number;
}

/** `client` with `methods`, which answer promises, counted while in flight. */
export function countedClient<T extends object>(
  client: T,
  methods: string[],
  size: number,
): { client: T; usage(): PoolUsage } {
  let inFlight = 0;
  const settled = () => void inFlight--;
  // Methods are handed out bound to the client itself: a class's private state is not reachable through `this`
  // being the proxy. A method is made again should the client hand out another function for the key.
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
              started.then(settled, settled);
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
