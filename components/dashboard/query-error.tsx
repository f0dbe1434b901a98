'use client';
import { Alert, Button, Group, Text } from '@mantine/core';
import { problemOf } from '@/components/forms/zod-form';
import { formatClock } from './format';

/** The problem in words; a fetch that never reached the service says so rather than "Failed to fetch". */
function inWords(error: unknown): string {
  const { detail } = problemOf(error);
  if (/failed to fetch|networkerror|load failed|network/i.test(detail)) {
    return 'The service cannot be reached. Check your connection; the dashboard keeps trying.';
  }
  return detail;
}

/**
 * A failed dashboard query in words. With data still on the screen (a failed refresh) it says how old
 * that data is; without, it offers to try again.
 */
export function QueryError({
  what,
  error,
  staleSince,
  onRetry,
}: {
  what: string;
  error: unknown;
  /** When the data still shown was fetched; absent when nothing could be loaded. */
  staleSince?: number;
  onRetry: () => void;
}) {
  const detail = inWords(error);
  const stale = staleSince !== undefined && staleSince > 0;
  return (
    <Alert
      color={stale ? 'yellow' : 'red'}
      role="alert"
      title={stale ? `Could not refresh the ${what}` : `Could not load the ${what}`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="sm">
          {detail}
          {stale && ` The numbers shown are from ${formatClock(staleSince)}.`}
        </Text>
        <Button size="xs" variant="default" onClick={onRetry}>
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
