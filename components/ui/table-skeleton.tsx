'use client';
import { Paper, Skeleton, Stack } from '@mantine/core';

/** Placeholder rows while a table's first page loads. */
export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <Paper withBorder p="md" aria-busy="true" aria-label={label}>
      <Stack gap="sm">
        <Skeleton h={18} w="40%" />
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    </Paper>
  );
}
