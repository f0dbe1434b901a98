'use client';
// Replace a group's members: pick users, see who is added and who is removed, then save
// (admin.updateGroupUsers replaces the whole membership).
import { Alert, Badge, Button, Group, Modal, MultiSelect, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import type { GroupView } from '@/server/schemas/admin';
import { plural, setDiff } from './format';
import { useInvalidateAdmin } from './queries';

export function GroupMembersModal({
  group,
  opened,
  onClose,
}: {
  group: GroupView | null;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const members = useQuery({
    ...trpc.admin.getGroupUsers.queryOptions({ id: group?.id ?? 0 }),
    enabled: opened && !!group,
  });
  const users = useQuery({ ...trpc.admin.listUsers.queryOptions({}), enabled: opened });
  const save = useMutation(trpc.admin.updateGroupUsers.mutationOptions());
  const current = useMemo(() => (members.data ?? []).map((u) => String(u.id)), [members.data]);
  const [selected, setSelected] = useState<string[] | null>(null);

  useEffect(() => {
    if (opened) {
      setSelected(null);
      save.reset();
    }
  }, [opened, group?.id]);

  const value = selected ?? current;
  const nameOf = new Map((users.data ?? []).map((u) => [String(u.id), u.username]));
  for (const u of members.data ?? []) nameOf.set(String(u.id), u.username);
  const enabledOf = new Map((users.data ?? []).map((u) => [String(u.id), u.enabled]));
  const { added, removed } = setDiff(current, value);
  const changed = added.length + removed.length > 0;
  const loading = members.isLoading || users.isLoading;
  const grants = group?.permissions.length ? group.permissions.join(', ') : 'no permissions';

  function submit(e: React.FormEvent) {
    e.preventDefault();
    if (!group || !changed) return;
    save.mutate(
      { id: group.id, userIds: value.map(Number) },
      {
        onSuccess: (now) => {
          void invalidate();
          notifySuccess(
            'Members saved',
            `${group.code} has ${plural(now.length, 'member')} (${added.length} added, ${removed.length} removed).`,
          );
          onClose();
        },
      },
    );
  }

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={`Members of ${group?.code ?? ''}`}
      size="lg"
    >
      <form onSubmit={submit} aria-label={`Members of ${group?.code ?? ''}`}>
        <Stack>
          <Text size="sm" c="dimmed">
            Members get the group&apos;s permissions: {grants}. Saving replaces the membership with exactly
            the users below.
          </Text>
          {members.isError || users.isError ? (
            <ProblemAlert error={members.error ?? users.error} />
          ) : loading ? (
            <Skeleton h={60} />
          ) : (
            <MultiSelect
              label="Members"
              placeholder={value.length ? 'Add a user' : 'No members; pick users to add'}
              data={(users.data ?? []).map((u) => ({
                value: String(u.id),
                label: u.enabled ? u.username : `${u.username} (disabled)`,
              }))}
              value={value}
              onChange={setSelected}
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage="No such user"
              data-autofocus
              maxDropdownHeight={260}
            />
          )}
          <Stack gap={6} aria-live="polite" aria-label="Changes to save">
            {changed ? (
              <>
                {added.length > 0 && (
                  <Group gap={6}>
                    <Text size="sm" fw={600} c="green.8" w={90}>
                      {`Adding ${added.length}`}
                    </Text>
                    {added.map((id) => (
                      <Badge key={id} color="green" variant="light" tt="none">
                        + {nameOf.get(id) ?? `#${id}`}
                        {enabledOf.get(id) === false ? ' (disabled)' : ''}
                      </Badge>
                    ))}
                  </Group>
                )}
                {removed.length > 0 && (
                  <Group gap={6}>
                    <Text size="sm" fw={600} c="red.8" w={90}>
                      {`Removing ${removed.length}`}
                    </Text>
                    {removed.map((id) => (
                      <Badge key={id} color="red" variant="light" tt="none">
                        − {nameOf.get(id) ?? `#${id}`}
                      </Badge>
                    ))}
                  </Group>
                )}
                {removed.length > 0 && group?.permissions.length ? (
                  <Alert color="orange" variant="light" p="xs">
                    Removed users lose {grants} unless they hold them directly or through another group.
                  </Alert>
                ) : null}
              </>
            ) : (
              !loading && (
                <Text size="sm" c="dimmed">
                  No changes yet.
                </Text>
              )
            )}
          </Stack>
          {save.error ? <ProblemAlert error={save.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={!changed} loading={save.isPending}>
              {changed ? `Save members (${added.length} added, ${removed.length} removed)` : 'Save members'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
