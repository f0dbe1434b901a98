'use client';
// The incident board: filters, sort, page and size live in the URL; the rows refresh every few seconds while
// the previous ones stay on screen, so new incidents appear without anyone losing their page or selection.
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  EmptyState,
  Group,
  Kbd,
  NativeSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue, useHotkeys } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn, type DataTableSortStatus } from 'mantine-datatable';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentView, SortField } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import {
  PAGE_SIZES,
  UNRESOLVED,
  hasFilters,
  listInputOf,
  parseView,
  searchOf,
  type BoardView,
  type PageSize,
  type StatusFilter,
} from './board-view';
import { BulkActions } from './bulk-actions';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  SOURCE_LABEL,
  optionsOf,
  type IncidentSeverity,
  type IncidentSource,
} from './labels';
import { RelativeTime, formatRelativeDate, useNow } from './relative-time';
import { formatCount } from '../format-count';

const LIVE_REFRESH_MS = 5_000;
/** How long a row that arrived with a refresh stays marked "new". */
const NEW_FOR_MS = 20_000;
/** Columns whose first click sorts descending: the worst, the most frequent, the newest first. */
const DESCENDING_FIRST: SortField[] = [
  'severity',
  'occurrenceCount',
  'lastOccurredAt',
  'createdAt',
  'updatedAt',
  'id',
];

