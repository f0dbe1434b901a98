// Writes an operation's file answer (a StreamedFile: an export, docs/contract.md §6 and §5) on its two
// entry points, the operation's REST path (bearer tokens) and /api/trpc/<operation> (the console's download,
// with its session cookie on a same-origin GET, as every tRPC call). Both call the one procedure through
// tRPC's caller: authentication, permission, token scope and the input are decided before anything is read.
//
// - The first chunk (the header row and the first page) is read before the status is sent: a filter the
//   database refuses or an outage is still a problem document.
// - Each chunk is written once the client has taken the one before (writeWhenReady), so memory holds one
//   page whatever the size of the file; a client that reads nothing for 60 s is cut off.
// - A client that goes away stops the reading: the chunks' iterator is returned, which ends the query loop.
// - A failure after the status was sent cannot be a problem document any more: the connection is destroyed,
//   so that the client sees a transfer cut short (no final chunk), never a file that looks complete.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StreamedFile } from '../../lib/streamed-file';
import { log } from '../observability/log';
import { countExportBytes, countExports } from '../observability/metrics';
import { writeWhenReady } from './write-when-ready';

/** The Content-Disposition of a download named `name` (ASCII names only are made: lib/streamed-file.ts). */
const attachment = (name: string) => `attachment; filename="${name.replace(/["\\\r\n]/g, '_')}"`;

/**
 * Sends `file`. Throws what the first chunk's read threw, before anything was sent (the caller answers it as
 * a problem); after that, answers nothing but the file or a cut connection.
 */
export async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  file: StreamedFile,
  requestId: string,
): Promise<void> {
  const closed = new AbortController();
  res.once('close', () => closed.abort());
  const chunks = file.chunks[Symbol.asyncIterator]();
  let next: IteratorResult<string>;
  try {
    next = await chunks.next();
  } catch (error) {
    await chunks.return?.();
    throw error;
  }
  res.statusCode = 200;
  res.setHeader('Content-Type', file.mediaType);
  res.setHeader('Content-Disposition', attachment(file.name));
  res.setHeader('Cache-Control', 'no-store, no-transform');
  // A proxy that buffers the whole answer would hold the file in its memory instead of ours.
  res.setHeader('X-Accel-Buffering', 'no');
  if (req.method === 'HEAD') {
    await chunks.return?.();
    res.end();
    return;
  }
  countExports(1);
  try {
    while (!next.done) {
      if (!(await writeWhenReady(res, next.value, closed.signal))) break;
      countExportBytes(Buffer.byteLength(next.value));
      next = await chunks.next();
    }
    if (next.done) res.end();
  } catch (error) {
    log.error({ err: error, requestId }, 'file export failed after it started');
    // Cut short, never ended cleanly: an end would make a partial file look whole.
    res.destroy();
  } finally {
    countExports(-1);
    // The client went away (or the write failed): stop reading the database.
    if (!next.done) await chunks.return?.().catch(() => undefined);
  }
}
