'use client';
// Live updates of every console page from the one incident change stream (docs/contract.md §6):
// one tRPC subscription per tab, opened by the console shell. Each change patches what the cache holds of
// its incident at once (the incident page's header, fields and actions; the board's row in place) and
// marks for a refetch, batched, what it may have changed (the timeline, counts, charts, the process
// instance). A new incident is not inserted into the board under the pointer: it is announced (`onArrival`)
// and the board shows it when asked. While the stream is down, pages poll with back-off (`usePollingFallback`)
// and say how fresh they are (<Freshness />).
import { useQueryClient } from '@tanstack/react-query';
import { useSubscription } from '@trpc/tanstack-react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentStreamEvent, IncidentView } from '@/server/schemas/incidents';

export type Freshness =
  /** Connected: every change arrives within a second. */
  | { state: 'live' }
  /** Not (yet) connected, for less than STALE_AFTER_MS: pages poll meanwhile. */
  | { state: 'reconnecting'; since: number }
  /** Down for longer: what is shown may be older than `since` (refreshed by polling only). */
  | { state: 'stale'; since: number };

interface LiveUpdates {
  freshness: Freshness;
  /** Calls `listener` with every incident that appeared or came back (CAME_BACK); returns an unsubscribe. */
  onArrival(listener: (event: IncidentStreamEvent) => void): () => void;
}

const STALE_AFTER_MS = 10_000;
/** Refetches caused by a burst of changes (a storm) are made once per this interval. */
const REFETCH_BATCH_MS = 300;
const STATS_BATCH_MS = 2_000;
/**
 * Entries after which an incident may be in a board's view where it was not: new, reopened, or back to OPEN
 * (unacknowledged, or its retry failed). Whether it is in the view is each board's to decide.
 */
const CAME_BACK = new Set<IncidentStreamEvent['eventType']>([
  'CREATED',
  'REOPENED',
  'UNACKNOWLEDGED',
  'RETRY_FAILED',
]);

const LiveContext = createContext<LiveUpdates>({
  freshness: { state: 'reconnecting', since: 0 },
  onArrival: () => () => {},
});

export const useLiveUpdates = () => useContext(LiveContext);

/** Back-off of the fallback polling: 5 s, 10 s, 20 s, 40 s, then every 60 s; never stopped by an error. */
export function pollingDelay(failures: number): number {
  return Math.min(5_000 * 2 ** Math.min(failures, 4), 60_000);
}

/**
 * A `refetchInterval` for a live page's query: none while the stream is live (changes arrive by push),
 * else `baseMs` growing with consecutive failures; a failed refresh never ends the polling.
 */
export function usePollingFallback(baseMs = 5_000) {
  const { freshness } = useLiveUpdates();
  const live = freshness.state === 'live';
  return useMemo(
    () =>
      (query: { state: { fetchFailureCount: number; error: unknown } }): number | false =>
        live || isClientError(query.state.error)
          ? false
          : Math.max(baseMs, pollingDelay(query.state.fetchFailureCount)),
    [live, baseMs],
  );
}

/** A 4xx (an id that does not exist, a bad filter): asking again changes nothing. A 401 leaves the page. */
function isClientError(error: unknown): boolean {
  const status = error ? problemOf(error).status : undefined;
  return status !== undefined && status >= 400 && status < 500;
}

/** The board's rows: never refetched behind the responder's back (new rows are announced instead). */
const isBoardList = (key: readonly unknown[]) =>
  Array.isArray(key[0]) && key[0][0] === 'incidents' && key[0][1] === 'list';

