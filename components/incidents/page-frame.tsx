'use client';
// What the pages under the incident board share: the breadcrumb back to the board, and the state shown when
// the address names nothing that exists.
import { Anchor, Breadcrumbs, Button, EmptyState, Text } from '@mantine/core';
import Link from 'next/link';

export function IncidentsBreadcrumbs({ current }: { current: string }) {
  return (
    <Breadcrumbs aria-label="Breadcrumb">
      <Anchor component={Link} href="/incidents" size="sm">
        Incidents
      </Anchor>
      <Text size="sm" aria-current="page">
        {current}
      </Text>
    </Breadcrumbs>
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
