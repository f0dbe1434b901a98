'use client';
// How fresh a live page is, in words and in an accessible status element (docs/contract.md §10):
// "Live" while changes arrive by push, "Reconnecting…" while the stream is being opened again, "Stale since
// 10:42" once it has been down for a while (the page then refreshes by polling, with back-off).
import { Box, Group, Text } from '@mantine/core';
import { useLiveUpdates, type Freshness as FreshnessState } from './live-updates';

const clock = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', hour12: false });

export function freshnessText(freshness: FreshnessState): string {
  switch (freshness.state) {
    case 'live':
      return 'Live';
    case 'reconnecting':
      return 'Reconnecting…';
    case 'stale':
      return `Stale since ${clock(freshness.since)}`;
  }
}

const DOT = { live: 'green.6', reconnecting: 'yellow.6', stale: 'red.6' } as const;

/** @param failing a refresh that failed (shown next to the state), if any */
export function Freshness({ failing }: { failing?: string | null }) {
  const { freshness } = useLiveUpdates();
  return (
    <Group
      gap={6}
      wrap="nowrap"
      role="status"
      aria-live="polite"
      aria-label="Live updates"
      data-freshness={freshness.state}
    >
      <Box w={8} h={8} bg={DOT[freshness.state]} style={{ borderRadius: '50%' }} aria-hidden />
      <Text size="xs" c={freshness.state === 'live' ? 'dimmed' : 'orange.9'}>
        {freshnessText(freshness)}
        {failing ? ` · refresh failing: ${failing}` : ''}
      </Text>
    </Group>
  );
}
