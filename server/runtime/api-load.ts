// Whether the API is busy, for background work that yields to requests (the notification
// deliverer slows to NOTIFICATION_BUSY_PACE while it is, and runs at full speed otherwise). The server's
// thread samples itself every SAMPLE_MS: busy when it was handed requests in that time and its event loop was
// in use at least NOTIFICATION_BUSY_UTILIZATION of it. Both, because either alone misleads: a few long polls
// and event streams are requests that cost nothing, and a deliverer in this thread (PGlite, in-process) keeps
// the loop in use with no request at all. It stays busy for HOLD_MS after the last busy sample, so that
// background work does not rush in between two bursts of requests.
//
// The answer lives in shared memory: the deliverer's own thread reads it as this one does, with no message.
import { performance } from 'node:perf_hooks';

const SAMPLE_MS = 250;
const HOLD_MS = 1_000;

/** 1 while the API is busy, else 0: an Int32Array over a SharedArrayBuffer, so threads share it. */
export type BusyFlag = Int32Array;

export function createBusyFlag(): BusyFlag {
  return new Int32Array(new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT));
}

export const isBusy = (flag: BusyFlag) => Atomics.load(flag, 0) === 1;

export function setBusy(flag: BusyFlag, busy: boolean) {
  Atomics.store(flag, 0, busy ? 1 : 0);
}

export interface ApiLoad {
  flag: BusyFlag;
  /** Called for every request the server is handed. */
  requestStarted(): void;
  stop(): void;
}

export function watchApiLoad({ busyUtilization }: { busyUtilization: number }): ApiLoad {
  const flag = createBusyFlag();
  let requests = 0;
  let busyUntil = 0;
  let last = performance.eventLoopUtilization();
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const { utilization } = performance.eventLoopUtilization(now, last);
    last = now;
    if (requests > 0 && utilization >= busyUtilization) busyUntil = Date.now() + HOLD_MS;
    requests = 0;
    setBusy(flag, Date.now() < busyUntil);
  }, SAMPLE_MS);
  timer.unref();
  return {
    flag,
    requestStarted: () => void (requests += 1),
    stop: () => clearInterval(timer),
  };
}
