'use client';
import { Box, Card, Group, SimpleGrid, Skeleton, Text, Title } from '@mantine/core';
import { formatDuration } from './format';
import type { IncidentStats } from './types';

function MeanTime({
  label,
  shortLabel,
  seconds,
  state,
}: {
  label: string;
  shortLabel: string;
  seconds: number | null;
  state: 'loading' | 'failed' | 'ready';
}) {
  return (
    <Box component="section" aria-label={label}>
      <Text size="sm" c="dimmed">
        {shortLabel}
      </Text>
      {state === 'loading' ? (
        <Skeleton h={32} w={90} my={4} />
      ) : (
        <Text fz={26} fw={700} lh={1.4} c={state === 'failed' ? 'dimmed' : undefined}>
          {formatDuration(state === 'failed' ? null : seconds)}
        </Text>
      )}
    </Box>
  );
}

/** Mean time to acknowledge and to resolve, over the incidents created in the window. */
export function MeanTimes({
  stats,
  failed,
  days,
}: {
  stats: IncidentStats | undefined;
  failed: boolean;
  days: number;
}) {
  const state = stats ? 'ready' : failed ? 'failed' : 'loading';
  return (
    <Card withBorder padding="md">
      <Group justify="space-between" align="baseline" mb="xs" gap="xs">
        <Title order={2} size="h4">
          Mean response time
        </Title>
        <Text size="sm" c="dimmed">
          last {days} days
        </Text>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        <MeanTime
          label="Mean time to acknowledge"
          shortLabel="To acknowledge"
          seconds={stats?.meanSecondsToAcknowledge ?? null}
          state={state}
        />
        <MeanTime
          label="Mean time to resolve"
          shortLabel="To resolve"
          seconds={stats?.meanSecondsToResolve ?? null}
          state={state}
        />
      </SimpleGrid>
    </Card>
  );
}
