'use client';
// /admin/users: the people who sign in, as a list of principals; "you" beside your own name.
import { Anchor, Badge, Group } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useTRPC } from '@/components/trpc';
import { CreateUserModal } from './create-user-modal';
import { PEOPLE } from './principal-kinds';
import { PrincipalsPage } from './principals-page';
import { useUrlSearch } from './search-bar';

export function UsersPage() {
  const trpc = useTRPC();
  const search = useUrlSearch();
  const me = useQuery(trpc.auth.me.queryOptions());
  const users = useQuery({
    ...trpc.admin.listUsers.queryOptions(search.q ? { q: search.q } : {}),
    placeholderData: keepPreviousData,
  });

  return (
    <PrincipalsPage
      kind={PEOPLE}
      description="People who sign in. Their access is their direct permissions plus those of their groups; engines and workers get service accounts."
      placeholder="Part of a username"
      search={search}
      query={users}
      CreateModal={CreateUserModal}
      nameColumn={{
        accessor: 'username',
        title: 'Username',
        render: (u) => (
          <Group gap={6} wrap="nowrap">
            <Anchor component={Link} href={`${PEOPLE.path}/${u.id}`} fw={600} size="sm">
              {u.username}
            </Anchor>
            {me.data?.username === u.username && (
              <Badge size="xs" variant="light" color="grape">
                you
              </Badge>
            )}
          </Group>
        ),
      }}
    />
  );
}
