'use client';
// /admin/service-accounts: the principals of engines and workers (no password, no sign-in), as a list of
// principals with each one's description under its name.
import { Anchor, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/components/trpc';
import { CreateServiceAccountModal } from './create-service-account-modal';
import { SERVICE_ACCOUNTS } from './principal-kinds';
import { PrincipalsPage } from './principals-page';
import { useUrlSearch } from './search-bar';

export function ServiceAccountsPage() {
  const trpc = useTRPC();
  const search = useUrlSearch();
  const accounts = useQuery({
    ...trpc.admin.listServiceAccounts.queryOptions(search.q ? { q: search.q } : {}),
    placeholderData: keepPreviousData,
  });

  return (
    <PrincipalsPage
      kind={SERVICE_ACCOUNTS}
      description="For engines, workers and scripts: no password and no sign-in, only API tokens. Their tokens do not depend on any person."
      placeholder="Part of a name"
      search={search}
      query={accounts}
      CreateModal={CreateServiceAccountModal}
      nameColumn={{
        accessor: 'name',
        title: 'Name',
        render: (a) => (
          <Stack gap={2}>
            <Anchor component={Link} href={`${SERVICE_ACCOUNTS.path}/${a.id}`} fw={600} size="sm">
              {a.name}
            </Anchor>
            {a.description && (
              <Text size="xs" c="dimmed" lineClamp={2}>
                {a.description}
              </Text>
            )}
          </Stack>
        ),
      }}
    />
  );
}
