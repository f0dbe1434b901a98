'use client';
// The board's keys, for people on call who keep their hands on the keyboard: j and k move through the rows,
// Enter opens (board-table.tsx), a acknowledges the row in focus, / searches (board-filters.tsx), ? lists
// the keys. Mantine's useHotkeys ignores keys typed into a field, so none of these fire while typing.
import { useHotkeys } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { notifyFailure, notifySuccess } from '@/components/ui/problem';

/** The rows of the board, in order: each carries its incident's id and status (board-table.tsx). */
function boardRows(): HTMLElement[] {
  return Array.from(document.querySelectorAll<HTMLElement>('tr[data-incident-id]'));
}

/** The row that has the focus, or holds it (its checkbox or link). */
function focusedRow(): HTMLElement | null {
  return (document.activeElement?.closest('tr[data-incident-id]') as HTMLElement | null) ?? null;
}

/** Moves the focus `step` rows down (or up), from the focused row, or onto the first row. */
function moveFocus(step: 1 | -1): void {
  const rows = boardRows();
  if (!rows.length) return;
  const at = rows.indexOf(focusedRow() as HTMLElement);
  const next = at < 0 ? (step > 0 ? 0 : rows.length - 1) : Math.min(Math.max(at + step, 0), rows.length - 1);
  rows[next].focus();
  rows[next].scrollIntoView({ block: 'nearest' });
}

export const BOARD_KEYS: readonly { keys: string[]; action: string }[] = [
  { keys: ['j'], action: 'Next incident' },
  { keys: ['k'], action: 'Previous incident' },
  { keys: ['Enter'], action: 'Open the incident (Ctrl+Enter: in a new tab)' },
  { keys: ['a'], action: 'Acknowledge the incident in focus' },
  { keys: ['/'], action: 'Search' },
  { keys: ['?'], action: 'Show these keys' },
];

export function useBoardKeys() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [helpOpen, setHelpOpen] = useState(false);
  const acknowledge = useMutation(
    trpc.incidents.acknowledge.mutationOptions({
      onSuccess: (incident) => notifySuccess(`Incident ${incident.id} acknowledged`),
      onError: notifyFailure,
      // The row changes status in place; the focus stays on it.
      onSettled: () => queryClient.invalidateQueries({ queryKey: trpc.incidents.pathKey() }),
    }),
  );

  useHotkeys([
    ['j', () => moveFocus(1)],
    ['k', () => moveFocus(-1)],
    [
      'a',
      () => {
        const row = focusedRow();
        if (!row || acknowledge.isPending) return;
        if (row.dataset.status !== 'OPEN') {
          notifications.show({
            color: 'gray',
            message: `Incident ${row.dataset.incidentId} is ${row.dataset.status?.toLowerCase()}: only an open incident can be acknowledged.`,
          });
          return;
        }
        acknowledge.mutate({ id: Number(row.dataset.incidentId) });
      },
    ],
    // ? is Shift+/ on most layouts; the key reported is ?.
    ['shift+?', () => setHelpOpen(true)],
    ['shift+/', () => setHelpOpen(true)],
  ]);

  return { helpOpen, closeHelp: () => setHelpOpen(false), openHelp: () => setHelpOpen(true) };
}
