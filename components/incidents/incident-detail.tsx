'use client';
// One incident: every field, its timeline, and only the actions its state allows. After a retry the page
// polls every 2 s until the worker reports, and shows the outcome without a reload. The data is
// use-incident.ts, the actions use-incident-actions.ts; the parts are drawn by the components below.
import { Alert, Box, Button, Grid, Skeleton, Stack, Text } from '@mantine/core';
import { problemOf } from '@/components/forms/zod-form';
import { parseIdParam } from './id-param';
import { IncidentDialogs } from './incident-dialogs';
import { IncidentDetailsCard, TechnicalDetailsCard } from './incident-fields';
import { ACTION_BAR_SPACE, IncidentHeader } from './incident-header';
import { AssigneeCard, NoteForm } from './incident-owner-and-notes';
import { IncidentsBreadcrumbs, NotFoundState } from './page-frame';
import { useNow } from './relative-time';
import { lastRetryOutcome } from './retry-progress';
import { RetryOutcome, RetryUnderWay } from './retry-status';
import { TimelineCard } from './timeline-card';
import { useIncident } from './use-incident';
import { useIncidentActions } from './use-incident-actions';

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
  const now = useNow(5_000);
  const { incident: incidentQuery, events, pendingRetry, settle } = useIncident(id);
  const actions = useIncidentActions(id, settle);

  if (incidentQuery.isPending) return <IncidentLoading id={id} />;
  if (incidentQuery.isError && !incidentQuery.data) {
    return <IncidentLoadFailed id={id} error={incidentQuery.error} onRetry={() => incidentQuery.refetch()} />;
  }

  const incident = incidentQuery.data;
  const outcome = actions.retriedHere ? lastRetryOutcome(events.data) : null;
  return (
    <Stack gap="md">
      <IncidentsBreadcrumbs current={`Incident ${id}`} />
      <IncidentHeader incident={incident} actions={actions} retryPending={!!pendingRetry} />
      {pendingRetry && <RetryUnderWay request={pendingRetry} now={now} />}
      {outcome && <RetryOutcome outcome={outcome} incident={incident} onDismiss={actions.dismissOutcome} />}

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Stack gap="md">
            <IncidentDetailsCard incident={incident} now={now} />
            <TechnicalDetailsCard details={incident.technicalDetails} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack gap="md">
            <AssigneeCard incident={incident} settle={settle} />
            <TimelineCard
              entries={events.data}
              error={events.isError ? events.error : null}
              now={now}
              footer={<NoteForm incidentId={id} settle={settle} />}
            />
          </Stack>
        </Grid.Col>
      </Grid>

      <IncidentDialogs incident={incident} actions={actions} />
      <Box hiddenFrom="sm" h={ACTION_BAR_SPACE} aria-hidden />
    </Stack>
  );
}

function IncidentLoading({ id }: { id: number }) {
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

function IncidentLoadFailed({ id, error, onRetry }: { id: number; error: unknown; onRetry: () => void }) {
  const problem = problemOf(error);
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
            <Button size="xs" variant="white" color="red" onClick={onRetry}>
              Try again
            </Button>
          </Stack>
        </Alert>
      )}
    </Stack>
  );
}
