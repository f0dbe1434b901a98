'use client';
// Client-side providers: Mantine, notifications, TanStack Query and the typed tRPC hooks.
import { MantineProvider, createTheme } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { sessionEndedLink } from './session-ended-link';
import { TRPCProvider } from './trpc';
import type { AppRouter } from '@/server/routers';

const theme = createTheme({ primaryColor: 'blue', defaultRadius: 'md' });

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }),
  );
  const [trpcClient] = useState(() =>
    // The API refuses a batch of more than MAX_BATCH_CALLS (10) calls: server/trpc-batch.ts, which the
    // browser must not import (it holds the router).
    createTRPCClient<AppRouter>({
      links: [sessionEndedLink, httpBatchLink({ url: '/api/trpc', maxItems: 10 })],
    }),
  );
  return (
    <MantineProvider theme={theme}>
      <Notifications position="top-right" />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
