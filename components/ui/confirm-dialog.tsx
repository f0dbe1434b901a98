'use client';
// The one confirmation dialog of the console (deleting a user or group, revoking a token, reopening or
// retrying an incident): it names what will happen, Cancel has the focus, and the API's refusal (LAST_ADMIN,
// NOT_RETRYABLE, ...) is shown inside it in words.
import { Button, Group, Modal, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem';

export function ConfirmDialog({
  opened,
  onClose,
  title,
  children,
  confirmLabel,
  confirmColor = 'red',
  loading = false,
  error,
  errorTitle,
  centered = true,
  onConfirm,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmColor?: string;
  /** The action is under way: the dialog cannot be closed, the confirm button spins. */
  loading?: boolean;
  /** The failed call, shown above the buttons. */
  error?: unknown;
  /** The alert's title; by default it names the kind of refusal. */
  errorTitle?: string;
  /** The incident page's dialogs open at the top of the window, the administration's in its middle. */
  centered?: boolean;
  onConfirm: () => void;
}) {
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={loading ? () => {} : onClose}
      title={title}
      centered={centered}
      size="md"
    >
      <Stack>
        {children}
        {error ? <ProblemAlert error={error} title={errorTitle} /> : null}
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
