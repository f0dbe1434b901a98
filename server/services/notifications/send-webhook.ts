// One HTTP attempt of a webhook delivery: POST with a bound on time (5 s in all), on what is read of the
// answer (4 KiB), no redirect followed, and no connection to an address the target policy refuses.
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { lookupFor, refusalOf, type TargetPolicy } from './target-policy';

export const RESPONSE_BODY_LIMIT = 4 * 1024;

export interface AttemptResult {
  status: number | null;
  headers: Record<string, string> | null;
  /** The first 4 KiB of the answer's body. */
  body: string | null;
  error: string | null;
  durationMs: number;
  /** Whether a later attempt may succeed: timeouts, connection errors, 5xx, 429 (and 408). */
  retryable: boolean;
  /** From a Retry-After header, in ms. */
  retryAfterMs?: number;
}

function retryAfterOf(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - Date.now());
}

function flatHeaders(headers: http.IncomingHttpHeaders): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : String(v ?? '')]),
  );
}

export function sendWebhook(
  target: string,
  headers: Record<string, string>,
  body: string,
  { policy, timeoutMs }: { policy: TargetPolicy; timeoutMs: number },
): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const url = new URL(target);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An address in the URL is connected to without a lookup: check it here.
  const refusal = net.isIP(host) ? refusalOf(host, policy) : undefined;
  if (refusal) {
    return Promise.resolve({
      status: null,
      headers: null,
      body: null,
      error: `Target refused: ${refusal}`,
      durationMs: 0,
      retryable: false,
    });
  }
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: elapsed() });
    };
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
      lookup: lookupFor(policy) as never,
      agent: false,
    });
    const timer = setTimeout(() => {
      finish({
        status: null,
        headers: null,
        body: null,
        error: `No answer within ${timeoutMs} ms`,
        retryable: true,
      });
      request.destroy();
    }, timeoutMs);
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({
        status: null,
        headers: null,
        body: null,
        error: `${error.code ? `${error.code}: ` : ''}${error.message}`,
        retryable: error.code !== 'ETARGETREFUSED',
      });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const chunks: Buffer[] = [];
      let size = 0;
      const done = () => {
        const text = Buffer.concat(chunks).subarray(0, RESPONSE_BODY_LIMIT).toString('utf8');
        const ok = status >= 200 && status < 300;
        const retryable = status === 429 || status === 408 || status >= 500;
        finish({
          status,
          headers: flatHeaders(response.headers),
          body: text,
          error: ok
            ? null
            : status >= 300 && status < 400
              ? `Answered ${status}: redirects are not followed`
              : `Answered ${status}`,
          retryable: !ok && retryable,
          retryAfterMs: retryable ? retryAfterOf(response.headers['retry-after']) : undefined,
        });
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_BODY_LIMIT) chunks.push(chunk);
        size += chunk.length;
        if (size >= RESPONSE_BODY_LIMIT) done();
      });
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.end(body);
  });
}
