'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/components/trpc';

/** After any change to a subscription: the list, its delivery log and the dashboard's indicator. */
export function useInvalidateNotifications() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.pathKey() }),
    [queryClient, trpc],
  );
}
