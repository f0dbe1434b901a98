'use client';
// Create a service account: a principal with a name, a description and a rate limit, and no password to give.
import { Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { Permission } from '@/domain/permissions';
import { CreateServiceAccountRequest } from '@/server/schemas/admin';
import { CreatePrincipalModal, type PrincipalValues } from './create-principal-modal';
import {
  RateLimitInput,
  SERVICE_ACCOUNT_LIMIT_DESCRIPTION,
  rateLimitOf,
  type RateLimitValue,
} from './rate-limit-input';
import { SERVICE_ACCOUNTS } from './principal-kinds';

type Values = PrincipalValues & { name: string; description: string; rateLimitPerMinute: RateLimitValue };

const initialValues: Values = {
  name: '',
  description: '',
  enabled: true,
  groupIds: [],
  permissionCodes: ['ACCESS_ENGINE_API'],
  rateLimitPerMinute: '',
};

function toRequest(v: Values) {
  return {
    ...v,
    name: v.name.trim(),
    groupIds: v.groupIds.map(Number),
    permissionCodes: v.permissionCodes as Permission[],
    rateLimitPerMinute: rateLimitOf(v.rateLimitPerMinute),
  };
}

const validate = (v: Values) => zodValidate(CreateServiceAccountRequest)(toRequest(v));

export function CreateServiceAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const create = useMutation(trpc.admin.createServiceAccount.mutationOptions());
  return (
    <CreatePrincipalModal
      opened={opened}
      onClose={onClose}
      kind={SERVICE_ACCOUNTS}
      name={{
        field: 'name',
        label: 'Name',
        description:
          '3 to 64 characters: letters, digits and . _ @ -; unique among users and service accounts. It cannot be changed.',
      }}
      initialValues={initialValues}
      validate={validate}
      toRequest={toRequest}
      create={create}
      createdMessage={(account) => `${account.name} can now be given API tokens.`}
      descriptions={{
        enabled: "A disabled service account's tokens do not work.",
        groups: 'It gets every permission of these groups.',
        permissions: 'Granted to this service account alone, in addition to those of its groups.',
      }}
      afterName={(form) => (
        <Textarea
          label="Description"
          description="What uses it, e.g. “payment engine, production”."
          autosize
          minRows={2}
          maxRows={5}
          {...form.getInputProps('description')}
        />
      )}
      afterEnabled={(form) => (
        <RateLimitInput
          description={SERVICE_ACCOUNT_LIMIT_DESCRIPTION}
          {...form.getInputProps('rateLimitPerMinute')}
        />
      )}
    />
  );
}
