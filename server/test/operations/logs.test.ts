// The logs of a real server process (its stdout), on PostgreSQL and on embedded PGlite: JSON lines, one per
// request with its id, route, status and duration, the caller's trace id, never a secret; and the spans it
// exports to an OTLP/HTTP collector (a real HTTP server of this test's own) when OTEL_EXPORTER_OTLP_ENDPOINT is set.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/client';
import { api, onPostgres, openTestDatabase } from '../support/helpers';
import {
  databaseUrlOf,
  freePort,
  startServerProcess,
  stopProcess,
  type ServerProcess,
} from '../support/processes';
import { HANG_MARGIN_MS } from '../support/hang-bounds';

type LogLine = Record<string, unknown> & { msg: string; level: string };

let database: Database | undefined;
let dataDir: string | undefined;
let server: ServerProcess;
let collector: http.Server;
let metricsPort: number;
const exported: string[] = [];

beforeAll(async () => {
  collector = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      exported.push(`${req.method} ${req.url} ${Buffer.concat(chunks).toString('utf8')}`);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => collector.listen(0, '127.0.0.1', r));
  const otlp = `http://127.0.0.1:${(collector.address() as AddressInfo).port}`;
  metricsPort = await freePort();
  let databaseUrl = '';
  if (onPostgres) {
    database = await openTestDatabase();
    databaseUrl = await databaseUrlOf(database);
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'bpm-logs-'));
  }
  server = await startServerProcess(
    databaseUrl,
    {
      LOG_LEVEL: 'info',
      DATA_DIR: dataDir ?? './.data-unused',
      ADMIN_USERNAME: 'admin',
      ADMIN_PASSWORD: '',
      OTEL_EXPORTER_OTLP_ENDPOINT: otlp,
      METRICS_PORT: String(metricsPort),
    },
    // A new embedded database takes its time to initialise on a loaded machine.
    { captureStdout: true, startTimeoutMs: 150_000 },
  );
}, 180_000);

afterAll(async () => {
  if (server) await stopProcess(server.process);
  collector?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Every line of stdout, each of which must be JSON. */
function logLines(): LogLine[] {
  return server
    .stdout()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as LogLine;
      } catch {
        throw new Error(`not a JSON log line: ${l}`);
      }
    });
}

async function linesOf(requestId: string): Promise<LogLine[]> {
  for (let i = 0; i < 50; i++) {
    const lines = logLines().filter((l) => l.requestId === requestId && l.msg === 'request');
    if (lines.length) return lines;
    await new Promise((r) => setTimeout(r, 20));
  }
  return [];
}

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  startNanos: number;
  endNanos: number;
  attributes: Record<string, unknown>;
}
const SERVER_SPAN = 2;
const CLIENT_SPAN = 3;

/** The spans of `traceId` the collector received (OTLP/HTTP JSON), once `done` says they are all there. */
async function exportedSpans(
  traceId: string,
  done: (spans: ExportedSpan[]) => boolean,
): Promise<ExportedSpan[]> {
  let spans: ExportedSpan[] = [];
  // Spans leave in batches about every second.
  for (let i = 0; i < 60; i++) {
    spans = exported
      .filter((e) => e.startsWith('POST /v1/traces ') && e.includes(traceId))
      .flatMap((e) => {
        const body = JSON.parse(e.slice(e.indexOf(' {') + 1)) as {
          resourceSpans: { scopeSpans: { spans: Record<string, unknown>[] }[] }[];
        };
        return body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans));
      })
      .filter((s) => s.traceId === traceId)
      .map((s) => ({
        traceId: s.traceId as string,
        spanId: s.spanId as string,
        parentSpanId: (s.parentSpanId as string) || undefined,
        name: s.name as string,
        kind: s.kind as number,
        startNanos: Number(s.startTimeUnixNano),
        endNanos: Number(s.endTimeUnixNano),
        attributes: Object.fromEntries(
          (s.attributes as { key: string; value: Record<string, unknown> }[]).map((a) => [
            a.key,
            Object.values(a.value)[0],
          ]),
        ),
      }));
    if (spans.some((s) => s.kind === SERVER_SPAN) && done(spans)) return spans;
    await new Promise((r) => setTimeout(r, 100));
  }
  return spans;
}

let adminToken: string;
let adminPassword: string;

