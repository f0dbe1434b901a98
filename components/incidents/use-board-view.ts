'use client';
// The incident board's view as the URL holds it, and every change to it. Changes are made from the address
// bar as it is now (`viewNow`), not from the `view` React last rendered: Next follows history.replaceState in
// a transition, so a second click can come before the first one's change is rendered, and would otherwise
// repeat the first change instead of making its own.
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo } from 'react';
import type { SortField } from '@/server/schemas/incidents';
import { parseView, searchOf, type BoardView, type PageSize } from './board-view';

/** Columns whose first click sorts descending: the worst, the most frequent, the newest first. */
const DESCENDING_FIRST: SortField[] = [
  'severity',
  'occurrenceCount',
  'lastOccurredAt',
  'createdAt',
  'updatedAt',
  'id',
];

/** What the address bar says now. */
export const viewNow = () => parseView(new URLSearchParams(window.location.search));

/**
 * @param onRowsChange called when a change shows a different set of rows: a selection made on the old one
 *   would act on rows no longer shown. Must be stable (a state setter, a memoised callback).
 */
export function useBoardView(onRowsChange: () => void) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const view = useMemo(() => parseView(new URLSearchParams(searchParams.toString())), [searchParams]);

  // history.replaceState (which Next's router follows, useSearchParams included) instead of router.replace:
  // the view is client state, so a change needs no server round trip, and the controls follow at once.
  const setView = useCallback(
    (next: BoardView) => {
      const search = searchOf(next);
      if (search === window.location.search || (!search && !window.location.search)) return;
      // null state: Next follows a replaceState only when the state is not its own (which carries __NA).
      window.history.replaceState(null, '', `${pathname}${search}`);
      onRowsChange();
    },
    [pathname, onRowsChange],
  );
  // A hand-edited or old link: show the view actually applied (invalid values dropped, defaults left out).
  // Only while the address bar still holds what this view was read from: a view rendered late (Next follows
  // replaceState in a transition) must not put back an address that a newer change has already replaced.
  useEffect(() => {
    if (new URLSearchParams(window.location.search).toString() !== searchParams.toString()) return;
    const canonical = searchOf(view);
    if (canonical !== window.location.search)
      window.history.replaceState(null, '', `${pathname}${canonical}`);
  }, [view, searchParams, pathname]);

  /** A filter change starts again at page 1. */
  const filter = (patch: Partial<BoardView>) => setView({ ...viewNow(), ...patch, page: 1 });

  /** A click on a column's header: a new column sorts its natural way first, the same one flips. */
  const sortBy = (field: SortField, clicked: 'asc' | 'desc') => {
    const current = viewNow();
    const direction =
      field !== current.sort.field && DESCENDING_FIRST.includes(field)
        ? 'desc'
        : field === current.sort.field
          ? current.sort.direction === 'asc'
            ? 'desc'
            : 'asc'
          : clicked;
    setView({ ...current, sort: { field, direction }, page: 1 });
  };

  const setPage = (page: number) => setView({ ...viewNow(), page });
  const setSize = (size: PageSize) => setView({ ...viewNow(), size, page: 1 });

  return { view, setView, filter, sortBy, setPage, setSize };
}

/** A page beyond the last (rows resolved away, a shared link grown old): go to the last one. */
export function useLastPageKept(
  view: BoardView,
  setView: (next: BoardView) => void,
  list: { data?: { totalPages: number }; isPlaceholderData: boolean },
) {
  const { data, isPlaceholderData } = list;
  useEffect(() => {
    if (data && !isPlaceholderData && data.totalPages > 0 && view.page > data.totalPages) {
      setView({ ...viewNow(), page: data.totalPages });
    }
  }, [data, isPlaceholderData, view, setView]);
}
