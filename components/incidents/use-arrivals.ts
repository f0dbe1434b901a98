'use client';
// Which of the board's rows came with a live refresh, so that a responder sees what is new without comparing
// rows by eye.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { IncidentView } from '@/server/schemas/incidents';
import { useLiveUpdates } from '../live/live-updates';
import { searchOf, type BoardView } from './board-view';
import { viewNow } from './use-board-view';

/** How long a row that arrived with a refresh stays marked "new". */
const NEW_FOR_MS = 20_000;

/**
 * When each row first appeared in the current view by a live refresh (not on first load or a view change).
 * @param viewKey the view the rows are of; null while they are a previous view's, kept on screen.
 */
function useArrivals(records: IncidentView[] | undefined, viewKey: string | null): Map<number, number> {
  const seen = useRef<{ key: string; ids: Set<number> } | null>(null);
  const [arrivals, setArrivals] = useState<Map<number, number>>(() => new Map());
  useEffect(() => {
    if (!records || viewKey === null) return;
    const previous = seen.current;
    const ids = records.map((i) => i.id);
    if (previous?.key !== viewKey) {
      seen.current = { key: viewKey, ids: new Set(ids) };
      setArrivals(new Map());
      return;
    }
    const fresh = ids.filter((id) => !previous.ids.has(id));
    if (!fresh.length) return;
    fresh.forEach((id) => previous.ids.add(id));
    const at = Date.now();
    setArrivals((current) => new Map([...current, ...fresh.map((id) => [id, at] as const)]));
  }, [records, viewKey]);
  return arrivals;
}

/** Whether a row is new (arrived by a live refresh less than 20 s before `now`). */
export function useIsNew(records: IncidentView[] | undefined, viewKey: string | null, now: number) {
  const arrivals = useArrivals(records, viewKey);
  return useCallback(
    (id: number) => {
      const at = arrivals.get(id);
      return at !== undefined && now - at < NEW_FOR_MS;
    },
    [arrivals, now],
  );
}

/** Whether an incident belongs to the board's view (its filters; page and sort aside). */
export function inView(view: BoardView, incident: IncidentView): boolean {
  if (view.status && !view.status.split(',').includes(incident.status)) return false;
  if (view.source && incident.source !== view.source) return false;
  if (view.severity && incident.severity !== view.severity) return false;
  if (view.processInstanceId !== null && incident.processInstanceId !== view.processInstanceId) return false;
  const q = view.q.trim().toLowerCase();
  if (
    q &&
    ![incident.message, incident.externalReferenceId, incident.nodeId].some((t) =>
      t.toLowerCase().includes(q),
    )
  )
    return false;
  return true;
}

/**
 * Incidents that appeared (or came back) in the view since its rows were read, announced rather than
 * inserted under the pointer: `count` of them, and `show()` to read the rows again.
 * @param shown the ids on screen; an arrival already shown is not counted
 */
export function useAnnouncedArrivals(
  view: BoardView,
  shown: IncidentView[] | undefined,
  refetch: () => unknown,
) {
  const { onArrival } = useLiveUpdates();
  const [arrived, setArrived] = useState<Set<number>>(() => new Set());
  const viewKey = searchOf({ ...view, page: 1 });
  const shownIds = useRef(new Set<number>());
  shownIds.current = new Set((shown ?? []).map((i) => i.id));
  useEffect(() => {
    setArrived(new Set());
    return onArrival((event) => {
      if (!inView(viewNow(), event.incident) || shownIds.current.has(event.incident.id)) return;
      setArrived((current) => new Set(current).add(event.incident.id));
    });
  }, [onArrival, viewKey]);
  const show = useCallback(() => {
    setArrived(new Set());
    void refetch();
  }, [refetch]);
  return { count: arrived.size, show };
}
