'use client';
// Client-side providers: Mantine, notifications, TanStack Query and the typed tRPC hooks.
import { MantineProvider } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createTRPCClient, httpBatchLink, httpSubscriptionLink, splitLink } from '@trpc/client';
import { useState, type ReactNode } from 'react';
import { sessionEndedLink } from './session-ended-link';
import { cssVariablesResolver, theme } from './theme';
import { TRPCProvider } from './trpc';
import type { AppRouter } from '@/server/routers';

export function Providers({ children }: { children: ReactNode }) {
  // On a phone a notification at the top covers the page's title and its buttons.
  const phone = useMediaQuery('(max-width: 600px)') ?? false;
  const [queryClient] = useState(
    () => new QueryClient({ defaultOptions: { queries: { staleTime: 5_000, retry: 1 } } }),
  );
  const [trpcClient] = useState(() =>
    // The API refuses a batch of more than MAX_BATCH_CALLS (10) calls: server/transport/trpc-batch.ts, which the
    // browser must not import (it holds the router).
    createTRPCClient<AppRouter>({
      links: [
        sessionEndedLink,
        // Subscriptions (the incident change stream, docs/contract.md §6) are server-sent events.
        splitLink({
          condition: (op) => op.type === 'subscription',
          true: httpSubscriptionLink({ url: '/api/trpc' }),
          false: httpBatchLink({ url: '/api/trpc', maxItems: 10 }),
        }),
      ],
    }),
  );
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {/* Bottom right, away from the page's header: a stack of confirmations must never cover its actions. */}
      <Notifications position={phone ? 'bottom-center' : 'bottom-right'} />
      <QueryClientProvider client={queryClient}>
        <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
          {children}
        </TRPCProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
