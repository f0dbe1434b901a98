'use client';
// Create a group, or edit a group's name and permissions; validated with the server's schemas.
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { showFieldErrors, zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { Permission } from '@/domain/permissions';
import { CreateGroupRequest, UpdateGroupRequest, type GroupView } from '@/server/schemas/admin';
import { PermissionMultiSelect } from './permissions';
import { notifySuccess, ProblemAlert } from './problem';
import { useInvalidateAdmin } from './queries';

type Values = { code: string; name: string; permissionCodes: string[] };

export function GroupFormModal({
  group,
  opened,
  onClose,
}: {
  /** The group to edit; a new group when absent. */
  group?: GroupView | null;
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const create = useMutation(trpc.admin.createGroup.mutationOptions());
  const update = useMutation(trpc.admin.updateGroup.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const editing = !!group;
  const form = useForm<Values>({
    initialValues: { code: '', name: '', permissionCodes: [] },
    validate: (v) =>
      editing
        ? zodValidate(UpdateGroupRequest)({ name: v.name, permissionCodes: v.permissionCodes })
        : zodValidate(CreateGroupRequest)(v),
  });

  useEffect(() => {
    if (!opened) return;
    form.setValues(
      group
        ? { code: group.code, name: group.name, permissionCodes: group.permissions }
        : { code: '', name: '', permissionCodes: [] },
    );
    form.resetDirty();
    form.clearErrors();
    setFailure(null);
  }, [opened, group?.id]);

  const onError = (error: unknown) => {
    if (!showFieldErrors(form, error)) setFailure(error);
  };

  function submit(v: Values) {
    setFailure(null);
    const permissionCodes = v.permissionCodes as Permission[];
    if (group) {
      update.mutate(
        { id: group.id, name: v.name.trim(), permissionCodes },
        {
          onSuccess: (g) => {
            void invalidate();
            notifySuccess('Group saved', `${g.code}: ${g.name}`);
            onClose();
          },
          onError,
        },
      );
    } else {
      create.mutate(
        { code: v.code, name: v.name.trim(), permissionCodes },
        {
          onSuccess: (g) => {
            void invalidate();
            notifySuccess('Group created', `${g.code}: ${g.name}. Add members with “Members”.`);
            onClose();
          },
          onError,
        },
      );
    }
  }

  const title = group ? `Edit group ${group.code}` : 'Create group';
  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={onClose}
      title={title}
      size="lg"
    >
      <form onSubmit={form.onSubmit(submit)} aria-label={title} noValidate>
        <Stack>
          {failure ? <ProblemAlert error={failure} /> : null}
          {group ? (
            <div>
              <Text size="sm" fw={500}>
                Code
              </Text>
              <Text ff="monospace">{group.code}</Text>
              <Text size="xs" c="dimmed">
                The code identifies the group to other systems and cannot be changed.
              </Text>
            </div>
          ) : (
            <TextInput
              label="Code"
              description="Upper-case letters, digits and _, starting with a letter, e.g. OPS_ADMINS. It cannot be changed later."
              withAsterisk
              autoComplete="off"
              data-autofocus
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
              {...form.getInputProps('code')}
            />
          )}
          <TextInput
            label="Name"
            description="A readable name, up to 200 characters."
            withAsterisk
            autoComplete="off"
            data-autofocus={group ? true : undefined}
            {...form.getInputProps('name')}
          />
          <PermissionMultiSelect
            label="Permissions"
            description="Every member gets these permissions."
            {...form.getInputProps('permissionCodes')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {group ? 'Save group' : 'Create group'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
