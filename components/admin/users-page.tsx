'use client';
// /admin/users: every user with status, groups and effective permissions; search kept in the URL.
import { Anchor, Badge, Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DataTable } from 'mantine-datatable';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { CreateUserModal } from './create-user-modal';
import { plural } from './format';
import { PageHeader } from './page-header';
import { GroupBadges, PermissionBadges } from './permissions';
import { ProblemAlert } from './problem';
import { TableSkeleton } from './table-skeleton';
import { useUrlState } from './url-state';

export function UsersPage() {
  const trpc = useTRPC();
  const router = useRouter();
  const url = useUrlState();
  const q = url.get('q');
  const [search, setSearch] = useState(q);
  const lastPushed = useRef(q);
  const pushSearch = useDebouncedCallback((value: string) => {
    lastPushed.current = value.trim();
    url.set({ q: value.trim() });
  }, 250);
  // Back/forward changes the URL under us: follow it, but never undo what is being typed.
  useEffect(() => {
    if (q !== lastPushed.current) {
      lastPushed.current = q;
      setSearch(q);
    }
  }, [q]);

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
        description="People and systems that sign in. Their access is their direct permissions plus those of their groups."
        actions={<Button onClick={createModal.open}>Create user</Button>}
      />
      <Group align="flex-end" justify="space-between">
        <TextInput
          type="search"
          label="Search users"
          placeholder="Part of a username"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            pushSearch(e.currentTarget.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') pushSearch.flush();
          }}
          w={{ base: '100%', sm: 320 }}
        />
        {users.data && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {q ? `${plural(records.length, 'user')} matching “${q}”` : plural(records.length, 'user')}
          </Text>
        )}
      </Group>

      {users.isError && !users.data ? (
        <ProblemAlert error={users.error} onRetry={() => void users.refetch()} />
      ) : users.isLoading ? (
        <TableSkeleton label="Loading users" />
      ) : (
        <Paper withBorder radius="md">
          <DataTable
            aria-label="Users"
            records={records}
            fetching={users.isFetching && users.isPlaceholderData}
            minHeight={records.length ? undefined : 200}
            highlightOnHover
            verticalAlign="top"
            onRowClick={({ record, event }) => {
              if ((event.target as HTMLElement).closest('a,button')) return;
              router.push(`/admin/users/${record.id}`);
            }}
            emptyState={
              <Stack align="center" gap="xs" style={{ pointerEvents: 'all' }}>
                <Text c="dimmed">{q ? `No users match “${q}”.` : 'There are no users yet.'}</Text>
                {q ? (
                  <Button
                    variant="light"
                    size="xs"
                    onClick={() => {
                      setSearch('');
                      pushSearch('');
                      pushSearch.flush();
                    }}
                  >
                    Clear search
                  </Button>
                ) : (
                  <Button variant="light" size="xs" onClick={createModal.open}>
                    Create user
                  </Button>
                )}
              </Stack>
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
        </Paper>
      )}
      <CreateUserModal opened={creating} onClose={createModal.close} />
    </Stack>
  );
}
