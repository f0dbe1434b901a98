'use client';
// What the pages under the incident board share: the breadcrumb back to the board, and the state shown when
// the address names nothing that exists.
import { Anchor, Breadcrumbs, Button, EmptyState, Group, Text } from '@mantine/core';
import Link from 'next/link';
import { Freshness } from '../live/freshness';

/** The breadcrumb, and how fresh the live page under it is. */
export function IncidentsBreadcrumbs({ current }: { current: string }) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      <Breadcrumbs aria-label="Breadcrumb">
        <Anchor component={Link} href="/incidents" size="sm">
          Incidents
        </Anchor>
        <Text size="sm" aria-current="page">
          {current}
        </Text>
      </Breadcrumbs>
      <Freshness />
    </Group>
  );
}

export function NotFoundState({ title, description }: { title: string; description: string }) {
  return (
    <EmptyState title={title} description={description} py="xl" role="alert">
      <EmptyState.Actions>
        <Button component={Link} href="/incidents">
          Back to incidents
        </Button>
      </EmptyState.Actions>
    </EmptyState>
  );
}
