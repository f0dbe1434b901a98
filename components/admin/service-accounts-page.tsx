'use client';
// /admin/service-accounts: the principals of engines and workers (no password, no sign-in), with status,
// groups and effective permissions; search kept in the URL.
import { Anchor, Badge, Button, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/trpc';
import { QueryTable } from '@/components/ui/query-table';
import { CreateServiceAccountModal } from './create-service-account-modal';
import { PageHeader } from './page-header';
import { GroupBadges, PermissionBadges } from './permissions';
import { SearchBar, SearchEmptyState, useUrlSearch } from './search-bar';

export function ServiceAccountsPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const search = useUrlSearch();
  const q = search.q;

  const [creating, createModal] = useDisclosure(false);
  const accounts = useQuery({
    ...trpc.admin.listServiceAccounts.queryOptions(q ? { q } : {}),
    placeholderData: keepPreviousData,
  });
  const records = accounts.data ?? [];

  return (
    <Stack>
      <PageHeader
        title="Service accounts"
        description="For engines, workers and scripts: no password and no sign-in, only API tokens. Their tokens do not depend on any person."
        actions={<Button onClick={createModal.open}>Create service account</Button>}
      />
      <SearchBar
        search={search}
        label="Search service accounts"
        placeholder="Part of a name"
        count={accounts.data ? records.length : undefined}
        noun="service account"
      />

      <QueryTable
        query={accounts}
        loadingLabel="Loading service accounts"
        aria-label="Service accounts"
        phoneFirst={['name', 'enabled']}
        records={records}
        highlightOnHover
        verticalAlign="top"
        onRowClick={({ record, event }) => {
          if ((event.target as HTMLElement).closest('a,button')) return;
          router.push(`/admin/service-accounts/${record.id}`);
        }}
        emptyState={
          <SearchEmptyState
            search={search}
            nounPlural="service accounts"
            createLabel="Create service account"
            onCreate={createModal.open}
          />
        }
        columns={[
          {
            accessor: 'name',
            title: 'Name',
            render: (a) => (
              <Stack gap={2}>
                <Anchor component={Link} href={`/admin/service-accounts/${a.id}`} fw={600} size="sm">
                  {a.name}
                </Anchor>
                {a.description && (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {a.description}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: 'enabled',
            title: 'Status',
            width: 110,
            render: (a) =>
              a.enabled ? (
                <Badge color="green" variant="light">
                  Enabled
                </Badge>
              ) : (
                <Badge color="gray" variant="filled">
                  Disabled
                </Badge>
              ),
          },
          { accessor: 'groups', title: 'Groups', render: (a) => <GroupBadges codes={a.groups} /> },
          {
            accessor: 'effectivePermissions',
            title: 'Effective permissions',
            render: (a) => <PermissionBadges codes={a.effectivePermissions} />,
          },
        ]}
      />
      <CreateServiceAccountModal opened={creating} onClose={createModal.close} />
    </Stack>
  );
}
