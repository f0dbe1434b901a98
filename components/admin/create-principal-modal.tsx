'use client';
// Creating a principal (a person or a service account): validated with the server's own request schema,
// the server's field errors (e.g. "already taken") beside the field, then the new principal's page. What
// differs between the kinds comes as props (create-user-modal.tsx, create-service-account-modal.tsx).
import { Switch, TextInput } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import type { ReactNode } from 'react';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import type { PrincipalKindLabels } from './principal-kinds';
import { useInvalidateAdmin } from './queries';

/** The fields every principal's form has. */
export interface PrincipalValues {
  enabled: boolean;
  groupIds: string[];
  permissionCodes: string[];
}

/** What the form needs of the API's create mutation. */
export interface Creation<Req, A> {
  mutate: (
    request: Req,
    callbacks: { onSuccess: (created: A) => void; onError: (error: unknown) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
}

export interface CreatePrincipalModalProps<V extends PrincipalValues, Req, A extends { id: number }> {
  opened: boolean;
  onClose: () => void;
  kind: PrincipalKindLabels;
  /** The name's field in the form and its help. */
  name: { field: keyof V & string; label: string; description: string };
  initialValues: V;
  validate: (values: V) => Record<string, string>;
  toRequest: (values: V) => Req;
  create: Creation<Req, A>;
  /** The success notice's message. */
  createdMessage: (created: A) => string;
  /** Help under the shared fields, in the kind's words. */
  descriptions: { enabled: string; groups: string; permissions: string };
  /** The kind's own fields, after the name and after Enabled. */
  afterName?: (form: UseFormReturnType<V>) => ReactNode;
  afterEnabled?: (form: UseFormReturnType<V>) => ReactNode;
}

export function CreatePrincipalModal<V extends PrincipalValues, Req, A extends { id: number }>(
  props: CreatePrincipalModalProps<V, Req, A>,
) {
  const { opened, kind, create, descriptions } = props;
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const groups = useQuery({ ...trpc.admin.listGroups.queryOptions({}), enabled: opened });
  const form = useForm<V>({
    initialValues: props.initialValues,
    validate: props.validate,
    validateInputOnBlur: true,
  });
  const failure = useFormFailure(form);
  const title = `Create ${kind.noun}`;

  function close() {
    form.reset();
    failure.clear();
    create.reset();
    props.onClose();
  }

  function submit(values: V) {
    failure.clear();
    create.mutate(props.toRequest(values), {
      onSuccess: (created) => {
        void invalidate();
        notifySuccess(`${kind.Noun} created`, props.createdMessage(created));
        close();
        router.push(`${kind.path}/${created.id}`);
      },
      onError: failure.show,
    });
  }

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={title}
      formLabel={title}
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      submitLabel={title}
      submitting={create.isPending}
      actionsMt="sm"
    >
      <TextInput
        label={props.name.label}
        description={props.name.description}
        autoComplete="off"
        withAsterisk
        data-autofocus
        {...form.getInputProps(props.name.field)}
      />
      {props.afterName?.(form)}
      <Switch
        label="Enabled"
        description={descriptions.enabled}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      {props.afterEnabled?.(form)}
      <GroupMultiSelect
        description={descriptions.groups}
        groups={groups.data ?? []}
        loading={groups.isLoading}
        {...form.getInputProps('groupIds')}
      />
      <PermissionMultiSelect
        label="Direct permissions"
        description={descriptions.permissions}
        {...form.getInputProps('permissionCodes')}
      />
    </FormModal>
  );
}
