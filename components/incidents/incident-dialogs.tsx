'use client';
// The dialogs of the incident page's actions: resolve, snooze and retry (forms; retry can correct the payload),
// and reopen (a confirmation); each keeps the API's refusal in it.
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DiscardQuestion, useDiscardGuard } from '@/components/ui/discard-guard';
import type { IncidentView } from '@/server/schemas/incidents';
import { ResolveForm } from './resolve-form';
import { SnoozeDialog } from './snooze';
import { RetryDialog } from './retry-dialog';
import type { IncidentActions } from './use-incident-actions';

export function IncidentDialogs({ incident, actions }: { incident: IncidentView; actions: IncidentActions }) {
  const { id } = incident;
  // Escape (or the close button) does not throw a typed note away without asking.
  const [resolveDirty, setResolveDirty] = useState(false);
  const guard = useDiscardGuard(resolveDirty, () => {
    setResolveDirty(false);
    actions.closeDialog();
  });
  return (
    <>
      <Modal
        opened={actions.dialog === 'resolve'}
        onClose={guard.requestClose}
        title={`Resolve incident ${id}`}
        size="lg"
      >
        <DiscardQuestion guard={guard} />
        <ResolveForm
          submitLabel="Resolve"
          onCancel={guard.discard}
          onSubmit={actions.confirmResolve}
          onDirtyChange={setResolveDirty}
        />
      </Modal>

      <SnoozeDialog
        incident={incident}
        opened={actions.dialog === 'snooze'}
        busy={actions.snoozing}
        error={actions.dialogError}
        onClose={actions.closeDialog}
        onSnooze={actions.confirmSnooze}
      />

      <ConfirmDialog
        opened={actions.dialog === 'reopen'}
        title={`Reopen incident ${id}?`}
        confirmLabel="Reopen"
        confirmColor="red"
        loading={actions.reopening}
        error={actions.dialogError}
        errorTitle="Could not reopen"
        centered={false}
        onConfirm={actions.confirmReopen}
        onClose={actions.closeDialog}
      >
        <Text size="sm">
          It goes back to OPEN; its acknowledgement and resolution (action and note) are cleared. The timeline
          keeps them.
        </Text>
      </ConfirmDialog>

      <RetryDialog
        incident={incident}
        opened={actions.dialog === 'retry'}
        busy={actions.retrying}
        error={actions.dialogError}
        onClose={actions.closeDialog}
        onRetry={actions.confirmRetry}
      />
    </>
  );
}
