// The notification deliverer's thread (started by server/runtime/run-deliverer-thread.ts, with PostgreSQL): its own
// pool and LISTEN connection, the deliverer of server/services/notifications/deliverer.ts, and the attempts
// it records handed to the server's thread for its metrics. Log lines are written by this thread's logger
// to the same stdout, marked `thread: "deliverer"`.
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';
import type {
  DelivererThreadData,
  FromDelivererThread,
  ToDelivererThread,
} from './runtime/run-deliverer-thread';

/** Nice value of this thread: below the server thread's (0), as a batch job's. */
const DELIVERER_NICE = 10;

const port = parentPort!;
const data = workerData as DelivererThreadData;
const post = (message: FromDelivererThread) => port.postMessage(message);

// Listening before anything is awaited: a stop asked for while the modules load or the pool opens ends the
// thread at once, since nothing has been claimed yet (on a loaded machine, at nice 10, loading can take
// seconds, and the server's shutdown is bounded).
let onStop: () => void = () => process.exit(0);
let wake = () => {};
port.on('message', (message: ToDelivererThread) => {
  if (message.type === 'wake') wake();
  else onStop();
});

const { log } = await import('./observability/log');
log.setBindings({ thread: 'deliverer' });

// Requests come first when the cores are busy: a storm's deliveries take the CPU this thread's requests leave
// (on Linux the nice value is per thread, so this lowers this thread alone; raising it needs no privilege).
try {
  setPriority(DELIVERER_NICE);
} catch (error) {
  log.warn({ err: error }, 'the deliverer thread keeps the server thread’s priority');
}
const { isBusy } = await import('./runtime/api-load');
const { openDatabase } = await import('../db/client');
const { startDeliverer } = await import('./services/notifications/deliverer');

// The server's thread applied the migrations before it started this one.
const database = await openDatabase({ url: data.databaseUrl, tuning: data.tuning, migrate: false });
const deliverer = startDeliverer(database, {
  ...data.options,
  apiBusy: () => isBusy(data.busyFlag),
  observe: (channel, outcome, seconds) => post({ type: 'attempt', channel, outcome, seconds }),
});
wake = () => deliverer.wake();

async function stop() {
  // As the in-process deliverer stops: after the pass under way, its attempts included.
  await deliverer.stop();
  await database.close();
  // Nothing is left to do; a handle a library kept open must not keep the thread (and the shutdown) waiting.
  process.exit(0);
}
onStop = () => void stop();
post({ type: 'ready' });
