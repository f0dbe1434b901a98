'use client';
// Create a group, or edit a group's name and permissions; validated with the server's schemas.
import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import type { Permission } from '@/domain/permissions';
import { CreateGroupRequest, UpdateGroupRequest, type GroupView } from '@/server/schemas/admin';
import { PermissionMultiSelect } from './permissions';
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
  const editing = !!group;
  const form = useForm<Values>({
    initialValues: { code: '', name: '', permissionCodes: [] },
    validate: (v) =>
      editing
        ? zodValidate(UpdateGroupRequest)({ name: v.name, permissionCodes: v.permissionCodes })
        : zodValidate(CreateGroupRequest)(v),
  });
  const failure = useFormFailure(form);

  useEffect(() => {
    if (!opened) return;
    form.setValues(
      group
        ? { code: group.code, name: group.name, permissionCodes: group.permissions }
        : { code: '', name: '', permissionCodes: [] },
    );
    form.resetDirty();
    form.clearErrors();
    failure.clear();
  }, [opened, group?.id]);

  function submit(v: Values) {
    failure.clear();
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
          onError: failure.show,
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
          onError: failure.show,
        },
      );
    }
  }

  const title = group ? `Edit group ${group.code}` : 'Create group';
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={title}
      formLabel={title}
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel={group ? 'Save group' : 'Create group'}
      submitting={create.isPending || update.isPending}
    >
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
    </FormModal>
  );
}
