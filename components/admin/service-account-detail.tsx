'use client';
// /admin/service-accounts/{id}: description, status, groups and direct permissions, effective permissions
// with their sources, API tokens and deletion. No password and no sessions: a service account never signs in.
import {
  Alert,
  Anchor,
  Badge,
  Breadcrumbs,
  Button,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { problemOf, showFieldErrors, zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import type { Permission } from '@/domain/permissions';
import { UpdateServiceAccountRequest, type GroupView, type ServiceAccountView } from '@/server/schemas/admin';
import { ApiTokensCard } from './api-tokens-card';
import { EffectivePermissions } from './effective-permissions';
import { plural, sameSet } from './format';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import { useInvalidateAdmin } from './queries';
import {
  RateLimitInput,
  SERVICE_ACCOUNT_LIMIT_DESCRIPTION,
  rateLimitOf,
  rateLimitValue,
  type RateLimitValue,
} from './rate-limit-input';

export function ServiceAccountDetail({ id }: { id: number }) {
  const trpc = useTRPC();
  const accounts = useQuery({
    ...trpc.admin.getServiceAccount.queryOptions({ id }),
    // An unknown service account is an answer, not a failure to retry.
    retry: (failures, error) => problemOf(error).status !== 404 && failures < 1,
  });
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));
  const account = accounts.data;
  const unknown = accounts.isError && problemOf(accounts.error).status === 404;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} href="/admin/service-accounts" size="sm">
        Service accounts
      </Anchor>
      <Text size="sm">{account?.name ?? (accounts.isLoading ? '…' : `#${id}`)}</Text>
    </Breadcrumbs>
  );

  if (accounts.isError && !accounts.data && !unknown)
    return (
      <Stack>
        {crumbs}
        <ProblemAlert error={accounts.error} onRetry={() => void accounts.refetch()} />
      </Stack>
    );
  if (accounts.isLoading)
    return (
      <Stack aria-busy="true" aria-label="Loading service account">
        {crumbs}
        <Skeleton h={36} w={260} />
        <Skeleton h={320} />
      </Stack>
    );
  if (!account)
    return (
      <Stack>
        {crumbs}
        <Alert color="gray" title="Service account not found" role="alert">
          There is no service account with id {id}; it may have been deleted.{' '}
          <Anchor component={Link} href="/admin/service-accounts">
            Back to service accounts
          </Anchor>
        </Alert>
      </Stack>
    );

  return <Loaded account={account} groups={groups.data ?? []} crumbs={crumbs} />;
}

function Loaded({
  account,
  groups,
  crumbs,
}: {
  account: ServiceAccountView;
  groups: GroupView[];
  crumbs: React.ReactNode;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const [deleting, deleteModal] = useDisclosure(false);
  const settings = useSettingsForm(account, groups);
  const remove = useMutation(trpc.admin.deleteServiceAccount.mutationOptions());
  const tokens = useQuery(trpc.admin.listServiceAccountTokens.queryOptions({ id: account.id }));
  const { form } = settings;

  return (
    <Stack>
      <Stack gap={4}>
        {crumbs}
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {account.name}
            </Title>
            {account.enabled ? (
              <Badge color="green" variant="light">
                Enabled
              </Badge>
            ) : (
              <Badge color="gray" variant="filled">
                Disabled
              </Badge>
            )}
          </Group>
          <Button
            color="red"
            variant="outline"
            onClick={() => {
              remove.reset();
              deleteModal.open();
            }}
          >
            Delete service account…
          </Button>
        </Group>
        <Text size="sm" c="dimmed">
          A service account has no password and never signs in: it acts only through its API tokens.
        </Text>
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <SettingsCard account={account} settings={settings} groups={groups} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="effective-title">
            <Stack gap="xs">
              <div>
                <Title order={2} size="h4" id="effective-title">
                  Effective permissions
                </Title>
                <Text size="sm" c="dimmed">
                  Direct permissions and those of every group it belongs to.
                </Text>
              </div>
              <EffectivePermissions
                direct={settings.dirty ? form.values.permissionCodes : account.permissions}
                groupCodes={
                  settings.dirty
                    ? groups.filter((g) => form.values.groupIds.includes(String(g.id))).map((g) => g.code)
                    : account.groups
                }
                groups={groups}
                saved={account.effectivePermissions}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <ApiTokensCard
        owner={{ kind: 'service', id: account.id, name: account.name, enabled: account.enabled }}
      />

      <ConfirmDialog
        opened={deleting}
        onClose={deleteModal.close}
        title={`Delete ${account.name}?`}
        confirmLabel="Delete service account"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { id: account.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess('Service account deleted', `${account.name} has been deleted.`);
                router.push('/admin/service-accounts');
              },
            },
          )
        }
      >
        <Text size="sm">
          This deletes <b>{account.name}</b> and revokes{' '}
          {tokens.data ? `its ${plural(tokens.data.length, 'API token')}` : 'its API tokens'}: every engine or
          worker holding one gets <code>401</code> from now on. It cannot be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

