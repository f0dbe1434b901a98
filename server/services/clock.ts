// Work every instance does on a clock (ending due snoozes and silences): one tick at a time, never two
// overlapping; a failed tick (the database unreachable) is tried again at the next one, and logged once
// until a tick succeeds again, so an outage of minutes writes two lines, not one a second.
import { log } from '../observability/log';

export interface Clock {
  /** Stops ticking; resolves once the tick under way, if any, has finished. */
  stop(): Promise<void>;
}

export function startClock(what: string, intervalMs: number, tick: () => Promise<unknown>): Clock {
  let running: Promise<void> | undefined;
  let failing = false;
  const timer = setInterval(() => {
    running ??= tick()
      .then(() => {
        if (failing) log.info(`${what}: working again`);
        failing = false;
      })
      .catch((error) => {
        if (!failing) log.warn({ err: error }, `${what} failed; trying again every ${intervalMs} ms`);
        failing = true;
      })
      .finally(() => (running = undefined));
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
