// Request ids and trace context on every answer (server/observe-requests.ts), without OpenTelemetry loaded:
// the caller's X-Request-Id when sane, else a new one; a valid traceparent answered in traceresponse.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseTraceparent } from '../../tracing';
import { useTestApi } from '../support/http-helpers';

const t = useTestApi();
const hex = (bytes: number) => randomBytes(bytes).toString('hex');

describe('X-Request-Id', () => {
  it('is answered on success and on problem answers: the one sent when sane, else a new one', async () => {
    const sane = `order-7:${hex(4)}/retry.2`;
    for (const path of ['/api/health', '/api/incidents', '/api/no-such-path']) {
      const echoed = await fetch(`${t.url}${path}`, { headers: { 'x-request-id': sane } });
      expect(echoed.headers.get('x-request-id')).toBe(sane);
      const made = await fetch(`${t.url}${path}`);
      expect(made.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
    const problem = await fetch(`${t.url}/api/incidents`, { headers: { 'x-request-id': 'x'.repeat(129) } });
    expect(problem.status).toBe(401);
    expect(problem.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('traceparent', () => {
  it('is answered in traceresponse with the same trace id and a span of this request', async () => {
    const traceId = hex(16);
    const parentId = hex(8);
    const res = await fetch(`${t.url}/api/health`, {
      headers: { traceparent: `00-${traceId}-${parentId}-01` },
    });
    const answered = parseTraceparent(res.headers.get('traceresponse') ?? undefined);
    expect(answered).toMatchObject({ traceId, flags: '01' });
    expect(answered!.parentId).not.toBe(parentId);
  });

  it('is ignored when malformed', async () => {
    const malformed = [
      `00-${'0'.repeat(32)}-${hex(8)}-01`,
      `00-${hex(16)}-${'0'.repeat(16)}-01`,
      `ff-${hex(16)}-${hex(8)}-01`,
      `00-${hex(16).toUpperCase()}-${hex(8)}-01`,
      `00-${hex(16)}-${hex(8)}-01-extra`,
      `00-${hex(15)}-${hex(8)}-01`,
    ];
    for (const traceparent of malformed) {
      expect(parseTraceparent(traceparent), traceparent).toBeUndefined();
      const res = await fetch(`${t.url}/api/health`, { headers: { traceparent } });
      expect(res.headers.get('traceresponse'), traceparent).toBeNull();
    }
    expect(parseTraceparent(`01-${hex(16)}-${hex(8)}-01-future-field`)).toBeDefined();
  });
});