type SettingsValues = {
  description: string;
  enabled: boolean;
  groupIds: string[];
  permissionCodes: string[];
  rateLimitPerMinute: RateLimitValue;
};

function savedValues(account: ServiceAccountView, groups: GroupView[]): SettingsValues {
  return {
    description: account.description ?? '',
    enabled: account.enabled,
    groupIds: groups.filter((g) => account.groups.includes(g.code)).map((g) => String(g.id)),
    permissionCodes: account.permissions,
    rateLimitPerMinute: rateLimitValue(account.rateLimitPerMinute),
  };
}

function toRequest(v: SettingsValues) {
  return {
    description: v.description.trim() || null,
    enabled: v.enabled,
    groupIds: v.groupIds.map(Number),
    permissionCodes: v.permissionCodes as Permission[],
    rateLimitPerMinute: rateLimitOf(v.rateLimitPerMinute),
  };
}

/** The settings form of a service account, following the saved account while unedited. */
function useSettingsForm(account: ServiceAccountView, groups: GroupView[]) {
  const saved = savedValues(account, groups);
  const form = useForm<SettingsValues>({
    initialValues: saved,
    validate: (v) => zodValidate(UpdateServiceAccountRequest)(toRequest(v)),
  });
  const dirty =
    form.values.description.trim() !== saved.description ||
    form.values.enabled !== saved.enabled ||
    rateLimitOf(form.values.rateLimitPerMinute) !== rateLimitOf(saved.rateLimitPerMinute) ||
    !sameSet(form.values.groupIds, saved.groupIds) ||
    !sameSet(form.values.permissionCodes, saved.permissionCodes);
  const savedKey = JSON.stringify(saved);
  // The saved account changed (here or elsewhere): start from it again unless there are unsaved edits.
  useEffect(() => {
    if (!dirty) form.setValues(saved);
  }, [savedKey]);
  return { form, saved, dirty };
}

function SettingsCard({
  account,
  settings,
  groups,
}: {
  account: ServiceAccountView;
  settings: ReturnType<typeof useSettingsForm>;
  groups: GroupView[];
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const update = useMutation(trpc.admin.updateServiceAccount.mutationOptions());
  const [confirmDisable, disableModal] = useDisclosure(false);
  const [failure, setFailure] = useState<unknown>(null);
  const { form, saved, dirty } = settings;

  function save(values: SettingsValues) {
    setFailure(null);
    update.mutate(
      { id: account.id, ...toRequest(values) },
      {
        onSuccess: (a) => {
          void invalidate();
          disableModal.close();
          notifySuccess(
            'Service account saved',
            a.enabled
              ? `${a.name} holds ${plural(a.effectivePermissions.length, 'permission')}.`
              : `${a.name} is disabled; its tokens stopped working.`,
          );
        },
        onError: (error) => {
          disableModal.close();
          showFieldErrors(form, error);
          setFailure(error);
        },
      },
    );
  }

  function submit(values: SettingsValues) {
    // Disabling ends its tokens for good: asked once more.
    if (saved.enabled && !values.enabled) {
      update.reset();
      disableModal.open();
    } else save(values);
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="settings-title">
      <form onSubmit={form.onSubmit(submit)} aria-label="Service account settings" noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="settings-title">
            Settings
          </Title>
          {failure ? <ProblemAlert error={failure} /> : null}
          <Textarea
            label="Description"
            description="What uses it."
            autosize
            minRows={2}
            maxRows={5}
            {...form.getInputProps('description')}
          />
          <Switch
            label="Enabled"
            description={
              form.values.enabled
                ? 'Its API tokens work.'
                : 'Its API tokens do not work, and stay invalid if it is enabled again.'
            }
            {...form.getInputProps('enabled', { type: 'checkbox' })}
          />
          <RateLimitInput
            description={SERVICE_ACCOUNT_LIMIT_DESCRIPTION}
            {...form.getInputProps('rateLimitPerMinute')}
          />
          <GroupMultiSelect
            description="It gets every permission of these groups."
            groups={groups}
            {...form.getInputProps('groupIds')}
          />
          <PermissionMultiSelect
            label="Direct permissions"
            description="Granted to this service account alone."
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
              Save
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmDialog
        opened={confirmDisable}
        onClose={disableModal.close}
        title={`Disable ${account.name}?`}
        confirmLabel="Disable and save"
        loading={update.isPending}
        error={update.error}
        onConfirm={() => save(form.values)}
      >
        <Text size="sm">
          Every API token of <b>{account.name}</b> stops working at once, and stays invalid if it is enabled
          again: its engines and workers will need new tokens.
        </Text>
      </ConfirmDialog>
    </Paper>
  );
}
