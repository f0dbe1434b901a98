// Between pages, the async hook that page renders' AsyncLocalStorage turn on goes off again
// (server/quiet-between-pages.ts). A real HTTP server renders pages with React's server renderer, which keeps
// each render in an AsyncLocalStorage of its own, as Next's renders do, and with a storage of the test's
// (a request's store that must last until its page is answered).
//
// Whether the hook is on is read from the promises themselves: without a hook, Node gives a promise's
// continuation no async id (executionAsyncId() is 0 after an await); with one, every promise gets an id.
//
// Next's own module that replaces `process.nextTick` is loaded too, as the server loads it, and each page
// answers which `nextTick` it was handled with.
import { AsyncLocalStorage, executionAsyncId } from 'node:async_hooks';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietBetweenPages, storagesUseAsyncHooks } from '../../quiet-between-pages';
import { sleep, until } from '../support/notification-helpers';

/** Whether promises are followed by an async hook now. */
async function promiseHookOn(): Promise<boolean> {
  await null;
  return executionAsyncId() !== 0;
}

const SETTLE_MS = 500;
const request = new AsyncLocalStorage<string>();

/** A page of React that waits `ms` (a suspended part, as a page's data), then says whose request it was. */
function Page({ wait, ms }: { wait: Promise<unknown>; ms: number }) {
  use(wait);
  return createElement('p', null, `${request.getStore()} after ${ms} ms`);
}

let server: http.Server;
let base: string;
/** Node's own `process.nextTick`, and the wrapper Next replaces it with when it loads. */
let nodesNextTick: typeof process.nextTick;
let nextsNextTick: typeof process.nextTick;

beforeAll(async () => {
  // What this test measures is the hook's state: nothing else in this process may have turned it on.
  expect(await promiseHookOn()).toBe(false);
  const quiet = quietBetweenPages({ settleMs: SETTLE_MS });
  // Vitest swaps `process.nextTick` for a moment while it reports to its main process, and puts the one it
  // found back in a tick of its own: loaded within such a moment, Next's wrapper would be replaced by Node's.
  // A timer's callback runs after those ticks.
  await sleep(10);
  nodesNextTick = process.nextTick;
  createRequire(import.meta.url)(
    'next/dist/server/node-environment-extensions/fast-set-immediate.external.js',
  );
  nextsNextTick = process.nextTick;
  expect(nextsNextTick).not.toBe(nodesNextTick);
  quiet.nextLoaded();
  server = http.createServer((req, res) => {
    quiet.pageStarted(res);
    res.setHeader('X-Next-Tick', process.nextTick === nextsNextTick ? 'next' : 'other');
    const url = new URL(req.url!, 'http://localhost');
    const ms = Number(url.searchParams.get('ms') ?? 0);
    request.run(url.searchParams.get('who') ?? 'nobody', () => {
      const wait = sleep(ms);
      const page = createElement(Suspense, { fallback: 'loading' }, createElement(Page, { wait, ms }));
      const stream = renderToPipeableStream(page, {
        onAllReady() {
          res.setHeader('Content-Type', 'text/html');
          stream.pipe(res);
        },
        onError(error) {
          res.statusCode = 500;
          res.end(String(error));
        },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function page(who: string, ms = 0): Promise<string> {
  const res = await fetch(`${base}/?who=${who}&ms=${ms}`);
  expect(res.status).toBe(200);
  // Every page is handled with Next's wrapper in place, as Next expects.
  expect(res.headers.get('X-Next-Tick')).toBe('next');
  return res.text();
}

describe("Next's process.nextTick, between pages", () => {
  it("is Node's own a moment after Next loaded and after each page, and Next's for each page", async () => {
    await until(async () => process.nextTick === nodesNextTick, 10_000);
    expect(await page('first', 20)).toContain('first after 20 ms');
    // Right after the page, the moment has not passed.
    expect(process.nextTick).toBe(nextsNextTick);
    await until(async () => process.nextTick === nodesNextTick, 10_000);
    const pages = await Promise.all(Array.from({ length: 5 }, (_, i) => page(`p${i}`, i * 20)));
    pages.forEach((html, i) => expect(html).toContain(`p${i} after ${i * 20} ms`));
    await until(async () => process.nextTick === nodesNextTick, 10_000);
  });
});

describe.skipIf(!storagesUseAsyncHooks())('the async hook of page renders, between pages', () => {
  it('is on while a page renders, off a moment after, and on again for the next page', async () => {
    expect(await page('first')).toContain('first after 0 ms');
    // Right after the page, its storages still hold the hook: the moment has not passed.
    expect(await promiseHookOn()).toBe(true);
    await until(async () => !(await promiseHookOn()), 10_000);

    // The next render turns it on again and finds its own store: nothing of the storages was lost.
    expect(await page('second', 50)).toContain('second after 50 ms');
    expect(await promiseHookOn()).toBe(true);
    await until(async () => !(await promiseHookOn()), 10_000);
  });

  it('stays on while any page is in progress: a slow one keeps its store when a quick one has closed', async () => {
    const slowMs = SETTLE_MS * 8;
    const slow = page('slow', slowMs);
    await sleep(20);
    for (let i = 0; i < 3; i++) {
      expect(await page(`quick${i}`)).toContain(`quick${i} after 0 ms`);
      // Past the moment after the quick page, with the slow one still rendering.
      await sleep(SETTLE_MS * 1.5);
      expect(await promiseHookOn()).toBe(true);
    }
    expect(await slow).toContain(`slow after ${slowMs} ms`);
    await until(async () => !(await promiseHookOn()), 10_000);
  });

  it('renders pages in parallel, each with its own store, and goes quiet after the last', async () => {
    const pages = await Promise.all(Array.from({ length: 20 }, (_, i) => page(`p${i}`, (i % 5) * 30)));
    pages.forEach((html, i) => expect(html).toContain(`p${i} after ${(i % 5) * 30} ms`));
    await until(async () => !(await promiseHookOn()), 10_000);
  });
});
