// Reading the exports (docs/contract.md §6 and §5) as a client would: an RFC 4180 parser for the CSV files,
// a download read at the test's own pace (node:http, so that a paused reader really stops reading the
// socket), and the export metrics, which say how far the server got.
import http from 'node:http';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { expect } from 'vitest';
import { metricsText } from '../../observability/metrics';

/** The records of an RFC 4180 text: quoted fields may hold commas, quotes (doubled) and line breaks. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      records.push(record);
      record = [];
      i++;
    } else field += c;
  }
  expect(quoted, 'a quoted field is left open').toBe(false);
  expect(field === '' && record.length === 0, 'the last record must end with CRLF').toBe(true);
  return records;
}

/** The records of a CSV file as objects keyed by its header row. */
export function csvObjects(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  return rows.map((row) => {
    expect(row).toHaveLength(header.length);
    return Object.fromEntries(header.map((name, i) => [name, row[i]]));
  });
}

/** The value of a metric of this process (no labels), as the metrics endpoint would show it. */
export async function metricValue(name: string): Promise<number> {
  const line = (await metricsText()).split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.slice(name.length + 1)) : 0;
}

export interface SlowDownload {
  response: http.IncomingMessage;
  /** Bytes received so far. */
  received(): number;
  /** Reads until the end (resolves with the whole text) or a cut (rejects). */
  readAll(): Promise<string>;
  destroy(): void;
}

/**
 * A GET whose body the test reads when it wants: paused once the answer's head arrived, so the server meets
 * a client that takes nothing until readAll() is called.
 */
export function startDownload(url: string, headers: Record<string, string>): Promise<SlowDownload> {
  return new Promise((resolve, reject) => {
    // A connection of its own (no keep-alive pool): a reused one may be closed by the server meanwhile.
    const request = http.get(url, { headers, agent: false }, (response) => {
      response.pause();
      const chunks: Buffer[] = [];
      let size = 0;
      const ended = new Promise<string>((done, fail) => {
        response.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
        });
        response.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
        response.on('error', fail);
        response.on('aborted', () => fail(new Error('aborted')));
        response.on('close', () => {
          if (!response.complete) fail(new Error('the transfer was cut short'));
        });
      });
      ended.catch(() => {});
      resolve({
        response,
        received: () => size,
        readAll: () => {
          response.resume();
          return ended;
        },
        destroy: () => request.destroy(),
      });
    });
    request.on('error', reject);
  });
}

/** Waits until `read` gives the same value twice `everyMs` apart (a server that stopped writing), up to `boundMs`. */
export async function settled(read: () => Promise<number>, everyMs = 300, boundMs = 20_000): Promise<number> {
  const until = Date.now() + boundMs;
  let last = await read();
  for (;;) {
    await new Promise((r) => setTimeout(r, everyMs));
    const now = await read();
    if (now === last) return now;
    if (Date.now() > until) throw new Error(`still changing after ${boundMs} ms`);
    last = now;
  }
}

/** The heap still in use after a full collection: what the process keeps, not the garbage it made. */
export function retainedHeapBytes(): number {
  v8.setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}
