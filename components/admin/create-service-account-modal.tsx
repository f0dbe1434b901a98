'use client';
// Create a service account: validated with the server's CreateServiceAccountRequest; the server's own field
// errors (e.g. "already taken") appear beside the field. There is no password to give.
import { Switch, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import { CreateServiceAccountRequest } from '@/server/schemas/admin';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import { useInvalidateAdmin } from './queries';
import {
  RateLimitInput,
  SERVICE_ACCOUNT_LIMIT_DESCRIPTION,
  rateLimitOf,
  type RateLimitValue,
} from './rate-limit-input';

type Values = {
  name: string;
  description: string;
  enabled: boolean;
  groupIds: string[];
  permissionCodes: string[];
  rateLimitPerMinute: RateLimitValue;
};

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
    rateLimitPerMinute: rateLimitOf(v.rateLimitPerMinute),
  };
}

const validate = (v: Values) => zodValidate(CreateServiceAccountRequest)(toRequest(v));

export function CreateServiceAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const groups = useQuery({ ...trpc.admin.listGroups.queryOptions({}), enabled: opened });
  const form = useForm<Values>({ initialValues, validate, validateInputOnBlur: true });
  const failure = useFormFailure(form);
  const create = useMutation(trpc.admin.createServiceAccount.mutationOptions());

  function close() {
    form.reset();
    failure.clear();
    create.reset();
    onClose();
  }

  function submit(values: Values) {
    failure.clear();
    create.mutate(toRequest(values) as Parameters<typeof create.mutate>[0], {
      onSuccess: (account) => {
        void invalidate();
        notifySuccess('Service account created', `${account.name} can now be given API tokens.`);
        close();
        router.push(`/admin/service-accounts/${account.id}`);
      },
      onError: failure.show,
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title="Create service account"
      formLabel="Create service account"
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel="Create service account"
      submitting={create.isPending}
      actionsMt="sm"
    >
      <TextInput
        label="Name"
        description="3 to 64 characters: letters, digits and . _ @ -; unique among users and service accounts. It cannot be changed."
        autoComplete="off"
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
      />
      <Textarea
        label="Description"
        description="What uses it, e.g. “payment engine, production”."
        autosize
        minRows={2}
        maxRows={5}
        {...form.getInputProps('description')}
      />
      <Switch
        label="Enabled"
        description="A disabled service account's tokens do not work."
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <RateLimitInput
        description={SERVICE_ACCOUNT_LIMIT_DESCRIPTION}
        {...form.getInputProps('rateLimitPerMinute')}
      />
      <GroupMultiSelect
        description="It gets every permission of these groups."
        groups={groups.data ?? []}
        loading={groups.isLoading}
        {...form.getInputProps('groupIds')}
      />
      <PermissionMultiSelect
        label="Direct permissions"
        description="Granted to this service account alone, in addition to those of its groups."
        {...form.getInputProps('permissionCodes')}
      />
    </FormModal>
  );
}
