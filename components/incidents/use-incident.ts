'use client';
// The data of the incident page: the incident and its timeline, kept current by the change stream
// (components/live/live-updates.tsx patches the incident the moment a change arrives, a retry's outcome
// included, and refetches the timeline); while the stream is down, polled with back-off (every 2 s while a
// retry waits for its worker), never stopping after a failed refresh. `settle` brings everything that an
// action may have changed up to date.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTRPC } from '@/components/trpc';
import { usePollingFallback } from '@/components/live/live-updates';
import type { IncidentView } from '@/server/schemas/incidents';
import { retryUnlessClientError } from './query-retry';
import { pendingRetryOf } from './retry-progress';

const RETRY_POLL_MS = 2_000;

export function useIncident(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const polling = usePollingFallback();

  const events = useQuery(
    trpc.incidents.events.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) => {
          const fallback = polling(query);
          return fallback === false || !pendingRetryOf(query.state.data) ? fallback : RETRY_POLL_MS;
        },
      },
    ),
  );
  const pendingRetry = pendingRetryOf(events.data);
  const incident = useQuery(
    trpc.incidents.get.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) => {
          const fallback = polling(query);
          return fallback === false || !pendingRetry ? fallback : RETRY_POLL_MS;
        },
      },
    ),
  );

  // The timeline (polled) saw the retry answered: the incident's status and fields changed with it, now.
  const wasPending = useRef(pendingRetry);
  useEffect(() => {
    if (wasPending.current && !pendingRetry)
      void queryClient.invalidateQueries({ queryKey: trpc.incidents.get.queryKey({ id }) });
    wasPending.current = pendingRetry;
  }, [pendingRetry, queryClient, trpc, id]);

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
