import type { Db } from '../../../db/client';
import type { WorkerRequestRow } from '../../../db/schema';
import type { RequestContext } from '../../../lib/request-context';
import type { WorkerRequestView } from '../../schemas/workers';
import type { Dispatcher } from './dispatcher';
import { lockPending, type LockRequest } from './request-states';
import { toWorkerRequestView } from './views';

export interface FetchAndLockOptions {
  /** Where the long poll waits for a publish. */
  dispatcher: Dispatcher;
  /** The client left: answer at once. */
  signal?: AbortSignal;
  /**
   * The HTTP request it answers: waitMs counts from its arrival (else from now), and a long poll tells it when
   * its time is up.
   */
  request?: RequestContext;
}

/**
 * Locks pending requests at once, or long-polls up to waitMs for a publish. While waiting the poll holds no
 * database connection and keeps its place in its topics' queues; when its time is up it answers `[]`
 * without another query, so many polls timing out together cost the database nothing.
 */
export async function fetchAndLock(
  db: Db,
  input: LockRequest & { waitMs: number },
  options: FetchAndLockOptions,
): Promise<WorkerRequestView[]> {
  return (await fetchAndLockRows(db, input, options)).map(toWorkerRequestView);
}

/** fetchAndLock's rows, for a transport that shows them its own way (server/engine-rest/). */
export async function fetchAndLockRows(
  db: Db,
  input: LockRequest & { waitMs: number },
  { dispatcher, signal, request }: FetchAndLockOptions,
): Promise<WorkerRequestRow[]> {
  if (input.waitMs <= 0) return lockPending(db, input);
  const receivedAt = request?.receivedAt ?? Date.now();
  // Queued before the first look, so that a request published meanwhile is announced to this poll.
  const poll = dispatcher.join({ ...input, deadline: receivedAt + input.waitMs, signal, request });
  let locked: WorkerRequestRow[] = [];
  try {
    do locked = await lockPending(db, input);
    while (!locked.length && (await poll.next()));
  } finally {
    poll.leave(locked.map((r) => r.topic));
  }
  return locked;
}
