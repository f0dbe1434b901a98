'use client';
// A table of rows fetched by one query, with the states around it: placeholder rows while the first page
// loads, the refusal in words with "Try again" when nothing could be loaded, then the table (dimmed while a
// new page or filter loads with the previous rows still shown).
import { Paper } from '@mantine/core';
import { DataTable, type DataTableColumn, type DataTableProps } from 'mantine-datatable';
import type { CSSProperties, ReactNode } from 'react';
import { ProblemAlert } from './problem';
import classes from './query-table.module.css';

/** The class that makes a DataTable a list of cards on a phone, for a table outside QueryTable. */
export const PHONE_CARDS_CLASS = classes.phoneCards;
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
  /**
   * The columns a phone shows first, in this order (the rest follow in the table's): the field a person
   * reads first, and the actions. Below 600 px every row is a card (query-table.module.css).
   */
  phoneFirst?: string[];
};

/** Each cell names its column (the card's label on a phone) and carries its place on the card. */
export function withPhoneLabels<T>(
  columns: DataTableColumn<T>[],
  phoneFirst: string[],
): DataTableColumn<T>[] {
  return columns.map((column, index) => {
    const first = phoneFirst.indexOf(String(column.accessor));
    const label = typeof column.title === 'string' ? column.title : undefined;
    const style = { '--phone-order': first >= 0 ? first : phoneFirst.length + index } as CSSProperties;
    const own = column.customCellAttributes;
    return {
      ...column,
      customCellAttributes: (record: T, i: number) => ({
        ...(label ? { 'data-label': label } : {}),
        style,
        ...own?.(record, i),
      }),
    };
  });
}

export function QueryTable<T>({
  query,
  loadingLabel,
  skeletonRows,
  loading,
  failure,
  empty,
  framed = true,
  phoneFirst = [],
  ...table
}: QueryTableProps<T>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    if (query.isError)
      return failure ? failure(query.error, retry) : <ProblemAlert error={query.error} onRetry={retry} />;
    return loading ?? <TableSkeleton label={loadingLabel} rows={skeletonRows} />;
  }
  if (empty) return empty;
  const labelled =
    'columns' in table && table.columns
      ? { ...table, columns: withPhoneLabels(table.columns as DataTableColumn<T>[], phoneFirst) }
      : table;
  const rows = (
    <DataTable<T>
      fetching={query.isFetching && query.isPlaceholderData}
      // Room for the table's own empty state (its emptyState or noRecordsText), when it draws one.
      minHeight={empty === undefined && !table.records?.length ? 200 : undefined}
      {...(labelled as DataTableProps<T>)}
      className={classes.phoneCards}
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
