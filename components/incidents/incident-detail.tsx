'use client';
// One incident: every field, its timeline, and only the actions its state allows. After a retry the page
// polls every 2 s until the worker reports, and shows the outcome without a reload.
import {
  Alert,
  Anchor,
  Button,
  Card,
  Code,
  DataList,
  Grid,
  Group,
  Loader,
  Modal,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useState, type ReactNode } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentView } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import { DetailField } from './detail-field';
import { parseIdParam } from './id-param';
import { IncidentsBreadcrumbs, NotFoundState } from './page-frame';
import { IncidentTimeline, type TimelineEntry } from './incident-timeline';
import { RESOLUTION_LABEL, SOURCE_LABEL } from './labels';
import { retryUnlessClientError } from './query-retry';
import { ExactTime, parseServiceTime, useNow } from './relative-time';
import { ResolveForm } from './resolve-form';
import { formatCount } from '../format-count';

const LIVE_REFRESH_MS = 10_000;
const RETRY_POLL_MS = 2_000;

/** The retry still waiting for its worker: a RETRY_REQUESTED entry newer than any outcome entry. */
export function pendingRetryOf(events: TimelineEntry[] | undefined): TimelineEntry | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i].eventType;
    if (type === 'RETRY_SUCCEEDED' || type === 'RETRY_FAILED') return null;
    if (type === 'RETRY_REQUESTED') return events[i];
  }
  return null;
}

/** The newest retry outcome entry, if it is newer than the newest request. */
function lastRetryOutcome(events: TimelineEntry[] | undefined): TimelineEntry | null {
  if (!events) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const type = events[i].eventType;
    if (type === 'RETRY_SUCCEEDED' || type === 'RETRY_FAILED') return events[i];
    if (type === 'RETRY_REQUESTED') return null;
  }
  return null;
}

export function IncidentDetail({ rawId }: { rawId: string }) {
  const id = parseIdParam(rawId);
  if (id === null) {
    return (
      <Stack>
        <IncidentsBreadcrumbs current="Incident" />
        <NotFoundState
          title={`“${rawId}” is not an incident id`}
          description="Incident ids are positive whole numbers, e.g. /incidents/42."
        />
      </Stack>
    );
  }
  return <IncidentDetailOf id={id} />;
}