export function IncidentBoard() {
  const trpc = useTRPC();
  const router = useRouter();
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const view = useMemo(() => parseView(new URLSearchParams(searchParams.toString())), [searchParams]);
  const [selected, setSelected] = useState<IncidentView[]>([]);

  // history.replaceState (which Next's router follows, useSearchParams included) instead of router.replace:
  // the view is client state, so a change needs no server round trip, and the controls follow at once.
  const setView = useCallback(
    (next: BoardView) => {
      const search = searchOf(next);
      if (search === window.location.search || (!search && !window.location.search)) return;
      // null state: Next follows a replaceState only when the state is not its own (which carries __NA).
      window.history.replaceState(null, '', `${pathname}${search}`);
      // A different set of rows: a selection made on the old one would act on rows no longer shown.
      setSelected([]);
    },
    [pathname],
  );
  // A hand-edited or old link: show the view actually applied (invalid values dropped, defaults left out).
  useEffect(() => {
    const canonical = searchOf(view);
    if (canonical !== window.location.search)
      window.history.replaceState(null, '', `${pathname}${canonical}`);
  }, [view, pathname]);

  // What the address bar says now. Changes are made from it, not from `view`: a second click can come
  // before React has rendered the first one's change (Next follows replaceState in a transition), and would
  // otherwise repeat the first change instead of making its own.
  const viewNow = () => parseView(new URLSearchParams(window.location.search));

  /** A filter change starts again at page 1. */
  const filter = (patch: Partial<BoardView>) => setView({ ...viewNow(), ...patch, page: 1 });

  // Search text: typed freely, applied 300 ms after the last key.
  const [qInput, setQInput] = useState(view.q);
  const [debouncedQ] = useDebouncedValue(qInput.trim(), 300);
  const appliedQ = useRef(view.q);
  useEffect(() => {
    // The URL changed under the box (reset, a link): show what the URL says. A render that is behind the
    // address bar (it follows replaceState late) must not wipe what was typed since.
    if (view.q !== appliedQ.current && view.q === viewNow().q) {
      appliedQ.current = view.q;
      setQInput(view.q);
    }
  }, [view.q]);
  useEffect(() => {
    if (debouncedQ !== appliedQ.current) {
      appliedQ.current = debouncedQ;
      filter({ q: debouncedQ });
    }
    // Only a settled new text applies (`filter` is re-created every render, so it is not a dependency).
  }, [debouncedQ]);

  // Process instance id: the same, for a number.
  const [piInput, setPiInput] = useState<string | number>(view.processInstanceId ?? '');
  const [debouncedPi] = useDebouncedValue(piInput, 400);
  const appliedPi = useRef(view.processInstanceId);
  useEffect(() => {
    if (
      view.processInstanceId !== appliedPi.current &&
      view.processInstanceId === viewNow().processInstanceId
    ) {
      appliedPi.current = view.processInstanceId;
      setPiInput(view.processInstanceId ?? '');
    }
  }, [view.processInstanceId]);
  useEffect(() => {
    const id =
      typeof debouncedPi === 'number' && Number.isSafeInteger(debouncedPi) && debouncedPi > 0
        ? debouncedPi
        : null;
    if (id !== appliedPi.current) {
      appliedPi.current = id;
      filter({ processInstanceId: id });
    }
  }, [debouncedPi]);

  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  const list = useQuery(
    trpc.incidents.list.queryOptions(listInputOf(view), {
      placeholderData: keepPreviousData,
      refetchInterval: LIVE_REFRESH_MS,
    }),
  );
  const summary = useQuery(trpc.incidents.summary.queryOptions({}, { refetchInterval: LIVE_REFRESH_MS }));
  // The summary's "critical" counts unresolved ones only, and so does the board when its button is on.
  const criticalUnresolved = view.status === UNRESOLVED && view.severity === 'CRITICAL';
  const now = useNow(5_000);
  const data = list.data;
  const arrivals = useArrivals(data?.content, list.isPlaceholderData ? null : searchOf(view));
  const isNew = useCallback(
    (id: number) => {
      const at = arrivals.get(id);
      return at !== undefined && now - at < NEW_FOR_MS;
    },
    [arrivals, now],
  );

  // Keep selected rows current (status changes arrive with each refresh) without dropping the selection.
  const selectedFresh = useMemo(() => {
    const current = new Map((data?.content ?? []).map((i) => [i.id, i]));
    return selected.map((i) => current.get(i.id) ?? i);
  }, [selected, data]);

  // A page beyond the last (rows resolved away, a shared link grown old): go to the last one.
  useEffect(() => {
    if (data && !list.isPlaceholderData && data.totalPages > 0 && view.page > data.totalPages) {
      setView({ ...viewNow(), page: data.totalPages });
    }
  }, [data, list.isPlaceholderData, view, setView]);

  const resetFilters = () => {
    setQInput('');
    setPiInput('');
    appliedQ.current = '';
    appliedPi.current = null;
    filter({ status: null, source: null, severity: null, processInstanceId: null, q: '' });
  };

  const openIncident = useCallback(
    (id: number, newTab = false) => {
      if (newTab) window.open(`/incidents/${id}`, '_blank', 'noopener');
      else router.push(`/incidents/${id}`);
    },
    [router],
  );

  const columns = useMemo<DataTableColumn<IncidentView>[]>(
    () => [
      {
        accessor: 'id',
        title: 'ID',
        sortable: true,
        noWrap: true,
        render: (i) => (
          <Group gap={6} wrap="nowrap">
            <Text size="sm">#{i.id}</Text>
            {isNew(i.id) && (
              <Badge size="xs" color="yellow" variant="outline" style={{ minWidth: 'max-content' }}>
                new
              </Badge>
            )}
          </Group>
        ),
      },
      {
        accessor: 'severity',
        sortable: true,
        render: (i) => <SeverityBadge severity={i.severity} size="sm" />,
      },
      { accessor: 'status', sortable: true, render: (i) => <StatusBadge status={i.status} size="sm" /> },
      {
        accessor: 'source',
        sortable: true,
        // Narrower screens show the source under the message instead.
        visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
        render: (i) => (
          <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
            {SOURCE_LABEL[i.source]}
          </Text>
        ),
      },
      {
        accessor: 'message',
        // The message takes whatever the other columns leave; they keep their natural width.
        width: '100%',
        render: (i) => (
          // At least 220 px; beyond that whatever the row leaves, cut with an ellipsis (the inner box adds
          // nothing to the column's minimum width, so a long message never widens the table).
          <Box miw={220}>
            <Box style={{ width: 0, minWidth: '100%' }}>
              <Tooltip label={i.message} multiline maw={480} openDelay={500} withArrow>
                <Text size="sm" truncate="end">
                  {i.message}
                </Text>
              </Tooltip>
              <Text size="xs" c="dimmed" truncate="end">
                <Text span inherit ff="monospace">
                  at {i.nodeId}
                </Text>
                <Text span inherit hiddenFrom="xl">
                  {' '}
                  · {SOURCE_LABEL[i.source]}
                </Text>
              </Text>
            </Box>
          </Box>
        ),
      },
      {
        accessor: 'processInstanceId',
        title: 'Process instance',
        sortable: true,
        noWrap: true,
        render: (i) => (
          <Anchor
            component={Link}
            href={`/process-instances/${i.processInstanceId}`}
            size="sm"
            onClick={(e: MouseEvent) => e.stopPropagation()}
            onKeyDown={(e: KeyboardEvent) => e.stopPropagation()}
          >
            {i.processInstanceId}
          </Anchor>
        ),
      },
      {
        accessor: 'occurrenceCount',
        title: 'Occurrences',
        render: (i) => formatCount(i.occurrenceCount),
        sortable: true,
        noWrap: true,
        textAlign: 'right',
        visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.lg})`,
      },
      {
        accessor: 'lastOccurredAt',
        title: 'Last occurred',
        sortable: true,
        render: (i) => <RelativeTime value={i.lastOccurredAt} now={now} size="sm" />,
      },
      {
        accessor: 'createdAt',
        title: 'Created',
        sortable: true,
        visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.xl})`,
        render: (i) => <RelativeTime value={i.createdAt} now={now} size="sm" />,
      },
    ],
    [now, isNew],
  );

  const onSort = (status: DataTableSortStatus<IncidentView>) => {
    const field = status.columnAccessor as SortField;
    const current = viewNow();
    const direction =
      field !== current.sort.field && DESCENDING_FIRST.includes(field)
        ? 'desc'
        : field === current.sort.field
          ? current.sort.direction === 'asc'
            ? 'desc'
            : 'asc'
          : status.direction;
    setView({ ...current, sort: { field, direction }, page: 1 });
  };

  const updatedAgo = list.dataUpdatedAt ? formatRelativeDate(new Date(list.dataUpdatedAt), now) : null;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
        <Title order={1} size="h2">
          Incidents
        </Title>
        <LiveStatus
          failing={list.isError && !!data ? problemOf(list.error).detail : null}
          updatedAgo={updatedAgo}
        />
      </Group>

      <Group gap="xs" aria-label="Unresolved incidents" role="group">
        <SummaryButton
          count={summary.data?.openIncidents}
          label="open"
          color="red"
          active={view.status === 'OPEN'}
          onClick={() => filter({ status: view.status === 'OPEN' ? null : 'OPEN' })}
        />
        <SummaryButton
          count={summary.data?.acknowledgedIncidents}
          label="acknowledged"
          color="blue"
          active={view.status === 'ACKNOWLEDGED'}
          onClick={() => filter({ status: view.status === 'ACKNOWLEDGED' ? null : 'ACKNOWLEDGED' })}
        />
        <SummaryButton
          count={summary.data?.criticalIncidents}
          label="critical unresolved"
          color="red"
          variant="filled"
          active={criticalUnresolved}
          onClick={() =>
            filter(
              criticalUnresolved
                ? { status: null, severity: null }
                : { status: UNRESOLVED, severity: 'CRITICAL' },
            )
          }
        />
        {summary.data && (
          <Text size="sm" c="dimmed">
            {formatCount(summary.data.incidentsCreatedToday)} created today
          </Text>
        )}
      </Group>

      <Box role="search" aria-label="Filter incidents">
        <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
          <TextInput
            ref={searchRef}
            label="Search"
            placeholder="Message or reference"
            value={qInput}
            onChange={(e) => setQInput(e.currentTarget.value)}
            onKeyDown={(e) => e.key === 'Escape' && setQInput('')}
            rightSection={<Kbd size="xs">/</Kbd>}
            aria-keyshortcuts="/"
            maxLength={200}
            style={{ gridColumn: 'span 2' }}
          />
          <Select
            label="Status"
            placeholder="Any status"
            data={[{ value: UNRESOLVED, label: 'Unresolved' }, ...optionsOf(INCIDENT_STATUSES)]}
            value={view.status}
            onChange={(v) => filter({ status: v as StatusFilter | null })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status filter' }}
          />
          <Select
            label="Severity"
            placeholder="Any severity"
            data={[...INCIDENT_SEVERITIES].reverse().map((value) => ({ value, label: value }))}
            value={view.severity}
            onChange={(v) => filter({ severity: v as IncidentSeverity | null })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear severity filter' }}
          />
          <Select
            label="Source"
            placeholder="Any source"
            data={optionsOf(INCIDENT_SOURCES, SOURCE_LABEL)}
            value={view.source}
            onChange={(v) => filter({ source: v as IncidentSource | null })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear source filter' }}
          />
          <NumberInput
            label="Process instance"
            placeholder="Any instance"
            value={piInput}
            onChange={setPiInput}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            min={1}
          />
        </SimpleGrid>
        <Group justify="space-between" mt="xs" gap="xs">
          <Text size="sm" c="dimmed" aria-live="polite">
            {data ? matchesText(data.totalElements, hasFilters(view)) : ' '}
          </Text>
          {hasFilters(view) && (
            <Button variant="subtle" size="compact-sm" onClick={resetFilters}>
              Reset filters
            </Button>
          )}
        </Group>
      </Box>

      <BulkActions selected={selectedFresh} onClear={() => setSelected([])} />

      {list.isPending ? (
        <Stack gap={6} aria-busy="true" aria-label="Loading incidents">
          <Skeleton h={38} />
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} h={46} />
          ))}
        </Stack>
      ) : !data ? (
        <Alert color="red" role="alert" title="Could not load incidents">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{problemOf(list.error).detail}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => list.refetch()}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : data.totalElements === 0 ? (
        <EmptyState
          title={hasFilters(view) ? 'No incidents match these filters' : 'No incidents'}
          description={
            hasFilters(view)
              ? 'Widen the filters, or reset them to see every incident.'
              : 'Nothing has been reported. New incidents appear here by themselves.'
          }
          py="xl"
        >
          {hasFilters(view) && (
            <EmptyState.Actions>
              <Button onClick={resetFilters}>Reset filters</Button>
            </EmptyState.Actions>
          )}
        </EmptyState>
      ) : (
        <DataTable<IncidentView>
          aria-label="Incidents"
          withTableBorder
          borderRadius="md"
          highlightOnHover
          verticalSpacing={6}
          records={data.content}
          columns={columns}
          idAccessor="id"
          fetching={list.isPlaceholderData}
          totalRecords={data.totalElements}
          recordsPerPage={view.size}
          page={Math.min(view.page, Math.max(data.totalPages, 1))}
          onPageChange={(page) => setView({ ...viewNow(), page })}
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
                onChange={(e) =>
                  setView({ ...viewNow(), size: Number(e.currentTarget.value) as PageSize, page: 1 })
                }
                styles={{
                  root: { display: 'flex', alignItems: 'center', gap: 8 },
                  label: { fontWeight: 400 },
                }}
              />
              <Controls.Pagination />
            </>
          )}
          sortStatus={{ columnAccessor: view.sort.field, direction: view.sort.direction }}
          onSortStatusChange={onSort}
          selectedRecords={selectedFresh}
          onSelectedRecordsChange={setSelected}
          getRecordSelectionCheckboxProps={(i) => ({ 'aria-label': `Select incident ${i.id}` })}
          allRecordsSelectionCheckboxProps={{ 'aria-label': 'Select all incidents on this page' }}
          onRowClick={({ record, event }) => {
            // Selecting text in a row is not a click on it.
            if (window.getSelection()?.toString()) return;
            openIncident(record.id, event.metaKey || event.ctrlKey);
          }}
          customRowAttributes={(i) => ({
            tabIndex: 0,
            'aria-label': `Incident ${i.id}: ${i.severity}, ${i.status}, ${i.message}`,
            onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) openIncident(i.id);
            },
          })}
          rowStyle={(i) =>
            isNew(i.id) ? { backgroundColor: 'var(--mantine-color-yellow-light)' } : undefined
          }
          style={{ cursor: 'pointer' }}
        />
      )}
    </Stack>
  );
}

