'use client';
// The dashboard's word on notifications: a subscription the service paused after failing for too long is
// never silent.
import { Alert, Anchor } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';

export function NotificationsAttention({ enabled }: { enabled: boolean }) {
  const trpc = useTRPC();
  const subscriptions = useQuery({
    ...trpc.webhooks.list.queryOptions({}),
    // Asked once the counts are in: a request of its own, never in (or delaying) the counts' batch.
    enabled,
    refetchInterval: 30_000,
    retry: false,
  });
  const paused = (subscriptions.data ?? []).filter((s) => s.needsAttention);
  if (!paused.length) return null;
  return (
    <Alert color="red" title="Notifications need attention" role="alert">
      {paused.length === 1 ? `The subscription ${paused[0].name} was` : `${paused.length} subscriptions were`}{' '}
      paused after every delivery failed for too long; their events are kept.{' '}
      <Anchor href="/admin/notifications">Open notifications</Anchor>
    </Alert>
  );
}
