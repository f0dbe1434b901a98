// Where a retry stands, read from the incident's timeline: still waiting for its worker, or answered.
import type { TimelineEntry } from './incident-timeline';

/** The retry still waiting for its worker: a RETRY_REQUESTED entry newer than any outcome entry. */
export function pendingRetryOf(events: TimelineEntry[] | undefined): TimelineEntry | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i].eventType;
    if (type === 'RETRY_SUCCEEDED' || type === 'RETRY_FAILED') return null;
    if (type === 'RETRY_REQUESTED') return events[i];
  }
  return null;
}

/** The newest retry outcome entry, if it is newer than the newest request. */
export function lastRetryOutcome(events: TimelineEntry[] | undefined): TimelineEntry | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i].eventType;
    if (type === 'RETRY_SUCCEEDED' || type === 'RETRY_FAILED') return events[i];
    if (type === 'RETRY_REQUESTED') return null;
  }
  return null;
}

/** The worker request a WORKER incident's reference names (`worker-request:<id>`), if any. */
export function workerRequestIdOf(externalReferenceId: string): string | undefined {
  return /^worker-request:(\d+)$/.exec(externalReferenceId)?.[1];
}
