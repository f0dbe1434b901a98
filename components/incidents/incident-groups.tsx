'use client';
// The board grouped: one row per source, node and message template (numbers folded), with its
// counts per status, first and last seen, and actions on the whole group (BulkMatchingDialog: a
// confirmation stating the count, then progress and per-incident results). Expanding a group lists its
// newest incidents (the list filtered by the group's key). The board's filters apply to the groups.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { Fragment, useState } from 'react';
import { usePollingFallback } from '@/components/live/live-updates';
import { useTRPC } from '@/components/trpc';
import type { IncidentFilterInput, IncidentGroupView } from '@/server/schemas/incidents';
import { StatusBadge } from './badges';
import { BulkMatchingDialog, type MatchingKind, type MatchingTarget } from './bulk-matching';
import { SOURCE_LABEL } from './labels';
import { RelativeTime, useNow } from './relative-time';

const GROUPS_PER_PAGE = 20;
/** Incidents shown under an expanded group; the rest are a link away. */
const EXPANDED = 10;

export function IncidentGroups({ filter }: { filter: IncidentFilterInput }) {
  const trpc = useTRPC();
  const now = useNow(5_000);
  const [sort, setSort] = useState<'lastSeen' | 'count'>('lastSeen');
  const [page, setPage] = useState(1);
  const [expanded, setExpanded] = useState<string | null>(null);
  const [target, setTarget] = useState<MatchingTarget | null>(null);
  const polling = usePollingFallback();
  const groups = useQuery(
    trpc.incidents.groups.queryOptions(
      { ...filter, sort, page: page - 1, size: GROUPS_PER_PAGE },
      // Pushed by the change stream (components/live/live-updates.tsx); polled only while it is down.
      { placeholderData: keepPreviousData, refetchInterval: polling },
    ),
  );
  const data = groups.data;

  const act = (kind: MatchingKind, group: IncidentGroupView) =>
    setTarget({
      kind,
      label: `the group “${group.template}” at ${group.nodeId}`,
      count: kind === 'acknowledge' ? group.open : group.open + group.acknowledged,
      filter: { ...filter, group: group.key },
    });

  return (
    <Paper withBorder p="sm">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text size="sm" aria-live="polite">
            {data
              ? `${data.totalElements.toLocaleString()} groups`
              : groups.isError
                ? 'Groups could not be loaded'
                : 'Loading groups…'}
          </Text>
          <SegmentedControl
            size="xs"
            aria-label="Order of the groups"
            value={sort}
            onChange={(value) => {
              setSort(value as 'lastSeen' | 'count');
              setPage(1);
            }}
            data={[
              { value: 'lastSeen', label: 'Most recent' },
              { value: 'count', label: 'Largest' },
            ]}
          />
        </Group>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="xs" aria-label="Incident groups">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Message</Table.Th>
                <Table.Th>Source / node</Table.Th>
                <Table.Th>Incidents</Table.Th>
                <Table.Th>First seen</Table.Th>
                <Table.Th>Last seen</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.content.map((group) => (
                <Fragment key={group.key}>
                  <Table.Tr data-group={group.key}>
                    <Table.Td maw={420}>
                      <Group gap={6} wrap="nowrap" align="flex-start">
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-expanded={expanded === group.key}
                          aria-label={`${expanded === group.key ? 'Hide' : 'Show'} the incidents of ${group.template}`}
                          onClick={() => setExpanded(expanded === group.key ? null : group.key)}
                        >
                          {expanded === group.key ? '▾' : '▸'}
                        </ActionIcon>
                        <Stack gap={0}>
                          <Text size="sm" fw={500} lineClamp={2}>
                            {group.template}
                          </Text>
                          <Text size="xs" c="dimmed" lineClamp={1}>
                            {`e.g. ${group.sampleMessage}`}
                          </Text>
                        </Stack>
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{SOURCE_LABEL[group.source]}</Text>
                      <Text size="xs" ff="monospace">
                        {group.nodeId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {group.count.toLocaleString()}
                      </Text>
                      <Text size="xs" aria-label="Counts per status">
                        {`${group.open} open · ${group.acknowledged} ack · ${group.resolved} resolved`}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime value={group.firstSeen} now={now} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <RelativeTime value={group.lastSeen} now={now} size="sm" />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button
                          size="compact-xs"
                          disabled={!group.open}
                          onClick={() => act('acknowledge', group)}
                        >
                          Acknowledge all
                        </Button>
                        <Button
                          size="compact-xs"
                          color="green"
                          disabled={!group.open && !group.acknowledged}
                          onClick={() => act('resolve', group)}
                        >
                          Resolve all…
                        </Button>
                        {group.source === 'WORKER' && (
                          <Button
                            size="compact-xs"
                            color="violet"
                            disabled={!group.open && !group.acknowledged}
                            onClick={() => act('retry', group)}
                          >
                            Retry all
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {expanded === group.key && (
                    <Table.Tr>
                      <Table.Td colSpan={6} bg="var(--mantine-color-gray-0)">
                        <GroupIncidents filter={{ ...filter, group: group.key }} total={group.count} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {data && data.totalPages > 1 && (
          <Pagination size="sm" total={data.totalPages} value={page} onChange={setPage} />
        )}
      </Stack>
      <BulkMatchingDialog target={target} onClose={() => setTarget(null)} />
    </Paper>
  );
}

function GroupIncidents({ filter, total }: { filter: IncidentFilterInput; total: number }) {
  const trpc = useTRPC();
  const list = useQuery(
    trpc.incidents.list.queryOptions({ ...filter, size: EXPANDED, sort: ['createdAt,desc'] }),
  );
  if (!list.data) return <Text size="sm">{list.isError ? 'Could not load the incidents' : 'Loading…'}</Text>;
  return (
    <Stack gap={4} aria-label="Incidents of the group">
      {list.data.content.map((incident) => (
        <Group key={incident.id} gap="xs" wrap="nowrap">
          <Anchor component={Link} href={`/incidents/${incident.id}`} prefetch={false} size="sm">
            #{incident.id}
          </Anchor>
          <StatusBadge status={incident.status} size="sm" />
          <Text size="sm" lineClamp={1}>
            {incident.message}
          </Text>
        </Group>
      ))}
      {total > EXPANDED && (
        <Badge variant="light" color="gray">{`newest ${EXPANDED} of ${total.toLocaleString()}`}</Badge>
      )}
    </Stack>
  );
}