describe('a server process logs JSON lines', () => {
  it('starts with readable lines, the generated administrator password among them, once', async () => {
    // Lines go out in batches, up to 10 ms after they are logged (server/observability/log.ts): the last start-up line may
    // come after the first answer.
    await expect
      .poll(() => logLines().some((l) => /listening on http:\/\/localhost:\d+/.test(l.msg)), {
        timeout: HANG_MARGIN_MS,
      })
      .toBe(true);
    const lines = logLines();
    const firstStart = lines.filter((l) => l.msg.includes('First start'));
    expect(firstStart).toHaveLength(1);
    adminPassword = /password\n\n\s+(\S+)/.exec(firstStart[0].msg)![1];
    const signIn = await api(server.url, 'POST', '/tokens', {
      body: { username: 'admin', password: adminPassword },
    });
    expect(signIn.status, signIn.text).toBe(200);
    adminToken = signIn.body.accessToken;
  });

  it('writes one line per request with its id, method, route template, path, status and duration', async () => {
    const requestId = `probe-${randomBytes(4).toString('hex')}`;
    const res = await api(server.url, 'GET', '/incidents/424242', {
      token: adminToken,
      headers: { 'x-request-id': requestId },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(requestId);
    const lines = await linesOf(requestId);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 'info',
      requestId,
      method: 'GET',
      route: '/api/incidents/{id}',
      path: '/api/incidents/424242',
      status: 404,
      durationMs: expect.any(Number),
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  it('makes an id when none or an unfit one is sent, and logs under the id it answered', async () => {
    const unfit = ['x'.repeat(200), 'has space', 'caf\u00e9', '"quoted"', '<script>'];
    for (const given of [undefined, ...unfit]) {
      const res = await fetch(`${server.url}/api/health`, {
        headers: given === undefined ? {} : { 'x-request-id': given },
      });
      const answered = res.headers.get('x-request-id')!;
      expect(answered).toMatch(/^[0-9a-f-]{36}$/);
      expect((await linesOf(answered)).length).toBe(1);
    }
    // A header folded over two lines (CR LF and a space): refused or replaced, never answered back.
    const answer = await new Promise<string>((resolve) => {
      const socket = net.connect(Number(new URL(server.url).port), '127.0.0.1', () =>
        socket.write(
          'GET /api/health HTTP/1.1\r\nHost: x\r\nX-Request-Id: abc\r\n injected: yes\r\nConnection: close\r\n\r\n',
        ),
      );
      let text = '';
      socket.on('data', (d) => (text += d.toString('latin1')));
      socket.on('close', () => resolve(text));
    });
    expect(answer).not.toMatch(/injected/i);
    const echoed = /^x-request-id: (.*)$/im.exec(answer)?.[1];
    if (echoed) expect(echoed.trim()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("puts the caller's trace id into the line, answers it in traceresponse and exports the span", async () => {
    const traceId = randomBytes(16).toString('hex');
    const requestId = `traced-${randomBytes(4).toString('hex')}`;
    const res = await fetch(`${server.url}/api/openapi.json`, {
      headers: {
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
        'x-request-id': requestId,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('traceresponse')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));
    const [line] = await linesOf(requestId);
    expect(line).toMatchObject({ traceId, route: '/api/openapi.json', status: 200 });
    // A malformed traceparent is ignored: a trace of our own, not the caller's.
    const bad = await fetch(`${server.url}/api/health`, {
      headers: { traceparent: `00-${'0'.repeat(32)}-${'1'.repeat(16)}-01` },
    });
    expect(bad.headers.get('traceresponse') ?? '').not.toContain('0'.repeat(32));
    // Spans leave in batches about every second.
    for (let i = 0; i < 50 && !exported.some((e) => e.includes(traceId)); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    const batch = exported.find((e) => e.includes(traceId));
    expect(batch, exported.join('\n').slice(0, 500)).toMatch(/^POST \/v1\/traces /);
    expect(batch).toContain('/api/openapi.json');
  });

  it('exports a span per database statement of a traced request: its text without values, its duration', async () => {
    const traceId = randomBytes(16).toString('hex');
    // A search for a word of its own: the word reaches the database as a bound value, never a span.
    const word = `zebra${randomBytes(6).toString('hex').replace(/\d/g, 'q')}`;
    const res = await api(server.url, 'GET', `/incidents?q=${word}`, {
      token: adminToken,
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(res.status, res.text).toBe(200);
    const spans = await exportedSpans(traceId, (all) => all.some((s) => s.attributes['db.query.text']));
    const request = spans.find((s) => s.kind === SERVER_SPAN);
    expect(request?.name).toBe('GET /api/incidents');
    const statements = spans.filter((s) => s.attributes['db.query.text'] !== undefined);
    expect(statements.length, JSON.stringify(spans.map((s) => s.name))).toBeGreaterThan(0);
    for (const statement of statements) {
      expect(statement.kind).toBe(CLIENT_SPAN);
      expect(statement.attributes['db.system.name']).toBe('postgresql');
      expect(statement.name).toMatch(/^[A-Z]+( \w+)?$/);
      expect(statement.endNanos).toBeGreaterThan(statement.startNanos);
      // Within its request: a child of its span, or of a transaction that is.
      const parent = spans.find((s) => s.spanId === statement.parentSpanId);
      expect(parent?.spanId === request!.spanId || parent?.parentSpanId === request!.spanId).toBe(true);
    }
    // The search itself, its value bound as a parameter.
    const search = statements.find((s) => /from "incidents"/i.test(String(s.attributes['db.query.text'])));
    expect(search?.attributes['db.query.text']).toMatch(/\$1/);
    expect(JSON.stringify(spans)).not.toContain(word.slice(5));
  });

  it('exports a transaction with its statements inside it', async () => {
    const traceId = randomBytes(16).toString('hex');
    const res = await api(server.url, 'POST', '/admin/users', {
      token: adminToken,
      body: {
        username: `traced${randomBytes(4).toString('hex')}`,
        password: `Pw-${randomBytes(9).toString('hex')}`,
      },
      headers: { traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
    });
    expect(res.status, res.text).toBe(200);
    const spans = await exportedSpans(traceId, (all) => all.some((s) => s.name === 'TRANSACTION'));
    const transaction = spans.find((s) => s.name === 'TRANSACTION')!;
    const inside = spans.filter((s) => s.parentSpanId === transaction.spanId);
    expect(inside.map((s) => s.name)).toContain('INSERT users');
    // Within a millisecond: the SDK (@opentelemetry/sdk-trace 3, Span) stamps a span's start with Date.now(),
    // whole milliseconds, and its end as that start plus the precise duration, so two spans' clocks may
    // differ by up to 1 ms. A statement ending 0.2 ms "after" its transaction was seen under load.
    const ONE_MS = 1_000_000;
    for (const statement of inside) {
      expect(statement.startNanos).toBeGreaterThanOrEqual(transaction.startNanos - ONE_MS);
      expect(statement.endNanos).toBeLessThanOrEqual(transaction.endNanos + ONE_MS);
    }
    // The password reaches neither a statement nor its hash.
    expect(JSON.stringify(spans)).not.toMatch(/\$argon2|Pw-/);
  });

  it('never writes a secret: not from headers, body, query or path', async () => {
    const apiToken = `bpm_${randomBytes(32).toString('base64url').slice(0, 43)}`;
    const secrets = {
      bodyPassword: `body-password-${randomBytes(6).toString('hex')}`,
      queryPassword: `query-password-${randomBytes(6).toString('hex')}`,
      cookie: `cookie-${randomBytes(12).toString('hex')}`,
      apiToken,
      accessToken: adminToken,
    };
    const headers = {
      authorization: `Bearer ${adminToken}`,
      cookie: `next-auth.session-token=${secrets.cookie}`,
      'x-api-key': apiToken,
      'content-type': 'application/json',
    };
    const query = `?token=${apiToken}&password=${secrets.queryPassword}`;
    await fetch(`${server.url}/api/tokens${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: 'admin', password: secrets.bodyPassword }),
    });
    await fetch(`${server.url}/api/admin/users${query}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ username: `u${Date.now()}`, password: secrets.bodyPassword }),
    });
    await fetch(`${server.url}/api/incidents${query}`, { headers });
    await fetch(`${server.url}/api/${apiToken}`, { headers: { authorization: `Bearer ${apiToken}` } });
    await fetch(`${server.url}/api/metrics`, { headers: { authorization: `Bearer ${apiToken}` } });
    await new Promise((r) => setTimeout(r, 200));
    const output = server.stdout();
    // The requests were logged, the one with a token in its path with the token scrubbed.
    expect(logLines().filter((l) => l.path === '/api/tokens' && l.status === 401)).toHaveLength(1);
    expect(logLines().filter((l) => l.path === '/api/[REDACTED]')).toHaveLength(1);
    for (const [name, secret] of Object.entries(secrets)) {
      expect(output.includes(secret), `${name} in the log`).toBe(false);
    }
    // Nothing token-shaped at all, and no argon2 hash.
    expect(output).not.toMatch(/bpm_[A-Za-z0-9_-]{20}|eyJ[A-Za-z0-9_-]{10,}\.|\$argon2/);
    // The first-start line is the one place the generated password appears, by design.
    expect(output.split(adminPassword).length - 1).toBe(1);
  });

  it('serves the metrics without authentication on METRICS_PORT, and nothing else there', async () => {
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(
      /^bpm_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} \d+$/m,
    );
    expect((await fetch(`http://127.0.0.1:${metricsPort}/api/incidents`)).status).toBe(404);
    // The API port still asks for a token.
    expect((await fetch(`${server.url}/api/metrics`)).status).toBe(401);
  });

  it('says on SIGTERM that it shuts down, its last line too (lines are written asynchronously)', async () => {
    await stopProcess(server.process, 'SIGTERM');
    expect(logLines().some((l) => /^SIGTERM: /.test(l.msg))).toBe(true);
    // Logged just before process.exit: there only because what is queued is written before the exit.
    expect(logLines().some((l) => l.msg === 'SIGTERM: stopped')).toBe(true);
  });
});
