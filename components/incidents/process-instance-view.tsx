'use client';
// A process instance as the service knows it (workers.processInstance) and every incident reported for it.
// An instance only an engine reported incidents for is unknown to the service; its incidents still show.
import { Alert, Anchor, Card, Code, DataList, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import type { KeyboardEvent } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { QueryTable } from '@/components/ui/query-table';
import type { IncidentView } from '@/server/schemas/incidents';
import { ProcessInstanceStatusBadge, SeverityBadge, StatusBadge } from './badges';
import { DetailField } from './detail-field';
import { parseIdParam } from './id-param';
import { IncidentsBreadcrumbs, NotFoundState } from './page-frame';
import { SOURCE_LABEL } from './labels';
import { retryUnlessClientError } from './query-retry';
import { usePollingFallback } from '../live/live-updates';
import { ExactTime, RelativeTime, useNow } from './relative-time';

export function ProcessInstanceView({ rawId }: { rawId: string }) {
  const id = parseIdParam(rawId);
  if (id === null) {
    return (
      <Stack>
        <IncidentsBreadcrumbs current="Process instance" />
        <NotFoundState
          title={`“${rawId}” is not a process instance id`}
          description="Process instance ids are positive whole numbers, e.g. /process-instances/1042."
        />
      </Stack>
    );
  }
  return <ProcessInstanceOf id={id} />;
}

function ProcessInstanceOf({ id }: { id: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const now = useNow(5_000);
  // Pushed by the change stream; polled with back-off only while it is down (components/live/live-updates.tsx).
  const polling = usePollingFallback(10_000);
  const instance = useQuery(
    trpc.workers.processInstance.queryOptions(
      { id },
      {
        // Its state changes with actions taken elsewhere (a retry on an incident page): fresh on every visit.
        staleTime: 0,
        retry: retryUnlessClientError,
        refetchInterval: polling,
      },
    ),
  );
  const incidents = useQuery(
    trpc.incidents.ofProcessInstance.queryOptions(
      { processInstanceId: id },
      { staleTime: 0, retry: retryUnlessClientError, refetchInterval: polling },
    ),
  );
  const instanceProblem = instance.isError ? problemOf(instance.error) : null;
  const unresolved = incidents.data?.filter((i) => i.status !== 'RESOLVED').length ?? 0;

  return (
    <Stack gap="md">
      <IncidentsBreadcrumbs current={`Process instance ${id}`} />
      <Group gap="sm">
        <Title order={1} size="h2">
          Process instance {id}
        </Title>
        {instance.data && <ProcessInstanceStatusBadge status={instance.data.status} />}
      </Group>

      <Card withBorder component="section" aria-labelledby="state-heading">
        <Title order={2} size="h4" id="state-heading" mb="sm">
          Current state
        </Title>
        {instance.data ? (
          <DataList labelWidth={170} gap="xs" size="sm">
            <DetailField label="Status">
              <ProcessInstanceStatusBadge status={instance.data.status} size="sm" />
            </DetailField>
            <DetailField label="Current node">
              <Code>{instance.data.currentNodeId}</Code>
            </DetailField>
            <DetailField label="Failed node">
              {instance.data.failedNodeId ? (
                <Code>{instance.data.failedNodeId}</Code>
              ) : (
                <Text span c="dimmed" inherit>
                  —
                </Text>
              )}
            </DetailField>
            <DetailField label="Started">
              <ExactTime value={instance.data.createdAt} now={now} />
            </DetailField>
            <DetailField label="Last changed">
              <ExactTime value={instance.data.updatedAt} now={now} />
            </DetailField>
          </DataList>
        ) : instanceProblem?.status === 404 ? (
          <Alert color="gray" title="Not known to the service" role="status">
            Process instance {id} is not known to the service: no service task of it ran through this
            service&apos;s worker protocol. Incidents an engine reported for it are listed below.
          </Alert>
        ) : instanceProblem ? (
          <Alert color="red" role="alert" title="Could not load the process instance">
            {instanceProblem.detail}
          </Alert>
        ) : (
          <Stack gap="xs" aria-busy="true">
            <Skeleton h={20} w="50%" />
            <Skeleton h={20} w="40%" />
            <Skeleton h={20} w="60%" />
          </Stack>
        )}
      </Card>

      <Card withBorder component="section" aria-labelledby="incidents-heading">
        <Group justify="space-between" mb="sm" gap="xs">
          <Title order={2} size="h4" id="incidents-heading">
            Incidents{incidents.data ? ` (${incidents.data.length})` : ''}
          </Title>
          {incidents.data && incidents.data.length > 0 && (
            <Group gap="sm">
              <Text size="sm" c="dimmed">
                {unresolved} unresolved
              </Text>
              <Anchor component={Link} href={`/incidents?processInstanceId=${id}`} size="sm">
                Open on the incident board
              </Anchor>
            </Group>
          )}
        </Group>
        <QueryTable<IncidentView>
          query={incidents}
          framed={false}
          loadingLabel="Loading its incidents"
          loading={
            <Stack gap={6} aria-busy="true">
              <Skeleton h={38} />
              <Skeleton h={46} />
              <Skeleton h={46} />
            </Stack>
          }
          failure={(error) => (
            <Alert color="red" role="alert" title="Could not load its incidents">
              {problemOf(error).detail}
            </Alert>
          )}
          empty={
            incidents.data?.length === 0 ? (
              <Text size="sm" c="dimmed">
                No incidents were reported for this process instance.
              </Text>
            ) : null
          }
          aria-label={`Incidents of process instance ${id}`}
          withTableBorder
          borderRadius="sm"
          highlightOnHover
          records={incidents.data ?? []}
          idAccessor="id"
          onRowClick={({ record }) => router.push(`/incidents/${record.id}`)}
          customRowAttributes={(i) => ({
            tabIndex: 0,
            'aria-label': `Incident ${i.id}: ${i.severity}, ${i.status}, ${i.message}`,
            onKeyDown: (e: KeyboardEvent<HTMLTableRowElement>) => {
              if (e.key === 'Enter' && e.target === e.currentTarget) router.push(`/incidents/${i.id}`);
            },
          })}
          style={{ cursor: 'pointer' }}
          columns={[
            {
              accessor: 'id',
              title: 'ID',
              render: (i) => (
                <Anchor
                  component={Link}
                  href={`/incidents/${i.id}`}
                  size="sm"
                  tabIndex={-1}
                  onClick={(e) => e.stopPropagation()}
                >
                  #{i.id}
                </Anchor>
              ),
            },
            { accessor: 'severity', render: (i) => <SeverityBadge severity={i.severity} size="sm" /> },
            { accessor: 'status', render: (i) => <StatusBadge status={i.status} size="sm" /> },
            {
              accessor: 'source',
              noWrap: true,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (i) => SOURCE_LABEL[i.source],
            },
            {
              accessor: 'message',
              width: '100%',
              render: (i) => (
                <div style={{ minWidth: 220 }}>
                  <div style={{ width: 0, minWidth: '100%' }}>
                    <Text size="sm" truncate="end" title={i.message}>
                      {i.message}
                    </Text>
                    <Text size="xs" c="dimmed" ff="monospace" truncate="end">
                      at {i.nodeId}
                    </Text>
                  </div>
                </div>
              ),
            },
            {
              accessor: 'occurrenceCount',
              title: 'Occurrences',
              textAlign: 'right',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            {
              accessor: 'lastOccurredAt',
              title: 'Last occurred',
              render: (i) => <RelativeTime value={i.lastOccurredAt} now={now} size="sm" />,
            },
            {
              accessor: 'createdAt',
              title: 'Created',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (i) => <RelativeTime value={i.createdAt} now={now} size="sm" />,
            },
          ]}
        />
      </Card>
    </Stack>
  );
}
