// Next replaces the global Date when it is imported; the server puts the native one back once Next is ready
// (server/native-date.ts). Checked in a process of its own: the wrapper would stay in this one.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

/** Runs `body` as an ES module in a new Node process with tsx, and answers what it printed as JSON. */
function inNewProcess(body: string): Record<string, unknown> {
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', body], {
    encoding: 'utf8',
  });
  return JSON.parse(out) as Record<string, unknown>;
}

describe('the native Date under Next', () => {
  it('is replaced by Next and put back, its objects and prototype native again', () => {
    const seen = inNewProcess(`
      import { keepNativeDate } from './server/native-date.ts';
      const native = Date;
      const isNative = (f) => Function.prototype.toString.call(f).includes('[native code]');
      const restore = keepNativeDate();
      await import('next/dist/server/node-environment.js');
      const wrapped = { replaced: Date !== native, isNative: isNative(Date) };
      restore();
      const stamp = new Date('2026-11-21 13:45:12.123+00');
      console.log(JSON.stringify({
        wrapped,
        restored: Date === native && isNative(Date),
        prototypeConstructor: Date.prototype.constructor === native,
        objectConstructor: stamp.constructor === native,
        value: stamp.toISOString(),
        restoredTwice: (restore(), Date === native),
      }));
    `);
    // If Next stops replacing Date, server/native-date.ts can go.
    expect(seen.wrapped).toEqual({ replaced: true, isNative: false });
    expect(seen).toMatchObject({
      restored: true,
      prototypeConstructor: true,
      objectConstructor: true,
      value: '2026-11-21T13:45:12.123Z',
      restoredTwice: true,
    });
  });

  it('is what the console asks for: Next does not need its wrapper without cacheComponents', () => {
    // The wrapper reports clock reads to cacheComponents' prerenders; with that on, the native Date would
    // hide them (server/native-date.ts).
    const config = inNewProcess(`
      import config from './next.config.mjs';
      console.log(JSON.stringify({ cacheComponents: config.cacheComponents ?? false }));
    `);
    expect(config).toEqual({ cacheComponents: false });
  });
});
