'use client';
// /admin/groups: groups with their permissions and member counts; create, edit, members, delete.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess } from '@/components/ui/problem';
import { QueryTable } from '@/components/ui/query-table';
import type { GroupView } from '@/server/schemas/admin';
import { plural } from './format';
import { GroupFormModal } from './group-form-modal';
import { GroupMembersModal } from './group-members-modal';
import { PageHeader } from './page-header';
import { PermissionBadges } from './permissions';
import { useInvalidateAdmin } from './queries';
import { SearchBar, SearchEmptyState, useUrlSearch } from './search-bar';

export function GroupsPage() {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const search = useUrlSearch();
  const q = search.q;

  const groups = useQuery({
    ...trpc.admin.listGroups.queryOptions(q ? { q } : {}),
    placeholderData: keepPreviousData,
  });
  const records = groups.data ?? [];
  const [creating, createModal] = useDisclosure(false);
  // The group a dialog acts on stays set while the dialog closes, so its title does not change mid-way.
  const [target, setTarget] = useState<GroupView | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'members' | 'delete' | null>(null);
  const open = (g: GroupView, which: 'edit' | 'members' | 'delete') => {
    setTarget(g);
    setDialog(which);
  };
  const closeDialog = () => setDialog(null);
  const deleting = target;
  const remove = useMutation(trpc.admin.deleteGroup.mutationOptions());

  return (
    <Stack>
      <PageHeader
        title="Groups"
        description="Every member of a group holds the group's permissions."
        actions={<Button onClick={createModal.open}>Create group</Button>}
      />
      <SearchBar
        search={search}
        label="Search groups"
        placeholder="Part of a code or name"
        count={groups.data ? records.length : undefined}
        noun="group"
      />

      <QueryTable
        query={groups}
        loadingLabel="Loading groups"
        aria-label="Groups"
        phoneFirst={['code', 'actions', 'name']}
        records={records}
        verticalAlign="center"
        emptyState={
          <SearchEmptyState
            search={search}
            nounPlural="groups"
            createLabel="Create group"
            onCreate={createModal.open}
          />
        }
        columns={[
          {
            accessor: 'code',
            title: 'Code',
            render: (g) => (
              <Text size="sm" fw={700} ff="monospace">
                {g.code}
              </Text>
            ),
          },
          { accessor: 'name', title: 'Name' },
          {
            accessor: 'permissions',
            title: 'Permissions',
            render: (g) => <PermissionBadges codes={g.permissions} />,
          },
          {
            accessor: 'memberCount',
            title: 'Members',
            textAlign: 'right',
            width: 100,
          },
          {
            accessor: 'actions',
            title: 'Actions',
            textAlign: 'right',
            width: 250,
            render: (g) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Members of ${g.code}`}
                  onClick={() => open(g, 'members')}
                >
                  Members
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  aria-label={`Edit ${g.code}`}
                  onClick={() => open(g, 'edit')}
                >
                  Edit
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${g.code}`}
                  onClick={() => {
                    remove.reset();
                    open(g, 'delete');
                  }}
                >
                  Delete
                </Button>
              </Group>
            ),
          },
        ]}
      />

      <GroupFormModal opened={creating} onClose={createModal.close} />
      <GroupFormModal group={target} opened={dialog === 'edit'} onClose={closeDialog} />
      <GroupMembersModal group={target} opened={dialog === 'members'} onClose={closeDialog} />
      <ConfirmDialog
        opened={dialog === 'delete'}
        onClose={closeDialog}
        title={`Delete group ${deleting?.code ?? ''}?`}
        confirmLabel="Delete group"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess('Group deleted', `${deleting.code} and its memberships are gone.`);
                closeDialog();
              },
            },
          );
        }}
      >
        {deleting && (
          <Text size="sm">
            {deleting.memberCount > 0 ? (
              <>
                <b>{deleting.code}</b> has <b>{plural(deleting.memberCount, 'member')}</b>. They lose{' '}
                {deleting.permissions.length ? deleting.permissions.join(', ') : 'nothing'} unless they hold
                it directly or through another group.
              </>
            ) : (
              <>
                <b>{deleting.code}</b> has no members.
              </>
            )}{' '}
            This cannot be undone.
          </Text>
        )}
      </ConfirmDialog>
    </Stack>
  );
}
