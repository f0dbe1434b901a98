'use client';
// The one confirmation dialog of destructive admin actions: names what will happen, Cancel has the focus,
// the refusal of the API (LAST_ADMIN, deleting yourself) is shown inside it in words.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem';

export function ConfirmModal({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  loading = false,
  error,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  loading?: boolean;
  error?: unknown;
  onConfirm: () => void;
}) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={title}
      centered
      size="md"
    >
      <Stack>
        {children}
        {error ? <ProblemAlert error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading} data-autofocus>
            Cancel
          </Button>
          <Button color={confirmColor} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