export function LiveUpdatesProvider({ children }: { children: ReactNode }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const listeners = useRef(new Set<(event: IncidentStreamEvent) => void>());
  const [down, setDown] = useState<number | null>(() => Date.now());
  const [now, setNow] = useState(() => Date.now());

  // Refetches are batched: a storm of 300 changes costs one refetch of each page's data, not 300.
  const pending = useRef<{ incidents: Set<number>; instances: Set<number>; timer?: number }>({
    incidents: new Set(),
    instances: new Set(),
  });
  // The 30-day statistics are the costliest read: at most every STATS_BATCH_MS.
  const statsTimer = useRef<number | undefined>(undefined);
  const flush = () => {
    const { incidents, instances } = pending.current;
    pending.current = { incidents: new Set(), instances: new Set() };
    void queryClient.invalidateQueries({ queryKey: trpc.incidents.summary.queryKey() });
    // The grouped board: its counts are the groups' (no row moves under the pointer, as on the list).
    void queryClient.invalidateQueries({ queryKey: trpc.incidents.groups.pathKey() });
    statsTimer.current ??= window.setTimeout(() => {
      statsTimer.current = undefined;
      void queryClient.invalidateQueries({ queryKey: trpc.incidents.stats.pathKey() });
    }, STATS_BATCH_MS);
    for (const id of incidents)
      void queryClient.invalidateQueries({ queryKey: trpc.incidents.events.queryKey({ id }) });
    for (const id of instances) {
      void queryClient.invalidateQueries({
        queryKey: trpc.incidents.ofProcessInstance.queryKey({ processInstanceId: id }),
      });
      void queryClient.invalidateQueries({ queryKey: trpc.workers.processInstance.queryKey({ id }) });
    }
  };

  const apply = (event: IncidentStreamEvent) => {
    const incident: IncidentView = event.incident;
    // Only what is cached already: an incident page open in this tab, rows of boards it shows.
    queryClient.setQueryData(trpc.incidents.get.queryKey({ id: incident.id }), (old) =>
      old ? incident : old,
    );
    queryClient.setQueriesData({ queryKey: trpc.incidents.list.pathKey() }, (old: unknown) => {
      const page = old as { content: IncidentView[] } | undefined;
      if (!page?.content.some((row) => row.id === incident.id)) return old;
      return { ...page, content: page.content.map((row) => (row.id === incident.id ? incident : row)) };
    });
    pending.current.incidents.add(incident.id);
    pending.current.instances.add(incident.processInstanceId);
    pending.current.timer ??= window.setTimeout(flush, REFETCH_BATCH_MS);
    if (CAME_BACK.has(event.eventType)) {
      for (const listener of listeners.current) listener(event);
    }
  };

  const subscription = useSubscription(
    trpc.incidents.changes.subscriptionOptions(
      {},
      {
        onStarted: () => {
          setDown(null);
          // What changed before the stream (re)started is not in it: bring what is shown up to date.
          void queryClient.invalidateQueries({
            predicate: (query) => !isBoardList(query.queryKey) && !isClientError(query.state.error),
          });
        },
        onData: (tracked) => apply(tracked.data as IncidentStreamEvent),
        onConnectionStateChange: (state) => {
          if (state.state === 'connecting') setDown((since) => since ?? Date.now());
        },
        onError: () => setDown((since) => since ?? Date.now()),
      },
    ),
  );

  // A stream that ended with an error (a 401, a 503 from a draining server) is opened again with back-off.
  const failures = useRef(0);
  const { status, reset } = subscription;
  useEffect(() => {
    if (status === 'pending') failures.current = 0;
    if (status !== 'error') return;
    const timer = window.setTimeout(reset, pollingDelay(failures.current++));
    return () => window.clearTimeout(timer);
  }, [status, reset]);

  // Whether "reconnecting" has become "stale".
  useEffect(() => {
    if (down === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, [down]);

  const state: Freshness['state'] =
    down === null && status === 'pending'
      ? 'live'
      : now - (down ?? now) >= STALE_AFTER_MS
        ? 'stale'
        : 'reconnecting';
  const since = down ?? 0;

  const onArrival = useCallback((listener: (event: IncidentStreamEvent) => void) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  // A new value only when the state changes, not on every render.
  const value = useMemo<LiveUpdates>(
    () => ({ freshness: state === 'live' ? { state } : { state, since }, onArrival }),
    [state, since, onArrival],
  );
  return <LiveContext.Provider value={value}>{children}</LiveContext.Provider>;
}
