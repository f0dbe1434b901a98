// A synchronous write of whole lines to stdout, for the moments no asynchronous write can be waited for (a
// process exiting) and for the cluster's primary, which loads no logger. It imports nothing but node:fs, so
// that the primary stays small (server/runtime/primary-log.ts).
import fs from 'node:fs';

const STDOUT = 1;
const RETRY_MS = 10;
const WRITE_BOUND_MS = 10_000;

/**
 * Writes `batches` to stdout before returning, waiting out a full stdout (EAGAIN: a worker may have made the
 * shared pipe non-blocking) for up to 10 s; a stdout that is gone ends it.
 */
export function writeStdoutSync(batches: Buffer[]): void {
  const deadline = Date.now() + WRITE_BOUND_MS;
  for (let rest of batches) {
    while (rest.length) {
      try {
        rest = rest.subarray(fs.writeSync(STDOUT, rest));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EAGAIN' || Date.now() > deadline) return;
        Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, RETRY_MS);
      }
    }
  }
}
