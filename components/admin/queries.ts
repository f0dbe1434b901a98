'use client';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '@/components/trpc';

/** After any admin change: users, groups, memberships, tokens and the audit log may all have moved. */
export function useInvalidateAdmin() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    () => queryClient.invalidateQueries({ queryKey: trpc.admin.pathKey() }),
    [queryClient, trpc],
  );
}
