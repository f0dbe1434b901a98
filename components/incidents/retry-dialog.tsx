'use client';
// The incident page's retry: the confirmation says what a retry does, and offers to correct the worker
// request's payload first (the payload as the service has it, an editor, the changes), sent as one action.
import { Alert, Button, Code, Group, Modal, Stack, Switch, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import { applyMergePatch, type JsonObject } from '@/domain/payload-patch';
import type { IncidentView } from '@/server/schemas/incidents';
import { JsonObjectInput, MASKED_HINT, PayloadChanges, correctionOf, pretty } from './payload-correction';
import { workerRequestIdOf } from './retry-progress';

/** What the dialog sends with the retry: nothing, or a correction and the version it was written against. */
export type RetryCorrection = { payloadPatch?: JsonObject; payloadVersion?: number };

export function RetryDialog({
  incident,
  opened,
  busy,
  error,
  onClose,
  onRetry,
}: {
  incident: IncidentView;
  opened: boolean;
  busy: boolean;
  /** The refusal of the last try (NOT_RETRYABLE, a payload changed meanwhile), shown in the dialog. */
  error: unknown;
  onClose: () => void;
  onRetry: (correction: RetryCorrection) => void;
}) {
  const trpc = useTRPC();
  const [correcting, setCorrecting] = useState(false);
  // null: not edited, the editor shows the payload as read.
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    if (!opened) return;
    setCorrecting(false);
    setText(null);
  }, [opened]);

  const read = useQuery({
    ...trpc.incidents.retryPayload.queryOptions({ id: incident.id }),
    enabled: opened && correcting,
    staleTime: Infinity,
  });
  const base = read.data;
  const edited = text ?? (base ? pretty(base.payload) : '');
  const correction = correcting && base ? correctionOf(base.payload, edited) : null;
  const invalid = correction && 'error' in correction ? correction.error : undefined;
  const changes = correction && 'changes' in correction ? correction.changes : [];
  const stale = problemOf(error).code === 'CONFLICT';
  const workerRequestId = workerRequestIdOf(incident.externalReferenceId);

  /** Another correction came first: read the payload again, and put this one's changes on it. */
  const reloadKeepingChanges = async () => {
    const patch = correction && 'patch' in correction ? correction.patch : {};
    const fresh = await read.refetch();
    if (fresh.data) setText(pretty(applyMergePatch(fresh.data.payload, patch)));
  };

  const submit = () => {
    if (!correcting || !base || !correction || 'error' in correction || changes.length === 0)
      return onRetry({});
    onRetry({ payloadPatch: correction.patch, payloadVersion: base.payloadVersion });
  };

  return (
    <Modal
      opened={opened}
      onClose={busy ? () => {} : onClose}
      title={`Retry incident ${incident.id}?`}
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack>
        <Text size="sm">
          Process instance {incident.processInstanceId} goes back to node <Code>{incident.nodeId}</Code> and
          the failed service task{workerRequestId ? ` (worker request ${workerRequestId})` : ''} is published
          again, so a worker runs it once more. The incident is resolved when the worker completes it.
        </Text>
        <Switch
          checked={correcting}
          onChange={(event) => setCorrecting(event.currentTarget.checked)}
          label="Correct the payload first"
          description="When the failure was bad input: the worker receives the corrected data."
        />
        {correcting && read.isPending && <Text size="sm">Reading the payload…</Text>}
        {correcting && read.isError && (
          <ProblemAlert error={read.error} onRetry={() => void read.refetch()} />
        )}
        {correcting && base && (
          <>
            <JsonObjectInput
              label={`Payload (version ${base.payloadVersion})`}
              description={MASKED_HINT}
              value={edited}
              onChange={setText}
              error={invalid}
            />
            {!invalid && <PayloadChanges changes={changes} caption="The retry will change" />}
          </>
        )}
        {error ? (
          <ProblemAlert error={error} title={stale ? 'The payload changed meanwhile' : 'Retry refused'} />
        ) : null}
        {stale && correcting && (
          <Alert color="yellow" variant="light">
            <Group justify="space-between" gap="xs">
              <Text size="sm">Someone corrected this payload since you read it.</Text>
              <Button size="xs" variant="default" onClick={() => void reloadKeepingChanges()}>
                Read it again, keeping my changes
              </Button>
            </Group>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} data-autofocus>
            Cancel
          </Button>
          <Button
            color="violet"
            loading={busy}
            disabled={Boolean(invalid) || (correcting && !base)}
            onClick={submit}
          >
            {correcting && changes.length > 0 ? 'Retry with these changes' : 'Retry'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
