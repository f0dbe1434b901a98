'use client';
// A retry followed live on the incident page: under way until its worker reports, then its outcome (for a
// retry requested from this page) until dismissed.
import { Alert, Loader, Text } from '@mantine/core';
import type { IncidentView } from '@/server/schemas/incidents';
import type { TimelineEntry } from './incident-timeline';
import { RESOLUTION_LABEL } from './labels';
import { parseServiceTime } from './relative-time';

/** Past this, the page asks whether a worker runs at all. */
const WORKER_SILENT_MS = 60_000;

export function RetryUnderWay({ request, now }: { request: TimelineEntry; now: number }) {
  return (
    <Alert
      color="violet"
      role="status"
      title="Retry under way"
      icon={<Loader size="xs" color="violet" />}
      aria-live="polite"
    >
      <Text size="sm">{request.message}</Text>
      <Text size="sm" c="dimmed">
        Waiting for the worker to report; this page updates by itself.
        {now - (parseServiceTime(request.createdAt)?.getTime() ?? now) > WORKER_SILENT_MS &&
          ' No worker has reported for over a minute: is a worker running for this topic?'}
      </Text>
    </Alert>
  );
}

export function RetryOutcome({
  outcome,
  incident,
  onDismiss,
}: {
  outcome: TimelineEntry;
  incident: IncidentView;
  onDismiss: () => void;
}) {
  const succeeded = outcome.eventType === 'RETRY_SUCCEEDED';
  return (
    <Alert
      color={succeeded ? 'green' : 'red'}
      role="status"
      title={succeeded ? 'Retry succeeded' : 'Retry failed'}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
    >
      {outcome.message}
      {succeeded && incident.status === 'RESOLVED'
        ? ` The incident is resolved (${RESOLUTION_LABEL[incident.resolutionAction ?? 'RETRIED_SUCCESSFULLY']}).`
        : ''}
    </Alert>
  );
}