function IncidentDetailOf({ id }: { id: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const now = useNow(5_000);
  const [dialog, setDialog] = useState<'resolve' | 'reopen' | 'retry' | null>(null);
  const [dialogProblem, setDialogProblem] = useState<string | null>(null);
  const [retriedHere, setRetriedHere] = useState(false);

  const events = useQuery(
    trpc.incidents.events.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) =>
          query.state.status === 'error'
            ? false
            : pendingRetryOf(query.state.data)
              ? RETRY_POLL_MS
              : LIVE_REFRESH_MS,
      },
    ),
  );
  const pendingRetry = pendingRetryOf(events.data);
  const incidentQuery = useQuery(
    trpc.incidents.get.queryOptions(
      { id },
      {
        retry: retryUnlessClientError,
        refetchInterval: (query) =>
          query.state.status === 'error' ? false : pendingRetry ? RETRY_POLL_MS : LIVE_REFRESH_MS,
      },
    ),
  );

  const settle = async (updated?: IncidentView) => {
    if (updated) queryClient.setQueryData(trpc.incidents.get.queryKey({ id }), updated);
    // A retry moves the process instance too; every list and count may include this incident.
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.incidents.pathKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.workers.processInstance.pathKey() }),
    ]);
  };
  const onActionError = (verb: string) => (error: unknown) => {
    notifications.show({
      color: 'red',
      title: `Could not ${verb} incident ${id}`,
      message: problemOf(error).detail,
    });
    void settle();
  };

  const acknowledge = useMutation(
    trpc.incidents.acknowledge.mutationOptions({
      onSuccess: async (updated) => {
        await settle(updated);
        notifications.show({ color: 'blue', message: `Incident ${id} acknowledged` });
      },
      onError: onActionError('acknowledge'),
    }),
  );
  const resolve = useMutation(trpc.incidents.resolve.mutationOptions());
  const reopen = useMutation(trpc.incidents.reopen.mutationOptions());
  const retry = useMutation(trpc.incidents.retry.mutationOptions());

  const openDialog = (which: typeof dialog) => {
    setDialogProblem(null);
    setDialog(which);
  };

  const confirmReopen = async () => {
    try {
      const updated = await reopen.mutateAsync({ id });
      setDialog(null);
      await settle(updated);
      notifications.show({ color: 'red', message: `Incident ${id} reopened` });
    } catch (error) {
      setDialogProblem(problemOf(error).detail);
      void settle();
    }
  };
  const confirmRetry = async () => {
    try {
      const updated = await retry.mutateAsync({ id });
      setDialog(null);
      setRetriedHere(true);
      await settle(updated);
    } catch (error) {
      // NOT_RETRYABLE says which condition failed, e.g. "Worker request 17 is PENDING, not FAILED".
      setDialogProblem(problemOf(error).detail);
      void settle();
    }
  };

  if (incidentQuery.isPending) {
    return (
      <Stack aria-busy="true" aria-label="Loading incident">
        <IncidentsBreadcrumbs current={`Incident ${id}`} />
        <Skeleton h={36} w={320} />
        <Skeleton h={20} w="60%" />
        <Grid>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Skeleton h={420} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Skeleton h={320} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  }
  if (incidentQuery.isError && !incidentQuery.data) {
    const problem = problemOf(incidentQuery.error);
    return (
      <Stack>
        <IncidentsBreadcrumbs current={`Incident ${id}`} />
        {problem.status === 404 ? (
          <NotFoundState
            title={`Incident ${id} does not exist`}
            description="No incident has this id. Check the link, or find the incident on the board."
          />
        ) : (
          <Alert color="red" role="alert" title={`Could not load incident ${id}`}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{problem.detail}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => incidentQuery.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
      </Stack>
    );
  }

  const incident = incidentQuery.data;
  const canAcknowledge = incident.status === 'OPEN';
  const canResolve = incident.status === 'OPEN' || incident.status === 'ACKNOWLEDGED';
  const canReopen = incident.status === 'RESOLVED';
  const canRetry = incident.source === 'WORKER' && incident.status !== 'RESOLVED';
  const outcome = retriedHere ? lastRetryOutcome(events.data) : null;
  const workerRequestId = /^worker-request:(\d+)$/.exec(incident.externalReferenceId)?.[1];

  return (
    <Stack gap="md">
      <IncidentsBreadcrumbs current={`Incident ${id}`} />

      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 420px', minWidth: 0 }}>
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              Incident {incident.id}
            </Title>
            <SeverityBadge severity={incident.severity} />
            <StatusBadge status={incident.status} />
          </Group>
          <Text size="lg" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {incident.message}
          </Text>
          <Text size="sm" c="dimmed">
            {SOURCE_LABEL[incident.source]} · node <Code>{incident.nodeId}</Code> · process instance{' '}
            <Anchor component={Link} href={`/process-instances/${incident.processInstanceId}`} inherit>
              {incident.processInstanceId}
            </Anchor>
          </Text>
        </Stack>
        <Group gap="xs" role="group" aria-label="Actions">
          {canAcknowledge && (
            <Button loading={acknowledge.isPending} onClick={() => acknowledge.mutate({ id })}>
              Acknowledge
            </Button>
          )}
          {canResolve && (
            <Button color="green" onClick={() => openDialog('resolve')}>
              Resolve…
            </Button>
          )}
          {canRetry && (
            <Button
              color="violet"
              variant={pendingRetry ? 'light' : 'filled'}
              disabled={!!pendingRetry}
              onClick={() => openDialog('retry')}
            >
              {pendingRetry ? 'Retry under way' : 'Retry…'}
            </Button>
          )}
          {canReopen && (
            <Button color="red" variant="light" onClick={() => openDialog('reopen')}>
              Reopen…
            </Button>
          )}
        </Group>
      </Group>

      {pendingRetry && (
        <Alert
          color="violet"
          role="status"
          title="Retry under way"
          icon={<Loader size="xs" color="violet" />}
          aria-live="polite"
        >
          <Text size="sm">{pendingRetry.message}</Text>
          <Text size="sm" c="dimmed">
            Waiting for the worker to report; this page updates by itself.
            {now - (parseServiceTime(pendingRetry.createdAt)?.getTime() ?? now) > 60_000 &&
              ' No worker has reported for over a minute: is a worker running for this topic?'}
          </Text>
        </Alert>
      )}
      {outcome && (
        <Alert
          color={outcome.eventType === 'RETRY_SUCCEEDED' ? 'green' : 'red'}
          role="status"
          title={outcome.eventType === 'RETRY_SUCCEEDED' ? 'Retry succeeded' : 'Retry failed'}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setRetriedHere(false)}
        >
          {outcome.message}
          {outcome.eventType === 'RETRY_SUCCEEDED' && incident.status === 'RESOLVED'
            ? ` The incident is resolved (${RESOLUTION_LABEL[incident.resolutionAction ?? 'RETRIED_SUCCESSFULLY']}).`
            : ''}
        </Alert>
      )}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <Card withBorder component="section" aria-labelledby="details-heading">
              <Title order={2} size="h4" id="details-heading" mb="sm">
                Details
              </Title>
              <DataList labelWidth={170} gap="xs" size="sm">
                <DetailField label="Incident ID">{incident.id}</DetailField>
                <DetailField label="Status">
                  <StatusBadge status={incident.status} size="sm" />
                </DetailField>
                <DetailField label="Severity">
                  <SeverityBadge severity={incident.severity} size="sm" />
                </DetailField>
                <DetailField label="Source">
                  {SOURCE_LABEL[incident.source]} <Code>{incident.source}</Code>
                </DetailField>
                <DetailField label="Process instance">
                  <Anchor component={Link} href={`/process-instances/${incident.processInstanceId}`} inherit>
                    {incident.processInstanceId}
                  </Anchor>
                </DetailField>
                <DetailField label="Node">
                  <Code>{incident.nodeId}</Code>
                </DetailField>
                <DetailField label="Reference">
                  <Code>{incident.externalReferenceId}</Code>
                  {workerRequestId && (
                    <Text span size="xs" c="dimmed">
                      {' '}
                      worker request {workerRequestId}
                    </Text>
                  )}
                </DetailField>
                <DetailField label="Occurrences">{formatCount(incident.occurrenceCount)}</DetailField>
                <DetailField label="Created">
                  <ExactTime value={incident.createdAt} now={now} />
                </DetailField>
                <DetailField label="Last occurred">
                  <ExactTime value={incident.lastOccurredAt} now={now} />
                </DetailField>
                <DetailField label="Last updated">
                  <ExactTime value={incident.updatedAt} now={now} />
                </DetailField>
                <DetailField label="Acknowledged">
                  {incident.acknowledgedAt ? (
                    <>
                      <ExactTime value={incident.acknowledgedAt} now={now} /> by{' '}
                      {incident.acknowledgedBy ?? 'system'}
                    </>
                  ) : (
                    <Text span c="dimmed" inherit>
                      Not acknowledged
                    </Text>
                  )}
                </DetailField>
                <DetailField label="Resolved">
                  {incident.resolvedAt ? (
                    <>
                      <ExactTime value={incident.resolvedAt} now={now} /> by {incident.resolvedBy ?? 'system'}
                    </>
                  ) : (
                    <Text span c="dimmed" inherit>
                      Not resolved
                    </Text>
                  )}
                </DetailField>
                <DetailField label="Resolution action">
                  {incident.resolutionAction ? (
                    <>
                      {RESOLUTION_LABEL[incident.resolutionAction]} <Code>{incident.resolutionAction}</Code>
                    </>
                  ) : (
                    <Text span c="dimmed" inherit>
                      —
                    </Text>
                  )}
                </DetailField>
                <DetailField label="Resolution note">
                  {incident.resolutionNote ? (
                    <Text span inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                      {incident.resolutionNote}
                    </Text>
                  ) : (
                    <Text span c="dimmed" inherit>
                      —
                    </Text>
                  )}
                </DetailField>
              </DataList>
            </Card>

            <Card withBorder component="section" aria-labelledby="technical-heading">
              <Title order={2} size="h4" id="technical-heading" mb="sm">
                Technical details
              </Title>
              {incident.technicalDetails ? (
                <Code
                  block
                  style={{
                    maxHeight: 360,
                    overflow: 'auto',
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                  }}
                  tabIndex={0}
                  aria-label="Technical details"
                >
                  {incident.technicalDetails}
                </Code>
              ) : (
                <Text size="sm" c="dimmed">
                  None were reported.
                </Text>
              )}
            </Card>
          </Stack>
        </Grid.Col>

        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Card withBorder component="section" aria-labelledby="timeline-heading">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4" id="timeline-heading">
                Timeline
              </Title>
              <Text size="xs" c="dimmed">
                oldest first
              </Text>
            </Group>
            {events.data ? (
              <IncidentTimeline events={events.data} now={now} />
            ) : events.isError ? (
              <Alert color="red" role="alert" title="Could not load the timeline">
                {problemOf(events.error).detail}
              </Alert>
            ) : (
              <Stack gap="sm" aria-busy="true">
                <Skeleton h={48} />
                <Skeleton h={48} />
              </Stack>
            )}
          </Card>
        </Grid.Col>
      </Grid>

      <Modal
        opened={dialog === 'resolve'}
        onClose={() => setDialog(null)}
        title={`Resolve incident ${id}`}
        size="lg"
      >
        <ResolveForm
          submitLabel="Resolve"
          onCancel={() => setDialog(null)}
          onSubmit={async (request) => {
            try {
              const updated = await resolve.mutateAsync({ id, ...request });
              setDialog(null);
              await settle(updated);
              notifications.show({ color: 'green', message: `Incident ${id} resolved` });
            } catch (error) {
              void settle();
              throw error;
            }
          }}
        />
      </Modal>

      <ConfirmModal
        opened={dialog === 'reopen'}
        title={`Reopen incident ${id}?`}
        confirmLabel="Reopen"
        color="red"
        busy={reopen.isPending}
        problem={dialogProblem}
        problemTitle="Could not reopen"
        onConfirm={confirmReopen}
        onClose={() => setDialog(null)}
      >
        It goes back to OPEN; its acknowledgement and resolution (action and note) are cleared. The timeline
        keeps them.
      </ConfirmModal>

      <ConfirmModal
        opened={dialog === 'retry'}
        title={`Retry incident ${id}?`}
        confirmLabel="Retry"
        color="violet"
        busy={retry.isPending}
        problem={dialogProblem}
        problemTitle="Retry refused"
        onConfirm={confirmRetry}
        onClose={() => setDialog(null)}
      >
        Process instance {incident.processInstanceId} goes back to node <Code>{incident.nodeId}</Code> and the
        failed service task{workerRequestId ? ` (worker request ${workerRequestId})` : ''} is published again,
        so a worker runs it once more. The incident is resolved when the worker completes it.
      </ConfirmModal>
    </Stack>
  );
}

function ConfirmModal({
  opened,
  title,
  confirmLabel,
  color,
  busy,
  problem,
  problemTitle,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  confirmLabel: string;
  color: string;
  busy: boolean;
  problem: string | null;
  problemTitle: string;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={() => !busy && onClose()} title={title}>
      <Stack>
        <Text size="sm">{children}</Text>
        {problem && (
          <Alert color="red" role="alert" title={problemTitle}>
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={color} loading={busy} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
