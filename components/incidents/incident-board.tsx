'use client';
// The incident board: filters, sort, page and size live in the URL. Rows change in place as the change
// stream reports (components/live/live-updates.tsx); new incidents are announced, and shown when asked, so
// that no row moves under the pointer; while the stream is down the rows are polled, with back-off.
// The URL state is use-board-view.ts, the typed filters use-filter-boxes.ts, the "new" marks use-arrivals.ts;
// the parts are drawn by board-header, board-filters, bulk-actions and board-table.
import { Box, Group, Stack, Switch } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { DownloadButton } from '@/components/downloads/download-button';
import type { IncidentView } from '@/server/schemas/incidents';
import { useBoardColumns } from './board-columns';
import { BoardFilters } from './board-filters';
import { BoardTitle, SummaryButtons } from './board-header';
import { BoardTable } from './board-table';
import { hasFilters, listInputOf, searchOf } from './board-view';
import { BULK_BAR_SPACE, BulkActions } from './bulk-actions';
import { filterOfView, MatchingActions } from './bulk-matching';
import { IncidentGroups } from './incident-groups';
import { KeyboardHelp, KeyboardHint } from './keyboard-help';
import { useNow } from './relative-time';
import { ArrivalsNotice } from './arrivals-notice';
import { useAnnouncedArrivals, useIsNew } from './use-arrivals';
import { useBoardKeys } from './use-board-keys';
import { usePollingFallback } from '../live/live-updates';
import { useBoardView, useLastPageKept, viewNow } from './use-board-view';
import { useFilterBoxes } from './use-filter-boxes';

export function IncidentBoard() {
  const trpc = useTRPC();
  const [selected, setSelected] = useState<IncidentView[]>([]);
  const clearSelection = useCallback(() => setSelected([]), []);
  const { view, setView, filter, sortBy, setPage, setSize } = useBoardView(clearSelection);
  // Storms: the same filters, grouped by source, node and message template.
  const grouped = view.grouped;
  const matching = filterOfView(view);
  const boxes = useFilterBoxes(view, filter);
  const keys = useBoardKeys();
  // On a phone: the filters besides the search, the grouping and the actions on everything matching.
  const [moreShown, more] = useDisclosure(false);

  const polling = usePollingFallback();
  const list = useQuery(
    trpc.incidents.list.queryOptions(listInputOf(view), {
      placeholderData: keepPreviousData,
      refetchInterval: polling,
    }),
  );
  const me = useQuery(trpc.auth.me.queryOptions());
  const summary = useQuery(trpc.incidents.summary.queryOptions({}, { refetchInterval: polling }));
  const arrivals = useAnnouncedArrivals(view, list.data?.content, list.refetch);
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
      <BoardTitle failing={list.isError && !!data ? problemOf(list.error).detail : null} />
      <ArrivalsNotice count={arrivals.count} onShow={arrivals.show} />
      <SummaryButtons summary={summary.data} view={view} filter={filter} />
      <BoardFilters
        view={view}
        filter={filter}
        boxes={boxes}
        total={data?.totalElements}
        username={me.data?.username}
        more={{ shown: moreShown, toggle: more.toggle }}
      />
      <Stack gap="md" display={{ base: moreShown ? 'flex' : 'none', sm: 'flex' }}>
        <Group justify="space-between" gap="sm">
          <Switch
            label="Group by source, node and message"
            checked={grouped}
            onChange={(e) => setView({ ...viewNow(), grouped: e.currentTarget.checked, page: 1 })}
          />
          <DownloadButton operation="incidents.export" input={matching}>
            Export CSV
          </DownloadButton>
        </Group>
        {!grouped && <MatchingActions filter={matching} total={data?.totalElements} />}
      </Stack>
      {grouped && <IncidentGroups filter={matching} />}
      {!grouped && <BulkActions selected={selectedFresh} onClear={clearSelection} />}
      {!grouped && (
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
      )}
      {!grouped && <KeyboardHint onOpen={keys.openHelp} />}
      {!grouped && selected.length > 0 && <Box hiddenFrom="sm" h={BULK_BAR_SPACE} />}
      <KeyboardHelp opened={keys.helpOpen} onClose={keys.closeHelp} />
    </Stack>
  );
}
