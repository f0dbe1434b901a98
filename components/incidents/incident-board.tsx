'use client';
// The incident board: filters, sort, page and size live in the URL; the rows refresh every few seconds while
// the previous ones stay on screen, so new incidents appear without anyone losing their page or selection.
// The URL state is use-board-view.ts, the typed filters use-filter-boxes.ts, the "new" marks use-arrivals.ts;
// the parts are drawn by board-header, board-filters, bulk-actions and board-table.
import { Stack } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentView } from '@/server/schemas/incidents';
import { useBoardColumns } from './board-columns';
import { BoardFilters } from './board-filters';
import { BoardTitle, SummaryButtons } from './board-header';
import { BoardTable } from './board-table';
import { hasFilters, listInputOf, searchOf } from './board-view';
import { BulkActions } from './bulk-actions';
import { formatRelativeDate, useNow } from './relative-time';
import { useIsNew } from './use-arrivals';
import { useBoardView, useLastPageKept } from './use-board-view';
import { useFilterBoxes } from './use-filter-boxes';

const LIVE_REFRESH_MS = 5_000;

export function IncidentBoard() {
  const trpc = useTRPC();
  const [selected, setSelected] = useState<IncidentView[]>([]);
  const clearSelection = useCallback(() => setSelected([]), []);
  const { view, setView, filter, sortBy, setPage, setSize } = useBoardView(clearSelection);
  const boxes = useFilterBoxes(view, filter);

  const list = useQuery(
    trpc.incidents.list.queryOptions(listInputOf(view), {
      placeholderData: keepPreviousData,
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
  const summary = useQuery(trpc.incidents.summary.queryOptions({}, { refetchInterval: LIVE_REFRESH_MS }));
  const now = useNow(5_000);
  const data = list.data;
  const isNew = useIsNew(data?.content, list.isPlaceholderData ? null : searchOf(view), now);
  const columns = useBoardColumns(now, isNew);
  useLastPageKept(view, setView, list);

  // Keep selected rows current (status changes arrive with each refresh) without dropping the selection.
  const selectedFresh = useMemo(() => {
    const current = new Map((data?.content ?? []).map((i) => [i.id, i]));
    return selected.map((i) => current.get(i.id) ?? i);
  }, [selected, data]);

  return (
    <Stack gap="md">
      <BoardTitle
        failing={list.isError && !!data ? problemOf(list.error).detail : null}
        updatedAgo={list.dataUpdatedAt ? formatRelativeDate(new Date(list.dataUpdatedAt), now) : null}
      />
      <SummaryButtons summary={summary.data} view={view} filter={filter} />
      <BoardFilters view={view} filter={filter} boxes={boxes} total={data?.totalElements} />
      <BulkActions selected={selectedFresh} onClear={clearSelection} />
      <BoardTable
        list={list}
        view={view}
        filtered={hasFilters(view)}
        columns={columns}
        isNew={isNew}
        selected={selectedFresh}
        onSelectedChange={setSelected}
        onPage={setPage}
        onSize={setSize}
        onSort={sortBy}
        onReset={boxes.reset}
      />
    </Stack>
  );
}
