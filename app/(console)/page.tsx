import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { OverviewCounts } from '@/components/overview-counts';

export const metadata: Metadata = { title: 'Overview' };

export default function OverviewPage() {
  return (
    <Stack>
      <Title order={1} size="h2">
        Overview
      </Title>
      <OverviewCounts />
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder>
          <Title order={2} size="h4">
            REST API
          </Title>
          <Text size="sm" c="dimmed">
            External systems call the same operations under <code>/api</code>. Get a token with{' '}
            <code>POST /api/tokens</code>; the full reference is at <a href="/api/docs">/api/docs</a>.
          </Text>
        </Card>
      </SimpleGrid>
    </Stack>
  );
}
