'use client';
// A table of rows fetched by one query, with the states around it: placeholder rows while the first page
// loads, the refusal in words with "Try again" when nothing could be loaded, then the table (dimmed while a
// new page or filter loads with the previous rows still shown).
import { Paper } from '@mantine/core';
import { DataTable, type DataTableProps } from 'mantine-datatable';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem';
import { TableSkeleton } from './table-skeleton';

/** What the table needs of a React Query result. */
export interface TableQuery {
  data: unknown;
  error: unknown;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  refetch: () => unknown;
}

type QueryTableProps<T> = DataTableProps<T> & {
  query: TableQuery;
  /** Names the loading placeholder for screen readers. */
  loadingLabel: string;
  skeletonRows?: number;
  /** Replaces the default placeholder rows. */
  loading?: ReactNode;
  /** Replaces the default problem alert when nothing could be loaded. */
  failure?: (error: unknown, retry: () => void) => ReactNode;
  /**
   * Shown instead of the table when given (the query answered, with nothing to show); null while there is
   * something. Left out, the table shows its own empty state.
   */
  empty?: ReactNode | null;
  /** In a bordered paper (the administration's tables); off where the table draws its own border. */
  framed?: boolean;
};

export function QueryTable<T>({
  query,
  loadingLabel,
  skeletonRows,
  loading,
  failure,
  empty,
  framed = true,
  ...table
}: QueryTableProps<T>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError)
      return failure ? failure(query.error, retry) : <ProblemAlert error={query.error} onRetry={retry} />;
    return loading ?? <TableSkeleton label={loadingLabel} rows={skeletonRows} />;
  }
  if (empty) return empty;
  const rows = (
    <DataTable<T>
      fetching={query.isFetching && query.isPlaceholderData}
      // Room for the table's own empty state (its emptyState or noRecordsText), when it draws one.
      minHeight={empty === undefined && !table.records?.length ? 200 : undefined}
      {...(table as DataTableProps<T>)}
    />
  );
  return framed ? (
    <Paper withBorder radius="md">
      {rows}
    </Paper>
  ) : (
    rows
  );
}
