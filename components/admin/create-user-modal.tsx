'use client';
// Create a user: a principal with a username and a password (not the same as the username).
import { PasswordInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { Permission } from '@/domain/permissions';
import { CreateUserRequest } from '@/server/schemas/admin';
import { CreatePrincipalModal, type PrincipalValues } from './create-principal-modal';
import { PEOPLE } from './principal-kinds';

type Values = PrincipalValues & { username: string; password: string };

const initialValues: Values = {
  username: '',
  password: '',
  enabled: true,
  groupIds: [],
  permissionCodes: [],
};

function toRequest(v: Values) {
  return {
    ...v,
    username: v.username.trim(),
    groupIds: v.groupIds.map(Number),
    permissionCodes: v.permissionCodes as Permission[],
  };
}

const validate = (v: Values) => {
  const errors = zodValidate(CreateUserRequest)(toRequest(v));
  if (!errors.password && v.password && v.password.toLowerCase() === v.username.trim().toLowerCase())
    errors.password = 'must not equal the username';
  return errors;
};

export function CreateUserModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.admin.createUser.mutationOptions());
  return (
    <CreatePrincipalModal
      opened={opened}
      onClose={onClose}
      kind={PEOPLE}
      name={{
        field: 'username',
        label: 'Username',
        description: '3 to 64 characters: letters, digits and . _ @ -',
      }}
      initialValues={initialValues}
      validate={validate}
      toRequest={toRequest}
      create={create}
      createdMessage={(user) => `${user.username} can now be given groups, permissions and API tokens.`}
      descriptions={{
        enabled: 'A disabled user cannot sign in and their tokens do not work.',
        groups: 'The user gets every permission of these groups.',
        permissions: 'Granted to this user alone, in addition to those of their groups.',
      }}
      afterName={(form) => (
        <PasswordInput
          label="Password"
          description="12 to 128 characters, not the same as the username. Share it with the user over a safe channel."
          autoComplete="new-password"
          withAsterisk
          {...form.getInputProps('password')}
        />
      )}
    />
  );
}