/**
 * When each row first appeared in the current view by a live refresh (not on first load or a view change),
 * so that a responder sees what is new without comparing rows by eye.
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

function matchesText(total: number, filtered: boolean): string {
  const n = `${formatCount(total)} incident${total === 1 ? '' : 's'}`;
  if (!filtered) return n;
  return `${n} ${total === 1 ? 'matches' : 'match'} these filters`;
}

function LiveStatus({ failing, updatedAgo }: { failing: string | null; updatedAgo: string | null }) {
  if (failing) {
    return (
      <Text size="xs" c="orange.8" role="status">
        Live updates failing: {failing}
      </Text>
    );
  }
  return (
    <Group gap={6} wrap="nowrap" role="status" aria-label="Live updates">
      <Box w={8} h={8} bg="green.6" style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="xs" c="dimmed">
        Live{updatedAgo ? ` · updated ${updatedAgo}` : ''}
      </Text>
    </Group>
  );
}

function SummaryButton({
  count,
  label,
  color,
  variant = 'light',
  active,
  onClick,
}: {
  count: number | undefined;
  label: string;
  color: string;
  variant?: 'light' | 'filled';
  active: boolean;
  onClick: () => void;
}) {
  if (count === undefined) return <Skeleton h={26} w={110} radius="xl" />;
  return (
    <Button
      size="compact-sm"
      radius="xl"
      color={color}
      variant={active ? 'outline' : variant}
      aria-pressed={active}
      onClick={onClick}
    >
      {`${formatCount(count)} ${label}`}
    </Button>
  );
}
