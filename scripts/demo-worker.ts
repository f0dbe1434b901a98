// A demo external worker, and the example of how one is written: plain HTTP, no code from this project.
//
//   npm run worker:demo
//
// It signs in (BPM_TOKEN, an API token; or BPM_USERNAME/BPM_PASSWORD of an administrator, with which it
// makes itself a user "demo-worker" holding ACCESS_ENGINE_API and an API token), then plays two parts:
//  - an engine: publishes a service-task request every few seconds (POST /api/worker-requests);
//  - workers: long-poll their topics (POST /api/worker-requests/fetch-and-lock), do the work, and report
//    complete or failure. Most requests succeed; some fail until their retries run out, which reports a
//    WORKER incident; retrying that incident from the console republishes the request, and a waiting
//    worker picks it up within milliseconds.
//
// Environment: BPM_URL (http://localhost:3000), BPM_TOKEN, BPM_USERNAME (admin), BPM_PASSWORD
// (ADMIN_PASSWORD), DEMO_PUBLISH_EVERY_MS (3000, 0 = never), DEMO_FAILURE_RATE (0.25),
// DEMO_DURATION_S (0 = until Ctrl+C), DEMO_WORKERS (2).

const BASE = (process.env.BPM_URL ?? 'http://localhost:3000').replace(/\/$/, '') + '/api';
const PUBLISH_EVERY_MS = Number(process.env.DEMO_PUBLISH_EVERY_MS ?? 3000);
const FAILURE_RATE = Number(process.env.DEMO_FAILURE_RATE ?? 0.25);
const DURATION_S = Number(process.env.DEMO_DURATION_S ?? 0);
const WORKERS = Number(process.env.DEMO_WORKERS ?? 2);

const TASKS = [
  { topic: 'payment.charge', nodeId: 'charge-card', error: 'Payment provider timed out after 30 s' },
  { topic: 'email.send', nodeId: 'send-confirmation', error: 'SMTP server refused the recipient' },
  { topic: 'invoice.render', nodeId: 'render-invoice', error: 'Template variable "customer.vatId" missing' },
];
const TOPICS = TASKS.map((t) => t.topic);

interface WorkerRequest {
  id: number;
  processInstanceId: number;
  nodeId: string;
  topic: string;
  attempt: number;
  retries: number;
  payload: Record<string, unknown>;
}

let token = process.env.BPM_TOKEN ?? '';
const stopping = new AbortController();

async function call<T>(method: string, path: string, body?: unknown, bearer = token): Promise<T> {
  const res = await fetch(BASE + path, {
    method,
    headers: { 'content-type': 'application/json', ...(bearer && { authorization: `Bearer ${bearer}` }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: stopping.signal,
  });
  const text = await res.text();
  if (!res.ok) {
    // Every error is a problem document: { status, code, detail, errors }.
    const problem = text ? JSON.parse(text) : {};
    throw new Error(`${method} ${path}: ${res.status} ${problem.code ?? ''} ${problem.detail ?? text}`);
  }
  return (text ? JSON.parse(text) : undefined) as T;
}

/** No API token given: an administrator's credentials make one for a dedicated worker user. */
async function obtainApiToken(): Promise<string> {
  const username = process.env.BPM_USERNAME ?? 'admin';
  const password = process.env.BPM_PASSWORD ?? process.env.ADMIN_PASSWORD;
  if (!password)
    throw new Error('Set BPM_TOKEN (an API token), or BPM_USERNAME and BPM_PASSWORD of an administrator');
  const { accessToken } = await call<{ accessToken: string }>('POST', '/tokens', { username, password }, '');
  const users = await call<{ id: number; username: string }[]>(
    'GET',
    '/admin/users?q=demo-worker',
    undefined,
    accessToken,
  );
  let user = users.find((u) => u.username === 'demo-worker');
  user ??= await call<{ id: number; username: string }>(
    'POST',
    '/admin/users',
    { username: 'demo-worker', password: crypto.randomUUID(), permissionCodes: ['ACCESS_ENGINE_API'] },
    accessToken,
  );
  const created = await call<{ token: string }>(
    'POST',
    `/admin/users/${user.id}/api-tokens`,
    // The worker protocol is all it needs (and the token expires after the default 90 days).
    { name: `demo worker ${new Date().toISOString()}`, scope: 'WORKER' },
    accessToken,
  );
  console.log(`Signed in as ${username}; using a new API token of user "demo-worker".`);
  return created.token;
}

const log = (who: string, line: string) =>
  console.log(`${new Date().toISOString().slice(11, 19)} ${who.padEnd(9)} ${line}`);

async function publishForever() {
  let n = 0;
  while (!stopping.signal.aborted && PUBLISH_EVERY_MS > 0) {
    const task = TASKS[n++ % TASKS.length];
    const request = await call<WorkerRequest>('POST', '/worker-requests', {
      processInstanceId: 1000 + Math.floor(Math.random() * 200),
      nodeId: task.nodeId,
      topic: task.topic,
      payload: {
        orderId: `ORD-${10000 + Math.floor(Math.random() * 90000)}`,
        amount: Math.round(Math.random() * 500),
      },
      retries: 2,
    });
    log('engine', `published ${request.topic} #${request.id} for instance ${request.processInstanceId}`);
    await sleep(PUBLISH_EVERY_MS);
  }
}

async function work(workerId: string) {
  while (!stopping.signal.aborted) {
    // Long poll: answers at once when something is pending, else as soon as something is published.
    const locked = await call<WorkerRequest[]>('POST', '/worker-requests/fetch-and-lock', {
      workerId,
      topics: TOPICS,
      maxTasks: 3,
      lockDurationMs: 30_000,
      waitMs: 20_000,
    });
    for (const request of locked) {
      await sleep(100 + Math.random() * 700); // the "work"
      const task = TASKS.find((t) => t.topic === request.topic)!;
      // A request republished by a retry (attempt > 1) usually goes through: the cause was fixed.
      const fails = Math.random() < (request.attempt > 1 ? FAILURE_RATE / 3 : FAILURE_RATE);
      if (fails) {
        const after = await call<WorkerRequest & { status: string }>(
          'POST',
          `/worker-requests/${request.id}/failure`,
          {
            workerId,
            errorMessage: task.error,
            errorDetails: `at ${task.nodeId} (attempt ${request.attempt})`,
          },
        );
        log(
          workerId,
          `FAILED ${request.topic} #${request.id} -> ${after.status}${after.status === 'FAILED' ? ' (incident reported)' : ''}`,
        );
      } else {
        await call('POST', `/worker-requests/${request.id}/complete`, { workerId, result: { ok: true } });
        log(workerId, `completed ${request.topic} #${request.id} (attempt ${request.attempt})`);
      }
    }
  }
}

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    stopping.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

process.on('SIGINT', () => stopping.abort());
process.on('SIGTERM', () => stopping.abort());
if (DURATION_S > 0) setTimeout(() => stopping.abort(), DURATION_S * 1000).unref();

token ||= await obtainApiToken();
console.log(`Demo worker on ${BASE}: topics ${TOPICS.join(', ')}; Ctrl+C to stop.`);
const parts = [publishForever(), ...Array.from({ length: WORKERS }, (_, i) => work(`demo-worker-${i + 1}`))];
await Promise.all(
  parts.map((p) => p.catch((e: Error) => (stopping.signal.aborted ? undefined : Promise.reject(e)))),
);
console.log('Demo worker stopped.');
export {};
