'use client';
// The delivery log of one subscription: its deliveries, newest first, each expandable to every attempt as
// sent (headers without the signature, body) and as answered; redeliver one, or every failed one since a
// time; send a test event.
import { Anchor, Badge, Button, Code, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert, notifySuccess } from '@/components/ui/problem';
import { QueryTable } from '@/components/ui/query-table';
import type { WebhookResponse } from '@/server/schemas/webhooks';
import { formatDateTimeSeconds, plural } from './format';
import { useInvalidateNotifications } from './notification-queries';

const PAGE_SIZE = 20;

/** Long bodies wrap inside the row rather than widen the table past the dialog. */
const WRAP = { whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

const STATUS_COLOR = { PENDING: 'blue', DELIVERING: 'cyan', SUCCEEDED: 'green', FAILED: 'red' } as const;

const SINCE = [
  { value: '3600000', label: 'the last hour' },
  { value: '86400000', label: 'the last 24 hours' },
  { value: '604800000', label: 'the last 7 days' },
];

export function DeliveryLogModal({
  subscription,
  opened,
  onClose,
}: {
  subscription: WebhookResponse | null;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateNotifications();
  const [page, setPage] = useState(0);
  const [since, setSince] = useState<string>('86400000');
  const id = subscription?.id ?? 0;
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id, page, size: PAGE_SIZE }),
    enabled: opened && !!subscription,
    placeholderData: keepPreviousData,
    refetchInterval: opened ? 2_000 : false,
  });
  const test = useMutation(trpc.webhooks.test.mutationOptions());
  const redeliver = useMutation(trpc.webhooks.redeliver.mutationOptions());
  const redeliverFailed = useMutation(trpc.webhooks.redeliverFailed.mutationOptions());
  const failure = test.error ?? redeliver.error ?? redeliverFailed.error;
  const records = deliveries.data?.content ?? [];

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={`Delivery log of ${subscription?.name ?? ''}`}
      size="90%"
    >
      <Stack>
        <Group justify="space-between" align="flex-end">
          <Button
            loading={test.isPending}
            onClick={() =>
              test.mutate(
                { id },
                {
                  onSuccess: (r) => {
                    void invalidate();
                    notifySuccess(
                      'Test event sent',
                      `It is delivered as ${r.webhookId}: watch its attempts below.`,
                    );
                  },
                },
              )
            }
          >
            Send test event
          </Button>
          <Group gap="xs" align="flex-end">
            <Select
              label="Failed deliveries of"
              data={SINCE}
              value={since}
              onChange={(v) => v && setSince(v)}
              allowDeselect={false}
              w={180}
            />
            <Button
              variant="default"
              loading={redeliverFailed.isPending}
              onClick={() =>
                redeliverFailed.mutate(
                  { id, since: new Date(Date.now() - Number(since)).toISOString() },
                  {
                    onSuccess: (r) => {
                      void invalidate();
                      notifySuccess(
                        'Redelivery scheduled',
                        `${plural(r.redelivered, 'failed delivery', 'failed deliveries')} sent again.`,
                      );
                    },
                  },
                )
              }
            >
              Redeliver failed
            </Button>
          </Group>
        </Group>
        {failure ? <ProblemAlert error={failure} /> : null}
        <QueryTable
          query={deliveries}
          loadingLabel="Loading deliveries"
          aria-label="Deliveries"
          records={records}
          idAccessor="id"
          noRecordsText="Nothing delivered yet: send a test event."
          totalRecords={deliveries.data?.totalElements ?? 0}
          recordsPerPage={PAGE_SIZE}
          page={page + 1}
          onPageChange={(p) => setPage(p - 1)}
          rowExpansion={{
            content: ({ record }) => (
              <Stack gap="xs" p="sm" aria-label={`Attempts of ${record.webhookId}`}>
                {record.log.length === 0 && <Text size="sm">No attempt yet.</Text>}
                {record.log.map((a) => (
                  <Stack key={a.attempt} gap={2}>
                    <Text size="sm" fw={600}>
                      Attempt {a.attempt} at {formatDateTimeSeconds(a.startedAt)} · {a.durationMs} ms ·{' '}
                      {a.responseStatus === null ? 'no answer' : `answered ${a.responseStatus}`}
                      {a.error ? ` · ${a.error}` : ''}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.url}
                    </Text>
                    <Code block style={WRAP}>
                      {JSON.stringify(a.requestHeaders, null, 2)}
                    </Code>
                    <Code block style={WRAP}>
                      {a.requestBody}
                    </Code>
                    {a.responseBody ? (
                      <Code block style={WRAP}>
                        {a.responseBody}
                      </Code>
                    ) : null}
                  </Stack>
                ))}
              </Stack>
            ),
          }}
          columns={[
            {
              accessor: 'webhookId',
              title: 'Delivery',
              render: (d) => (
                <Text size="sm" ff="monospace">
                  {d.webhookId}
                </Text>
              ),
            },
            { accessor: 'eventType', title: 'Event' },
            {
              accessor: 'incidentId',
              title: 'Incident',
              render: (d) =>
                d.incidentId === null ? (
                  '—'
                ) : (
                  <Anchor href={`/incidents/${d.incidentId}`}>#{d.incidentId}</Anchor>
                ),
            },
            {
              accessor: 'status',
              title: 'Status',
              render: (d) => <Badge color={STATUS_COLOR[d.status]}>{d.status}</Badge>,
            },
            { accessor: 'attempts', title: 'Attempts', textAlign: 'right' },
            {
              accessor: 'lastError',
              title: 'Last error',
              render: (d) => <Text size="sm">{d.lastError ?? '—'}</Text>,
            },
            { accessor: 'createdAt', title: 'Made', render: (d) => formatDateTimeSeconds(d.createdAt) },
            {
              accessor: 'actions',
              title: 'Actions',
              textAlign: 'right',
              render: (d) => (
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Redeliver ${d.webhookId}`}
                  disabled={d.status === 'DELIVERING'}
                  onClick={(e) => {
                    e.stopPropagation();
                    redeliver.mutate(
                      { id, deliveryId: d.id },
                      {
                        onSuccess: () => {
                          void invalidate();
                          notifySuccess('Redelivery scheduled', `${d.webhookId} is sent again.`);
                        },
                      },
                    );
                  }}
                >
                  Redeliver
                </Button>
              ),
            },
          ]}
        />
      </Stack>
    </Modal>
  );
}
