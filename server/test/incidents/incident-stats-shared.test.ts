// The dashboard's statistics shared among concurrent callers (db/coalesced-read.ts): fewer reads than
// callers, and never an answer read before its caller asked, against a real database and real requests.
import { describe, expect, it } from 'vitest';
import { coalescedRead } from '../../../db/coalesced-read';
import { useTestApi } from '../support/http-helpers';
import { reportBody } from '../support/incident-helpers';

/** A read whose every call is recorded and ended by the test. */
function controlledRead() {
  const calls: { key: string; end: (value: string) => void; fail: (error: Error) => void }[] = [];
  const read = coalescedRead(
    (_handle: object, key: string) =>
      new Promise<string>((resolve, reject) => calls.push({ key, end: resolve, fail: reject })),
  );
  return { calls, read };
}
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('coalescedRead', () => {
  it('answers callers who asked during a read with the next read, one for all of them', async () => {
    const { calls, read } = controlledRead();
    const handle = {};
    const first = read(handle, 'k');
    const during = [read(handle, 'k'), read(handle, 'k'), read(handle, 'k')];
    await tick();
    expect(calls).toHaveLength(1); // the next read waits for the first to end
    calls[0].end('read 1');
    expect(await first).toBe('read 1');
    await tick();
    expect(calls).toHaveLength(2); // one read for the three who asked meanwhile
    calls[1].end('read 2');
    expect(await Promise.all(during)).toEqual(['read 2', 'read 2', 'read 2']);
    // Nothing under way any more: the next caller starts a read of its own at once.
    const later = read(handle, 'k');
    expect(calls).toHaveLength(3);
    calls[2].end('read 3');
    expect(await later).toBe('read 3');
  });

  it('shares nothing between keys or handles, and gives a failure only to those who shared that read', async () => {
    const { calls, read } = controlledRead();
    const [a, b] = [{}, {}];
    const reads = [read(a, 'k'), read(a, 'other'), read(b, 'k')];
    expect(calls.map((c) => c.key)).toEqual(['k', 'other', 'k']);
    const queued = read(a, 'k');
    calls[0].fail(new Error('database down'));
    await expect(reads[0]).rejects.toThrow('database down');
    await tick();
    expect(calls).toHaveLength(4); // the queued caller gets a read of its own, not the failure
    calls[3].end('after the outage');
    expect(await queued).toBe('after the outage');
    calls[1].end('x');
    calls[2].end('y');
    expect(await Promise.all([reads[1], reads[2]])).toEqual(['x', 'y']);
  });
});

describe('GET /api/incidents/stats under concurrent callers', () => {
  const t = useTestApi();

  it('answers each caller with every incident reported before it asked', async () => {
    const as = t.as((await t.admin()).token);
    const node = `Task_Shared_${Date.now()}`;
    const countOf = (body: { topNodes: { nodeId: string; incidents: number }[] }) =>
      body.topNodes.find((n) => n.nodeId === node)?.incidents ?? 0;
    // Make the test's node one of the ten that fail most, whatever else the database holds.
    for (let i = 0; i < 12; i++) {
      const res = await as.post('/incidents', reportBody({ nodeId: node }));
      expect(res.status, res.text).toBe(200);
    }
    // Rounds of: a report, and once it has committed, a volley of stats calls. Every call of a volley asked
    // after the report committed, so each must count it, however the calls were shared.
    let reported = 12;
    for (let round = 0; round < 6; round++) {
      const volley = Array.from({ length: 12 }, () => as.get('/incidents/stats?days=1'));
      const report = await as.post('/incidents', reportBody({ nodeId: node }));
      expect(report.status, report.text).toBe(200);
      reported++;
      const after = Array.from({ length: 12 }, () => as.get('/incidents/stats?days=1'));
      for (const res of await Promise.all(volley)) {
        expect(res.status, res.text).toBe(200);
        // Asked before or while the report was written: either count is right.
        expect([reported - 1, reported]).toContain(countOf(res.body));
      }
      for (const res of await Promise.all(after)) {
        expect(res.status, res.text).toBe(200);
        expect(countOf(res.body)).toBe(reported);
      }
    }
  });
});
