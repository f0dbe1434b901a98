// Graceful shutdown of the process (SIGTERM, SIGINT): readiness turns unready first so that a load balancer
// stops sending, then the listener closes, open long polls answer at once, requests under way finish
// within a bound, and the background work and the database close last. No client whose request arrived
// sees its connection reset.
import type { Server, ServerResponse } from 'node:http';

export interface ShutdownSteps {
  /** Time for load balancers to see readiness fail before the listener closes. */
  drainDelayMs: number;
  /** The whole shutdown's bound: requests still running near its end are cut off. */
  timeoutMs: number;
  /** Answers every waiting long poll with its empty result, and lets no new one wait. */
  answerLongPolls(): void;
  /** Stops background work once its batch under way has finished. */
  stopBackground(): Promise<void>;
  closeDatabase(): Promise<void>;
  log?(message: string): void;
}

export interface Lifecycle {
  /** True from the signal on: readiness answers 503 and every response closes its connection. */
  readonly draining: boolean;
  /** Runs the shutdown once; resolves when the database is closed (true) or the bound forced it (false). */
  shutdown(reason: string): Promise<boolean>;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Time kept at the end of the bound for the background work and the database to close. */
const closingReserveMs = (timeoutMs: number) => Math.min(1_000, timeoutMs / 5);

export function manageLifecycle(server: Server, steps: ShutdownSteps): Lifecycle {
  const log = steps.log ?? ((message: string) => console.log(message));
  const unanswered = new Set<ServerResponse>();
  let draining = false;
  let shuttingDown: Promise<boolean> | undefined;

  // A response written while draining says `Connection: close`, so the client opens its next request
  // elsewhere instead of reusing a connection this process is about to close under it.
  server.prependListener('request', (_req, res: ServerResponse) => {
    if (draining) res.setHeader('Connection', 'close');
    unanswered.add(res);
    res.once('close', () => unanswered.delete(res));
  });

  function closeAfterResponses() {
    for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close');
  }

  /** Stops accepting; resolves once every connection has closed, its requests answered. */
  function closeListener(): Promise<void> {
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // close() ends the idle keep-alive connections; one that finishes a request later ends after its
    // response (Connection: close above).
    server.closeIdleConnections();
    return closed;
  }

  async function closeRest() {
    await steps.stopBackground().catch((error) => log(`stopping background work failed: ${error}`));
    await steps.closeDatabase().catch((error) => log(`closing the database failed: ${error}`));
  }

  async function shutdown(reason: string): Promise<boolean> {
    const deadline = Date.now() + steps.timeoutMs;
    draining = true;
    log(`${reason}: draining (readiness 503), shutdown within ${steps.timeoutMs} ms`);
    closeAfterResponses();
    if (steps.drainDelayMs > 0) await sleep(Math.min(steps.drainDelayMs, steps.timeoutMs / 2));
    // One turn of the event loop first: requests whose bytes arrived with the signal are read and become
    // requests under way, rather than idle connections that close() would end under them.
    await new Promise((resolve) => setImmediate(resolve));
    const closed = closeListener();
    steps.answerLongPolls();
    const requestsDone = await Promise.race([
      closed.then(() => true),
      sleep(Math.max(0, deadline - closingReserveMs(steps.timeoutMs) - Date.now())).then(() => false),
    ]);
    if (!requestsDone) {
      log(`${reason}: ${unanswered.size} requests still running at the bound: closing their connections`);
      server.closeAllConnections();
    }
    // The background work and the database close within what is left of the bound too: a deliverer thread
    // starved of CPU on a loaded machine, or a connection that will not end, must not hold the exit. Work cut
    // off here is safe to lose: a delivery claimed but not recorded is taken over when its lease ends.
    const closedInTime = await Promise.race([
      closeRest().then(() => true),
      sleep(Math.max(0, deadline - Date.now())).then(() => false),
    ]);
    log(
      closedInTime
        ? `${reason}: stopped`
        : `${reason}: background work or the database still closing at the bound: exiting without them`,
    );
    return requestsDone && closedInTime;
  }

  return {
    get draining() {
      return draining;
    },
    shutdown(reason) {
      shuttingDown ??= shutdown(reason);
      return shuttingDown;
    },
  };
}
