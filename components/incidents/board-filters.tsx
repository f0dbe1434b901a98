'use client';
// The incident board's filters: search text, status, severity, source and process instance, how many
// incidents match, and a reset. On a phone only the search shows; the rest is behind one button, so that
// the first incidents are on the first screen.
import {
  Box,
  Button,
  Group,
  Kbd,
  NumberInput,
  Select,
  SimpleGrid,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import { useRef } from 'react';
import { UNRESOLVED, filterCount, hasFilters, type BoardView, type StatusFilter } from './board-view';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  SOURCE_LABEL,
  optionsOf,
  type IncidentSeverity,
  type IncidentSource,
} from './labels';
import { SavedViewsMenu } from './saved-views-menu';
import type { FilterBoxes } from './use-filter-boxes';
import { formatCount } from '../format-count';

/** The filters and board controls a phone hides behind the Filters button. */
export const MORE_FILTERS_ID = 'board-more-filters';

function matchesText(total: number, filtered: boolean): string {
  const n = `${formatCount(total)} incident${total === 1 ? '' : 's'}`;
  if (!filtered) return n;
  return `${n} ${total === 1 ? 'matches' : 'match'} these filters`;
}

export function BoardFilters({
  view,
  filter,
  boxes,
  total,
  username,
  more,
}: {
  /** The phone's "Filters" button: whether the filters besides the search (and what follows them) show. */
  more: { shown: boolean; toggle: () => void };
  view: BoardView;
  filter: (patch: Partial<BoardView>) => void;
  boxes: FilterBoxes;
  /** The signed-in user, for "Assigned to me" (once known). */
  username: string | undefined;
  /** Incidents matching, once known. */
  total: number | undefined;
}) {
  const searchRef = useRef<HTMLInputElement>(null);
  useHotkeys([['/', () => searchRef.current?.focus()]]);

  return (
    <Box role="search" aria-label="Filter incidents">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 6 }} spacing="sm" verticalSpacing="xs">
        <TextInput
          ref={searchRef}
          label="Search"
          placeholder="Message, reference or node"
          value={boxes.q.input}
          onChange={(e) => boxes.q.setInput(e.currentTarget.value)}
          onKeyDown={(e) => e.key === 'Escape' && boxes.q.setInput('')}
          rightSection={<Kbd size="xs">/</Kbd>}
          aria-keyshortcuts="/"
          maxLength={200}
          style={{ gridColumn: 'span 2' }}
        />
        {/* The grid's own cells, on a phone only while the Filters button says so. */}
        <Box id={MORE_FILTERS_ID} display={{ base: more.shown ? 'contents' : 'none', sm: 'contents' }}>
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
            value={boxes.processInstance.input}
            onChange={boxes.processInstance.setInput}
            allowDecimal={false}
            allowNegative={false}
            hideControls
            min={1}
          />
          <TextInput
            label="Node"
            placeholder="Any node"
            value={boxes.nodeId.input}
            onChange={(e) => boxes.nodeId.setInput(e.currentTarget.value)}
            maxLength={200}
          />
          <TextInput
            type="date"
            label="Created from"
            value={view.createdFrom}
            onChange={(e) => filter({ createdFrom: e.currentTarget.value })}
          />
          <TextInput
            type="date"
            label="Created to"
            value={view.createdTo}
            min={view.createdFrom || undefined}
            onChange={(e) => filter({ createdTo: e.currentTarget.value })}
          />
          <Switch
            label="Assigned to me"
            mt={{ base: 0, lg: 30 }}
            disabled={!username}
            checked={!!username && view.assignee === username}
            onChange={(e) => filter({ assignee: e.currentTarget.checked && username ? username : '' })}
          />
          <Switch
            label="My teams"
            mt={{ base: 0, lg: 30 }}
            checked={view.owner === 'mine'}
            onChange={(e) => filter({ owner: e.currentTarget.checked ? 'mine' : '' })}
          />
          {view.owner && view.owner !== 'mine' && (
            <Text size="sm" mt={{ base: 0, lg: 30 }}>
              {view.owner === 'none' ? 'Owned by no team' : `Owned by ${view.owner}`}
            </Text>
          )}
          {view.assignee && view.assignee !== username && (
            <Text size="sm" mt={{ base: 0, lg: 30 }}>
              Assigned to {view.assignee}
            </Text>
          )}
        </Box>
      </SimpleGrid>
      <Group justify="space-between" mt="xs" gap="xs">
        <Button
          hiddenFrom="sm"
          size="compact-sm"
          variant={filterCount(view) ? 'light' : 'default'}
          aria-expanded={more.shown}
          aria-controls={MORE_FILTERS_ID}
          onClick={more.toggle}
        >
          {filterCount(view) ? `Filters · ${filterCount(view)}` : 'Filters'}
        </Button>
        <Text size="sm" c="dimmed" aria-live="polite" style={{ flex: 1 }}>
          {total !== undefined ? matchesText(total, hasFilters(view)) : ' '}
        </Text>
        <SavedViewsMenu view={view} username={username} />
        {hasFilters(view) && (
          <Button variant="subtle" size="compact-sm" onClick={boxes.reset}>
            Reset filters
          </Button>
        )}
      </Group>
    </Box>
  );
}
