// Writing to a response that a client reads at its own pace: each write waits until the client has taken
// what was written before (Node's `write` answering false, then 'drain'), so a slow client holds back no one
// but itself and the server holds at most one piece of its answer. Used by the change streams
// (event-stream.ts) and the file downloads (file-answer.ts).
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';

/** A client that has not read what was written for this long is cut off (its connection is dead or stuck). */
export const STALLED_WRITE_MS = 60_000;

/** Writes, waiting while the client has not taken what was written before; false once it is gone. */
export async function writeWhenReady(
  res: ServerResponse,
  text: string,
  signal: AbortSignal,
): Promise<boolean> {
  if (res.destroyed || signal.aborted) return false;
  if (res.write(text)) return true;
  const stalled = AbortSignal.timeout(STALLED_WRITE_MS);
  try {
    await once(res, 'drain', { signal: AbortSignal.any([signal, stalled]) });
    return true;
  } catch {
    if (stalled.aborted) res.destroy();
    return false;
  }
}
