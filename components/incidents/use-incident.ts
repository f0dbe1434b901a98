'use client';
// The data of the incident page: the incident and its timeline, refreshed every 10 s, every 2 s while a
// retry waits for its worker; and `settle`, which brings everything that an action may have changed up to date.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';
import type { IncidentView } from '@/server/schemas/incidents';
import { retryUnlessClientError } from './query-retry';
import { pendingRetryOf } from './retry-progress';

const LIVE_REFRESH_MS = 10_000;
const RETRY_POLL_MS = 2_000;

export function useIncident(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const events = useQuery(
    trpc.incidents.events.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) =>
          query.state.status === 'error'
            ? false
            : pendingRetryOf(query.state.data)
              ? RETRY_POLL_MS
              : LIVE_REFRESH_MS,
      },
    ),
  );
  const pendingRetry = pendingRetryOf(events.data);
  const incident = useQuery(
    trpc.incidents.get.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) =>
          query.state.status === 'error' ? false : pendingRetry ? RETRY_POLL_MS : LIVE_REFRESH_MS,
      },
    ),
  );

  const settle = async (updated?: IncidentView) => {
    if (updated) queryClient.setQueryData(trpc.incidents.get.queryKey({ id }), updated);
    // A retry moves the process instance too; every list and count may include this incident.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.incidents.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workers.processInstance.pathKey() }),
    ]);
  };

  return { incident, events, pendingRetry, settle };
}
