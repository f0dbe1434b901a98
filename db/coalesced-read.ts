// Concurrent callers of an expensive read share it, and each still gets an answer read after it asked.
// The dashboard's statistics are the case: every open dashboard asks for them at once after each change, and
// sixteen identical aggregations at a time cost sixteen times one (docs/performance.md, "The dashboard's
// statistics"). A caller never joins a read already under way (it may have started before the caller's own
// write committed): it waits for that one to end and shares the next, which starts after every caller it
// serves has asked. So at most one read per handle and key runs at a time, at most one more is queued, and
// what each caller is answered is as fresh as a read of its own would have been.

interface Flight<T> {
  /** The read under way. */
  running?: Promise<T>;
  /** The read that starts when it ends, shared by everyone who asked meanwhile. */
  queued?: Promise<T>;
}

/** `read(handle, key)`, shared among the callers that ask while one is under way (per handle and key). */
export function coalescedRead<H extends object, K, T>(
  read: (handle: H, key: K) => Promise<T>,
): (handle: H, key: K) => Promise<T> {
  const flightsOf = new WeakMap<H, Map<K, Flight<T>>>();
  return (handle, key) => {
    let flights = flightsOf.get(handle);
    if (!flights) flightsOf.set(handle, (flights = new Map()));
    const inFlight = flights;
    let flight = inFlight.get(key);
    if (!flight) inFlight.set(key, (flight = {}));
    const f = flight;

    const start = (): Promise<T> => {
      const running: Promise<T> = read(handle, key).finally(() => {
        if (f.running === running) f.running = undefined;
        if (!f.running && !f.queued && inFlight.get(key) === f) inFlight.delete(key);
      });
      f.running = running;
      return running;
    };
    if (!f.running) return start();
    if (!f.queued) {
      const ended = () => undefined;
      f.queued = f.running.then(ended, ended).then(() => {
        f.queued = undefined;
        return start();
      });
    }
    return f.queued;
  };
}
