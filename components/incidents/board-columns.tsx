'use client';
// The columns of the incident board's table.
import { Anchor, Badge, Box, Group, Text, Tooltip } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import Link from 'next/link';
import { useMemo, type KeyboardEvent, type MouseEvent } from 'react';
import type { IncidentView } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import { SOURCE_LABEL } from './labels';
import { SilencedBadge } from './silenced';
import { SnoozedBadge } from './snooze';
import { RelativeTime } from './relative-time';
import { formatCount } from '../format-count';

export function useBoardColumns(now: number, isNew: (id: number) => boolean) {
  return useMemo<DataTableColumn<IncidentView>[]>(
    () => [
      {
        accessor: 'id',
        title: 'ID',
        sortable: true,
        noWrap: true,
        render: (i) => (
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              href={`/incidents/${i.id}`}
              prefetch={false}
              size="sm"
              // A real link, for what a browser does with one (a new tab, copying the address); the row's
              // click and Enter open it as before, and the row stays the keyboard's one stop.
              tabIndex={-1}
              onClick={(e: MouseEvent) => e.stopPropagation()}
            >
              #{i.id}
            </Anchor>
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
      {
        accessor: 'status',
        sortable: true,
        render: (i) => (
          <Group gap={4} wrap="nowrap">
            <StatusBadge status={i.status} size="sm" />
            <SnoozedBadge incident={i} />
            <SilencedBadge incident={i} />
          </Group>
        ),
      },
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
        render: (i) => <MessageCell incident={i} />,
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
            // Not prefetched: every refresh would fetch the page of each row in view.
            prefetch={false}
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
}

function MessageCell({ incident: i }: { incident: IncidentView }) {
  return (
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
          {i.owner && (
            <Text span inherit>
              {' '}
              · {i.owner.code}
            </Text>
          )}
          <Text span inherit hiddenFrom="xl">
            {' '}
            · {SOURCE_LABEL[i.source]}
          </Text>
        </Text>
      </Box>
    </Box>
  );
}
