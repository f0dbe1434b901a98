'use client';
// The dialogs of the incident page's actions: resolve and snooze (forms), reopen and retry (confirmations
// that keep the API's refusal in them).
import { Code, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DiscardQuestion, useDiscardGuard } from '@/components/ui/discard-guard';
import type { IncidentView } from '@/server/schemas/incidents';
import { ResolveForm } from './resolve-form';
import { SnoozeDialog } from './snooze';
import { workerRequestIdOf } from './retry-progress';
import type { IncidentActions } from './use-incident-actions';

export function IncidentDialogs({ incident, actions }: { incident: IncidentView; actions: IncidentActions }) {
  const { id } = incident;
  const workerRequestId = workerRequestIdOf(incident.externalReferenceId);
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

      <ConfirmDialog
        opened={actions.dialog === 'retry'}
        title={`Retry incident ${id}?`}
        confirmLabel="Retry"
        confirmColor="violet"
        loading={actions.retrying}
        error={actions.dialogError}
        errorTitle="Retry refused"
        centered={false}
        onConfirm={actions.confirmRetry}
        onClose={actions.closeDialog}
      >
        <Text size="sm">
          Process instance {incident.processInstanceId} goes back to node <Code>{incident.nodeId}</Code> and
          the failed service task{workerRequestId ? ` (worker request ${workerRequestId})` : ''} is published
          again, so a worker runs it once more. The incident is resolved when the worker completes it.
        </Text>
      </ConfirmDialog>
    </>
  );
}
