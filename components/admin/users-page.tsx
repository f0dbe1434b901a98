'use client';
// /admin/users: every user with status, groups and effective permissions; search kept in the URL.
import { Anchor, Badge, Button, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTRPC } from '@/components/trpc';
import { QueryTable } from '@/components/ui/query-table';
import { CreateUserModal } from './create-user-modal';
import { PageHeader } from './page-header';
import { GroupBadges, PermissionBadges } from './permissions';
import { SearchBar, SearchEmptyState, useUrlSearch } from './search-bar';

export function UsersPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const search = useUrlSearch();
  const q = search.q;

  const [creating, createModal] = useDisclosure(false);
  const me = useQuery(trpc.auth.me.queryOptions());
  const users = useQuery({
    ...trpc.admin.listUsers.queryOptions(q ? { q } : {}),
    placeholderData: keepPreviousData,
  });
  const records = users.data ?? [];

  return (
    <Stack>
      <PageHeader
        title="Users"
        description="People who sign in. Their access is their direct permissions plus those of their groups; engines and workers get service accounts."
        actions={<Button onClick={createModal.open}>Create user</Button>}
      />
      <SearchBar
        search={search}
        label="Search users"
        placeholder="Part of a username"
        count={users.data ? records.length : undefined}
        noun="user"
      />

      <QueryTable
        query={users}
        loadingLabel="Loading users"
        aria-label="Users"
        phoneFirst={['username', 'enabled']}
        records={records}
        highlightOnHover
        verticalAlign="top"
        onRowClick={({ record, event }) => {
          if ((event.target as HTMLElement).closest('a,button')) return;
          router.push(`/admin/users/${record.id}`);
        }}
        emptyState={
          <SearchEmptyState
            search={search}
            nounPlural="users"
            createLabel="Create user"
            onCreate={createModal.open}
          />
        }
        columns={[
          {
            accessor: 'username',
            title: 'Username',
            render: (u) => (
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} href={`/admin/users/${u.id}`} fw={600} size="sm">
                  {u.username}
                </Anchor>
                {me.data?.username === u.username && (
                  <Badge size="xs" variant="light" color="grape">
                    you
                  </Badge>
                )}
              </Group>
            ),
          },
          {
            accessor: 'enabled',
            title: 'Status',
            width: 110,
            render: (u) =>
              u.enabled ? (
                <Badge color="green" variant="light">
                  Enabled
                </Badge>
              ) : (
                <Badge color="gray" variant="filled">
                  Disabled
                </Badge>
              ),
          },
          { accessor: 'groups', title: 'Groups', render: (u) => <GroupBadges codes={u.groups} /> },
          {
            accessor: 'effectivePermissions',
            title: 'Effective permissions',
            render: (u) => <PermissionBadges codes={u.effectivePermissions} />,
          },
        ]}
      />
      <CreateUserModal opened={creating} onClose={createModal.close} />
    </Stack>
  );
}
