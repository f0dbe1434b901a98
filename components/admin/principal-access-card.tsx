'use client';
// A principal's access form on its page: groups and direct permissions (and a kind's own settings before
// them), following the saved principal while unedited, saved through the kind's update operation.
import { Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useState, type ReactNode } from 'react';
import { showFieldErrors } from '@/components/forms/zod-form';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import type { GroupView } from '@/server/schemas/admin';
import { sameSet } from './format';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import { useInvalidateAdmin } from './queries';

/** The fields every principal's access form has. */
export interface AccessValues {
  groupIds: string[];
  permissionCodes: string[];
}

/** The ids, as the form holds them, of the groups a principal belongs to (it shows their codes). */
export function groupIdsOf(principal: { groups: string[] }, groups: GroupView[]): string[] {
  return groups.filter((g) => principal.groups.includes(g.code)).map((g) => String(g.id));
}

/**
 * The access form, starting again from the saved values whenever they change (here or elsewhere, e.g.
 * through a group's members) unless there are unsaved edits. `sameOther` compares a kind's own fields.
 */
export function useAccessForm<V extends AccessValues>(
  saved: V,
  validate: (values: V) => Record<string, string>,
  sameOther: (a: V, b: V) => boolean = () => true,
) {
  const form = useForm<V>({ initialValues: saved, validate });
  const dirty =
    !sameSet(form.values.groupIds, saved.groupIds) ||
    !sameSet(form.values.permissionCodes, saved.permissionCodes) ||
    !sameOther(form.values, saved);
  const savedKey = JSON.stringify(saved);
  useEffect(() => {
    if (!dirty) form.setValues(saved);
  }, [savedKey]);
  return { form, saved, dirty };
}

export type AccessForm<V extends AccessValues> = ReturnType<typeof useAccessForm<V>>;

/** What the card needs of the API's update mutation. */
export interface Updating<Req, A> {
  mutate: (
    request: Req,
    callbacks: { onSuccess: (saved: A) => void; onError: (error: unknown) => void },
  ) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/** A question asked before some saves (disabling a service account); `ask` says when. */
export interface SaveConfirmation<V> {
  ask: (saved: V, values: V) => boolean;
  dialog: (props: { opened: boolean; onClose: () => void; onConfirm: () => void }) => ReactNode;
}

export function PrincipalAccessCard<V extends AccessValues, Req, A>({
  title,
  titleId,
  formLabel,
  access,
  groups,
  descriptions,
  fields,
  saveLabel,
  update,
  toRequest,
  savedNotice,
  confirmation,
}: {
  title: string;
  titleId: string;
  formLabel: string;
  access: AccessForm<V>;
  groups: GroupView[];
  descriptions: { groups: string; permissions: string };
  /** The kind's own fields, before the groups. */
  fields?: (form: UseFormReturnType<V>) => ReactNode;
  saveLabel: string;
  update: Updating<Req, A>;
  toRequest: (values: V) => Req;
  savedNotice: (saved: A) => [title: string, message: string];
  confirmation?: SaveConfirmation<V>;
}) {
  const invalidate = useInvalidateAdmin();
  const [failure, setFailure] = useState<unknown>(null);
  const [confirming, confirmModal] = useDisclosure(false);
  const { form, saved, dirty } = access;

  function save(values: V) {
    setFailure(null);
    update.mutate(toRequest(values), {
      onSuccess: (answer) => {
        void invalidate();
        confirmModal.close();
        notifySuccess(...savedNotice(answer));
      },
      onError: (error) => {
        confirmModal.close();
        showFieldErrors(form, error);
        setFailure(error);
      },
    });
  }

  function submit(values: V) {
    if (confirmation?.ask(saved, values)) {
      update.reset();
      confirmModal.open();
    } else save(values);
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby={titleId}>
      <form onSubmit={form.onSubmit(submit)} aria-label={formLabel} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id={titleId}>
            {title}
          </Title>
          {failure ? <ProblemAlert error={failure} /> : null}
          {fields?.(form)}
          <GroupMultiSelect
            description={descriptions.groups}
            groups={groups}
            {...form.getInputProps('groupIds')}
          />
          <PermissionMultiSelect
            label="Direct permissions"
            description={descriptions.permissions}
            {...form.getInputProps('permissionCodes')}
          />
          <Group justify="flex-end">
            <Button
              variant="default"
              disabled={!dirty || update.isPending}
              onClick={() => {
                form.setValues(saved);
                form.clearErrors();
                setFailure(null);
              }}
            >
              Discard changes
            </Button>
            <Button type="submit" disabled={!dirty} loading={update.isPending}>
              {saveLabel}
            </Button>
          </Group>
        </Stack>
      </form>
      {confirmation?.dialog({
        opened: confirming,
        onClose: confirmModal.close,
        onConfirm: () => save(form.values),
      })}
    </Paper>
  );
}
