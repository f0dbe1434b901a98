'use client';
// /admin/notifications: the notification subscriptions (signed webhooks and email) with their status, a
// subscription that needs attention first; create, edit, rotate the signing secret, the delivery log with
// redelivery and test events, delete.
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ProblemAlert, notifySuccess } from '@/components/ui/problem';
import { QueryTable } from '@/components/ui/query-table';
import type { WebhookResponse } from '@/server/schemas/webhooks';
import { DeliveryLogModal } from './delivery-log-modal';
import { formatDateTime, plural } from './format';
import { useInvalidateNotifications } from './notification-queries';
import { PageHeader } from './page-header';
import { SecretOnce, SubscriptionFormModal } from './subscription-form-modal';

type Dialog = 'edit' | 'log' | 'rotate' | 'delete';

export function StatusBadge({ s }: { s: WebhookResponse }) {
  if (s.needsAttention) return <Badge color="red">Needs attention</Badge>;
  if (!s.enabled) return <Badge color="gray">Disabled</Badge>;
  if (s.failingSince) return <Badge color="orange">Failing</Badge>;
  return <Badge color="green">Enabled</Badge>;
}

export function NotificationsPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidateNotifications();
  const subscriptions = useQuery({ ...trpc.webhooks.list.queryOptions({}), refetchInterval: 10_000 });
  const records = [...(subscriptions.data ?? [])].sort(
    (a, b) => Number(b.needsAttention) - Number(a.needsAttention) || a.id - b.id,
  );
  const attention = records.filter((s) => s.needsAttention);
  const [creating, createModal] = useDisclosure(false);
  const [target, setTarget] = useState<WebhookResponse | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [newSecret, setNewSecret] = useState<string | null>(null);
  const open = (s: WebhookResponse, which: Dialog) => {
    setTarget(s);
    setDialog(which);
  };
  const closeDialog = () => {
    setDialog(null);
    setNewSecret(null);
  };
  const remove = useMutation(trpc.webhooks.delete.mutationOptions());
  const addSecret = useMutation(trpc.webhooks.addSecret.mutationOptions());
  const removeSecret = useMutation(trpc.webhooks.removeSecret.mutationOptions());
  const enable = useMutation(trpc.webhooks.update.mutationOptions());
  // The current view of the subscription a dialog acts on (its secrets change while the dialog is open).
  const current = records.find((s) => s.id === target?.id) ?? target;

  return (
    <Stack>
      <PageHeader
        title="Notifications"
        description="Incident and security events pushed to signed webhooks and email, with a log of every attempt."
        actions={<Button onClick={createModal.open}>Create subscription</Button>}
      />
      {attention.length > 0 && (
        <Alert
          color="red"
          title={`${plural(attention.length, 'subscription')} need${attention.length === 1 ? 's' : ''} attention`}
        >
          Every attempt failed for too long, so the service paused {attention.map((s) => s.name).join(', ')}.
          Their events are kept: check the receiver (send a test event from the delivery log), then enable
          them again to deliver what was kept.
        </Alert>
      )}
      <QueryTable
        query={subscriptions}
        loadingLabel="Loading subscriptions"
        aria-label="Subscriptions"
        records={records}
        verticalAlign="center"
        noRecordsText="No subscription yet: create one to be told of incidents."
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (s) => (
              <Text fw={600} size="sm">
                {s.name}
              </Text>
            ),
          },
          {
            accessor: 'target',
            title: 'Target',
            render: (s) => (
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {s.channel === 'email' ? s.recipients.join(', ') : `${s.url} (${s.format})`}
              </Text>
            ),
          },
          { accessor: 'eventTypes', title: 'Events', render: (s) => plural(s.eventTypes.length, 'type') },
          {
            accessor: 'status',
            title: 'Status',
            render: (s) => (
              <Stack gap={2}>
                <StatusBadge s={s} />
                {s.failingSince && (
                  <Text size="xs" c="dimmed">
                    failing since {formatDateTime(s.failingSince)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            width: 380,
            render: (s) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                {s.needsAttention && (
                  <Button
                    size="xs"
                    color="red"
                    variant="light"
                    loading={enable.isPending && enable.variables?.id === s.id}
                    onClick={() =>
                      enable.mutate(
                        { id: s.id, enabled: true },
                        {
                          onSuccess: () => {
                            void invalidate();
                            notifySuccess('Subscription enabled', `${s.name} delivers what was kept.`);
                          },
                        },
                      )
                    }
                  >
                    Enable again
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Delivery log of ${s.name}`}
                  onClick={() => open(s, 'log')}
                >
                  Delivery log
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Edit ${s.name}`}
                  onClick={() => open(s, 'edit')}
                >
                  Edit
                </Button>
                {s.channel === 'webhook' && (
                  <Button
                    size="xs"
                    variant="subtle"
                    aria-label={`Secrets of ${s.name}`}
                    onClick={() => {
                      addSecret.reset();
                      removeSecret.reset();
                      open(s, 'rotate');
                    }}
                  >
                    Secrets
                  </Button>
                )}
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${s.name}`}
                  onClick={() => {
                    remove.reset();
                    open(s, 'delete');
                  }}
                >
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />
      {enable.error ? <ProblemAlert error={enable.error} /> : null}

      <SubscriptionFormModal opened={creating} onClose={createModal.close} />
      <SubscriptionFormModal subscription={target} opened={dialog === 'edit'} onClose={closeDialog} />
      <DeliveryLogModal subscription={target} opened={dialog === 'log'} onClose={closeDialog} />
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={dialog === 'rotate'}
        onClose={closeDialog}
        title={`Signing secrets of ${current?.name ?? ''}`}
        size="lg"
      >
        {newSecret ? (
          <SecretOnce
            secret={newSecret}
            onDone={() => setNewSecret(null)}
            intro="Deliveries are now signed with both secrets. Once the receiver uses this one, remove the old one."
          />
        ) : (
          <Stack>
            <Text size="sm">
              Every delivery is signed with each secret below. To rotate without missing a delivery: add a
              second secret, give it to the receiver, then remove the old one.
            </Text>
            {current?.secrets.map((secret) => (
              <Group key={secret.id} justify="space-between">
                <Text size="sm" ff="monospace">
                  {secret.prefix}… (made {formatDateTime(secret.createdAt)})
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  disabled={current.secrets.length < 2}
                  loading={removeSecret.isPending && removeSecret.variables?.secretId === secret.id}
                  onClick={() =>
                    removeSecret.mutate(
                      { id: current.id, secretId: secret.id },
                      { onSuccess: () => void invalidate() },
                    )
                  }
                >
                  Remove
                </Button>
              </Group>
            ))}
            {addSecret.error || removeSecret.error ? (
              <ProblemAlert error={addSecret.error ?? removeSecret.error} />
            ) : null}
            <Group justify="flex-end">
              <Button
                disabled={(current?.secrets.length ?? 0) >= 2}
                loading={addSecret.isPending}
                onClick={() =>
                  current &&
                  addSecret.mutate(
                    { id: current.id },
                    {
                      onSuccess: (s) => {
                        void invalidate();
                        setNewSecret(s.secret);
                      },
                    },
                  )
                }
              >
                Add a second secret
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
      <ConfirmDialog
        opened={dialog === 'delete'}
        onClose={closeDialog}
        title={`Delete subscription ${target?.name ?? ''}?`}
        confirmLabel="Delete subscription"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!target) return;
          remove.mutate(
            { id: target.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess('Subscription deleted', `${target.name} and its delivery log are gone.`);
                closeDialog();
              },
            },
          );
        }}
      >
        <Text size="sm">
          Nothing more is sent to it, and its delivery log is deleted. This cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
