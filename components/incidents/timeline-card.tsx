'use client';
// The incident page's timeline card: the entries once loaded, the refusal in words if they cannot be.
import { Alert, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { problemOf } from '@/components/forms/zod-form';
import type { ReactNode } from 'react';
import { IncidentTimeline, type TimelineEntry } from './incident-timeline';

export function TimelineCard({
  entries,
  error,
  now,
  footer,
}: {
  /** Below the entries (the incident page's note form). */
  footer?: ReactNode;
  /** Absent until loaded. */
  entries: TimelineEntry[] | undefined;
  /** Why they could not be loaded, if so. */
  error: unknown;
  now: number;
}) {
  return (
    <Card withBorder component="section" aria-labelledby="timeline-heading">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="timeline-heading">
          Timeline
        </Title>
        <Text size="xs" c="dimmed">
          oldest first
        </Text>
      </Group>
      {entries ? (
        <IncidentTimeline events={entries} now={now} />
      ) : error ? (
        <Alert color="red" role="alert" title="Could not load the timeline">
          {problemOf(error).detail}
        </Alert>
      ) : (
        <Stack gap="sm" aria-busy="true">
          <Skeleton h={48} />
          <Skeleton h={48} />
        </Stack>
      )}
      {footer && <Stack mt="md">{footer}</Stack>}
    </Card>
  );
}
