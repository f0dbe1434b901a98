'use client';
// /admin/service-accounts/{id}: a service account's page. Beside what every principal's page has
// (principal-detail.tsx): its description, enabled and rate limit in one settings form with the groups and
// permissions, disabling asked once more. No password and no sessions: a service account never signs in.
import { Switch, Text, Textarea } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { Permission } from '@/domain/permissions';
import { UpdateServiceAccountRequest, type GroupView, type ServiceAccountView } from '@/server/schemas/admin';
import { plural } from './format';
import { groupIdsOf, PrincipalAccessCard, useAccessForm, type AccessValues } from './principal-access-card';
import { PrincipalDetail, PrincipalPage, retryUnlessUnknown } from './principal-detail';
import { SERVICE_ACCOUNTS } from './principal-kinds';
import {
  RateLimitInput,
  SERVICE_ACCOUNT_LIMIT_DESCRIPTION,
  rateLimitOf,
  rateLimitValue,
  type RateLimitValue,
} from './rate-limit-input';

export function ServiceAccountDetail({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.getServiceAccount.queryOptions({ id }), retry: retryUnlessUnknown });
  return (
    <PrincipalDetail
      id={id}
      kind={SERVICE_ACCOUNTS}
      query={query}
      nameOf={(account) => account.name}
      loaded={(account, groups, crumbs) => <AccountPage account={account} groups={groups} crumbs={crumbs} />}
    />
  );
}

type SettingsValues = AccessValues & {
  description: string;
  enabled: boolean;
  rateLimitPerMinute: RateLimitValue;
};

function savedValues(account: ServiceAccountView, groups: GroupView[]): SettingsValues {
  return {
    description: account.description ?? '',
    enabled: account.enabled,
    groupIds: groupIdsOf(account, groups),
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

const validate = (v: SettingsValues) => zodValidate(UpdateServiceAccountRequest)(toRequest(v));

const sameSettings = (edited: SettingsValues, saved: SettingsValues) =>
  edited.description.trim() === saved.description &&
  edited.enabled === saved.enabled &&
  rateLimitOf(edited.rateLimitPerMinute) === rateLimitOf(saved.rateLimitPerMinute);

function AccountPage({
  account,
  groups,
  crumbs,
}: {
  account: ServiceAccountView;
  groups: GroupView[];
  crumbs: React.ReactNode;
}) {
  const trpc = useTRPC();
  const settings = useAccessForm(savedValues(account, groups), validate, sameSettings);
  const update = useMutation(trpc.admin.updateServiceAccount.mutationOptions());
  const remove = useMutation(trpc.admin.deleteServiceAccount.mutationOptions());
  const tokens = useQuery(trpc.admin.listServiceAccountTokens.queryOptions({ id: account.id }));

  return (
    <PrincipalPage
      kind={SERVICE_ACCOUNTS}
      principal={account}
      name={account.name}
      crumbs={crumbs}
      groups={groups}
      access={settings}
      subtitle={
        <Text size="sm" c="dimmed">
          A service account has no password and never signs in: it acts only through its API tokens.
        </Text>
      }
      cards={
        <PrincipalAccessCard
          title="Settings"
          titleId="settings-title"
          formLabel="Service account settings"
          access={settings}
          groups={groups}
          descriptions={{
            groups: 'It gets every permission of these groups.',
            permissions: 'Granted to this service account alone.',
          }}
          fields={(form) => (
            <>
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
            </>
          )}
          saveLabel="Save"
          update={update}
          toRequest={(v) => ({ id: account.id, ...toRequest(v) })}
          savedNotice={(a) => [
            'Service account saved',
            a.enabled
              ? `${a.name} holds ${plural(a.effectivePermissions.length, 'permission')}.`
              : `${a.name} is disabled; its tokens stopped working.`,
          ]}
          confirmation={{
            // Disabling ends its tokens for good: asked once more.
            ask: (saved, values) => saved.enabled && !values.enabled,
            dialog: ({ opened, onClose, onConfirm }) => (
              <ConfirmDialog
                opened={opened}
                onClose={onClose}
                title={`Disable ${account.name}?`}
                confirmLabel="Disable and save"
                loading={update.isPending}
                error={update.error}
                onConfirm={onConfirm}
              >
                <Text size="sm">
                  Every API token of <b>{account.name}</b> stops working at once, and stays invalid if it is
                  enabled again: its engines and workers will need new tokens.
                </Text>
              </ConfirmDialog>
            ),
          }}
        />
      }
      effective={{
        description: 'Direct permissions and those of every group it belongs to.',
        nothing: 'its API tokens can do nothing',
      }}
      tokenOwner="service"
      remove={remove}
      deleteText={
        <>
          This deletes <b>{account.name}</b> and revokes{' '}
          {tokens.data ? `its ${plural(tokens.data.length, 'API token')}` : 'its API tokens'}: every engine or
          worker holding one gets <code>401</code> from now on. It cannot be undone.
        </>
      }
    />
  );
}
