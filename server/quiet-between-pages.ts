// Next and React keep each page render's state in AsyncLocalStorage. On Node 20 (package.json's engines) an
// AsyncLocalStorage that has run anything turns on an async hook for the whole process, promise hooks
// included, until every such storage is disabled again: from the first page render on, every promise the API
// makes (about 31 for a read of one incident) calls into JavaScript to copy each storage's store onto it.
// After a page had been rendered, one incident cost the API a tenth to a fifth more CPU than in a server that
// had rendered none (docs/performance.md, "Tenth pass"). Pages are rendered now and then; the API answers all
// the time. So once no page has been in progress for a moment, the storages that were run are disabled, which
// turns the hook off; the next render turns it on again (`run` enables its storage).
//
// `run` and `enterWith` are wrapped to note which storages are in use, and `disable` is the documented way to
// stop one: "all current contexts linked to the instance will be exited". That is why it waits for a moment
// with no page in progress: whatever a render left running (Next's work after a response's close) is done by
// then. It is also why the API's own code keeps no AsyncLocalStorage (lib/request-context.ts): one it ran
// would be disabled too. Node's later implementation, on AsyncContextFrame, has no such hook and costs
// nothing between renders; there (no `_enable` on the prototype, the one private detail read) no storage is
// disabled.
//
// The same moment gives back Node's own `process.nextTick`. Next replaces it when it loads
// (next/dist/server/node-environment-extensions/fast-set-immediate.external.js) with a wrapper that counts
// the ticks a render schedules, so that the render's "fast immediates" run after them; outside a render the
// wrapper only calls Node's through `apply`. Node's streams call `nextTick` about six times per API answer,
// which cost about 2 µs of the answer's CPU through the wrapper (docs/performance.md, "Twelfth pass"). The
// wrapper is put back before Next handles the next request, and Node's own is the one Next keeps for itself
// under `Symbol.for('next.fast-set-immediate.originals')`.
//
// The server does not use it in development, whose compiler works between requests, nor when tracing, whose
// context manager keeps a storage of its own in use for every request (server/http.ts).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ServerResponse } from 'node:http';

type Storage = AsyncLocalStorage<unknown>;

export interface QuietBetweenPages {
  /** Next has loaded: unless a page starts first, a moment from now is quiet too. */
  nextLoaded(): void;
  /** A page (any request Next answers) is in progress until `res` closes. */
  pageStarted(res: ServerResponse): void;
}

/** Whether this Node's AsyncLocalStorage is the one built on async hooks (Node 20 and 22 by default). */
export function storagesUseAsyncHooks(): boolean {
  return '_enable' in AsyncLocalStorage.prototype;
}

/** The storages run since they were last disabled, noted by `run` and `enterWith` (once noteUse has run). */
const used = new Set<Storage>();
let noting = false;

function noteUse() {
  if (noting) return;
  noting = true;
  const prototype = AsyncLocalStorage.prototype as unknown as Record<
    'run' | 'enterWith',
    (this: Storage, ...args: unknown[]) => unknown
  >;
  for (const method of ['run', 'enterWith'] as const) {
    const original = prototype[method];
    prototype[method] = function (this: Storage, ...args: unknown[]) {
      used.add(this);
      return original.apply(this, args);
    };
  }
}

type NextTick = typeof process.nextTick;

/** Node's own `process.nextTick`, as Next keeps it once it has replaced it; undefined before Next loads. */
function nodeNextTick(): NextTick | undefined {
  const originals = (globalThis as Record<symbol, { nextTick?: NextTick } | undefined>)[
    Symbol.for('next.fast-set-immediate.originals')
  ];
  return originals?.nextTick;
}

/**
 * From now on, notes the storages that are run, and disables them `settleMs` after the last page in progress
 * closed, when none has started since; at the same moment puts Node's own `process.nextTick` back in place of
 * Next's, until the next page starts.
 */
export function quietBetweenPages({ settleMs = 1_000 } = {}): QuietBetweenPages {
  if (storagesUseAsyncHooks()) noteUse();
  let pagesInProgress = 0;
  let settling: NodeJS.Timeout | undefined;
  /** Next's `nextTick` wrapper while Node's own stands in for it. */
  let nextsNextTick: NextTick | undefined;

  function quiet() {
    settling = undefined;
    if (pagesInProgress > 0) return;
    for (const storage of used) storage.disable();
    used.clear();
    const own = nodeNextTick();
    if (own && process.nextTick !== own) {
      nextsNextTick = process.nextTick;
      process.nextTick = own;
    }
  }

  return {
    nextLoaded() {
      if (pagesInProgress === 0 && !settling) settling = setTimeout(quiet, settleMs).unref();
    },
    pageStarted(res) {
      if (nextsNextTick) {
        process.nextTick = nextsNextTick;
        nextsNextTick = undefined;
      }
      pagesInProgress++;
      clearTimeout(settling);
      settling = undefined;
      res.once('close', () => {
        if (--pagesInProgress > 0) return;
        settling = setTimeout(quiet, settleMs).unref();
      });
    },
  };
}
