'use client';
// Create a user: validated with the server's CreateUserRequest; the server's own field errors
// (e.g. "already taken") appear beside the field.
import { PasswordInput, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import { CreateUserRequest } from '@/server/schemas/admin';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import { useInvalidateAdmin } from './queries';

type Values = {
  username: string;
  password: string;
  enabled: boolean;
  groupIds: string[];
  permissionCodes: string[];
};

const initialValues: Values = {
  username: '',
  password: '',
  enabled: true,
  groupIds: [],
  permissionCodes: [],
};

function toRequest(v: Values) {
  return { ...v, username: v.username.trim(), groupIds: v.groupIds.map(Number) };
}

const validate = (v: Values) => {
  const errors = zodValidate(CreateUserRequest)(toRequest(v));
  if (!errors.password && v.password && v.password.toLowerCase() === v.username.trim().toLowerCase())
    errors.password = 'must not equal the username';
  return errors;
};

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const groups = useQuery({ ...trpc.admin.listGroups.queryOptions({}), enabled: opened });
  const form = useForm<Values>({ initialValues, validate, validateInputOnBlur: true });
  const failure = useFormFailure(form);
  const create = useMutation(trpc.admin.createUser.mutationOptions());

  function close() {
    form.reset();
    failure.clear();
    create.reset();
    onClose();
  }

  function submit(values: Values) {
    failure.clear();
    create.mutate(toRequest(values) as Parameters<typeof create.mutate>[0], {
      onSuccess: (user) => {
        void invalidate();
        notifySuccess(
          'User created',
          `${user.username} can now be given groups, permissions and API tokens.`,
        );
        close();
        router.push(`/admin/users/${user.id}`);
      },
      onError: failure.show,
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Create user"
      formLabel="Create user"
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel="Create user"
      submitting={create.isPending}
      actionsMt="sm"
    >
      <TextInput
        label="Username"
        description="3 to 64 characters: letters, digits and . _ @ -"
        autoComplete="off"
        withAsterisk
        data-autofocus
        {...form.getInputProps('username')}
      />
      <PasswordInput
        label="Password"
        description="12 to 128 characters, not the same as the username. Share it with the user over a safe channel."
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
      />
      <Switch
        label="Enabled"
        description="A disabled user cannot sign in and their tokens do not work."
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <GroupMultiSelect
        description="The user gets every permission of these groups."
        groups={groups.data ?? []}
        loading={groups.isLoading}
        {...form.getInputProps('groupIds')}
      />
      <PermissionMultiSelect
        label="Direct permissions"
        description="Granted to this user alone, in addition to those of their groups."
        {...form.getInputProps('permissionCodes')}
      />
    </FormModal>
  );
}
