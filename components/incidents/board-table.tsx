'use client';
// The incident board's table: a page of incidents, selectable, sortable and paged, each row opening its
// incident (a new tab with Ctrl or ⌘), with placeholder rows while the first page loads and a state of its
// own when nothing matches.
import { Alert, Button, EmptyState, NativeSelect, Skeleton, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { DataTableColumn } from 'mantine-datatable';
import { useRouter } from 'next/navigation';
import { useCallback, useDeferredValue, type KeyboardEvent } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { QueryTable } from '@/components/ui/query-table';
import type { IncidentView, SortField } from '@/server/schemas/incidents';
import { PAGE_SIZES, type BoardView, type PageSize } from './board-view';
import { formatCount } from '../format-count';

export interface IncidentPage {
  content: IncidentView[];
  totalElements: number;
  totalPages: number;
}

export function BoardTable({
  list: current,
  view,
  filtered,
  columns,
  isNew,
  selected,
  onSelectedChange,
  onPage,
  onSize,
  onSort,
  onReset,
}: {
  list: UseQueryResult<IncidentPage, unknown>;
  view: BoardView;
  filtered: boolean;
  columns: DataTableColumn<IncidentView>[];
  isNew: (id: number) => boolean;
  selected: IncidentView[];
  onSelectedChange: (selected: IncidentView[]) => void;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
  onSort: (field: SortField, direction: 'asc' | 'desc') => void;
  onReset: () => void;
}) {
  const router = useRouter();
  const openIncident = useCallback(
    (id: number, newTab = false) => {
      if (newTab) window.open(`/incidents/${id}`, '_blank', 'noopener');
      else router.push(`/incidents/${id}`);
    },
    [router],
  );
  // The rows are drawn in an interruptible background render: a query's answer otherwise re-renders the
  // whole table in one task (the board's Lighthouse blocking time, docs/performance.md "The console").
  // Until it is done the previous state stays on screen (the skeleton, or the previous rows).
  const list = useDeferredValue(current);
  const data = list.data;

  return (
    <QueryTable<IncidentView>
      query={list}
      framed={false}
      loadingLabel="Loading incidents"
      loading={
        <Stack gap={6} aria-busy="true" aria-label="Loading incidents">
          <Skeleton h={38} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={46} />
          ))}
        </Stack>
      }
      failure={(error, retry) => (
        <Alert color="red" role="alert" title="Could not load incidents">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problemOf(error).detail}</Text>
            <Button size="xs" variant="white" color="red" onClick={retry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
      empty={data?.totalElements === 0 ? <NoIncidents filtered={filtered} onReset={onReset} /> : null}
      aria-label="Incidents"
      phoneFirst={['message', 'severity', 'status', 'id']}
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing={6}
      records={data?.content ?? []}
      columns={columns}
      idAccessor="id"
      fetching={list.isPlaceholderData}
      totalRecords={data?.totalElements ?? 0}
      recordsPerPage={view.size}
      page={Math.min(view.page, Math.max(data?.totalPages ?? 0, 1))}
      onPageChange={onPage}
      paginationText={({ from, to, totalRecords }) =>
        `${formatCount(from)}–${formatCount(to)} of ${formatCount(totalRecords)}`
      }
      renderPagination={({ Controls }) => (
        <>
          <Controls.Text />
          <NativeSelect
            size="xs"
            label="Per page"
            aria-label="Incidents per page"
            data={PAGE_SIZES.map(String)}
            value={String(view.size)}
            onChange={(e) => onSize(Number(e.currentTarget.value) as PageSize)}
            styles={{
              root: { display: 'flex', alignItems: 'center', gap: 8 },
              label: { fontWeight: 400 },
            }}
          />
          <Controls.Pagination />
        </>
      )}
      sortStatus={{ columnAccessor: view.sort.field, direction: view.sort.direction }}
      onSortStatusChange={(status) => onSort(status.columnAccessor as SortField, status.direction)}
      selectedRecords={selected}
      onSelectedRecordsChange={onSelectedChange}
      getRecordSelectionCheckboxProps={(i) => ({ 'aria-label': `Select incident ${i.id}` })}
      allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all incidents on this page' }}
      onRowClick={({ record, event }) => {
        // Selecting text in a row is not a click on it.
        if (window.getSelection()?.toString()) return;
        openIncident(record.id, event.metaKey || event.ctrlKey);
      }}
      customRowAttributes={(i) => ({
        tabIndex: 0,
        // For the board's keys (use-board-keys.ts): j/k find the rows, a acknowledges the one in focus.
        'data-incident-id': i.id,
        'data-status': i.status,
        'aria-label': `Incident ${i.id}: ${i.severity}, ${i.status}, ${i.message}`,
        onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
          if (e.key === 'Enter' && e.target === e.currentTarget) openIncident(i.id, e.ctrlKey || e.metaKey);
        },
      })}
      rowStyle={(i) => (isNew(i.id) ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : undefined)}
      style={{ cursor: 'pointer' }}
    />
  );
}

function NoIncidents({ filtered, onReset }: { filtered: boolean; onReset: () => void }) {
  return (
    <EmptyState
      title={filtered ? 'No incidents match these filters' : 'No incidents'}
      description={
        filtered
          ? 'Widen the filters, or reset them to see every incident.'
          : 'Nothing has been reported. New incidents appear here by themselves.'
      }
      py="xl"
    >
      {filtered && (
        <EmptyState.Actions>
          <Button onClick={onReset}>Reset filters</Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
