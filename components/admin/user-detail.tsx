'use client';
// /admin/users/{id}: status, groups and direct permissions, effective permissions with their sources,
// password reset, API tokens and deletion.
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
import { notifyFailure, notifySuccess, ProblemAlert } from '@/components/ui/problem';
import {
  UpdateUserRequest,
  type GroupView,
  type UserDetailView,
  type UserView,
} from '@/server/schemas/admin';
import type { Permission } from '@/domain/permissions';
import { SessionsCard } from '@/components/sessions-card';
import { ApiTokensCard } from './api-tokens-card';
import { EffectivePermissions } from './effective-permissions';
import { plural, sameSet } from './format';
import { GroupMultiSelect, PermissionMultiSelect } from './permissions';
import { useInvalidateAdmin } from './queries';
import { ResetPasswordModal } from './reset-password-modal';
import { SecondFactorReset } from './second-factor-reset';
import { SignInLock } from './sign-in-lock';

export function UserDetail({ id }: { id: number }) {
  const trpc = useTRPC();
  const users = useQuery({
    ...trpc.admin.getUser.queryOptions({ id }),
    // An unknown user is an answer, not a failure to retry.
    retry: (failures, error) => problemOf(error).status !== 404 && failures < 1,
  });
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));
  const me = useQuery(trpc.auth.me.queryOptions());
  const user = users.data;
  const unknownUser = users.isError && problemOf(users.error).status === 404;

  const crumbs = (
    <Breadcrumbs>
      <Anchor component={Link} href="/admin/users" size="sm">
        Users
      </Anchor>
      <Text size="sm">{user?.username ?? (users.isLoading ? '…' : `#${id}`)}</Text>
    </Breadcrumbs>
  );

  if (users.isError && !users.data && !unknownUser)
    return (
      <Stack>
        {crumbs}
        <ProblemAlert error={users.error} onRetry={() => void users.refetch()} />
      </Stack>
    );
  if (users.isLoading)
    return (
      <Stack aria-busy="true" aria-label="Loading user">
        {crumbs}
        <Skeleton h={36} w={260} />
        <Grid>
          <Grid.Col span={{ base: 12, lg: 5 }}>
            <Skeleton h={320} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 7 }}>
            <Skeleton h={320} />
          </Grid.Col>
        </Grid>
      </Stack>
    );
  if (!user)
    return (
      <Stack>
        {crumbs}
        <Alert color="gray" title="User not found" role="alert">
          There is no user with id {id}; they may have been deleted.{' '}
          <Anchor component={Link} href="/admin/users">
            Back to users
          </Anchor>
        </Alert>
      </Stack>
    );

  return (
    <UserDetailLoaded
      user={user}
      groups={groups.data ?? []}
      isMe={me.data?.username === user.username}
      crumbs={crumbs}
    />
  );
}

function UserDetailLoaded({
  user,
  groups,
  isMe,
  crumbs,
}: {
  user: UserDetailView;
  groups: GroupView[];
  isMe: boolean;
  crumbs: React.ReactNode;
}) {
  const trpc = useTRPC();
  const router = useRouter();
  const invalidate = useInvalidateAdmin();
  const [resetting, resetModal] = useDisclosure(false);
  const [deleting, deleteModal] = useDisclosure(false);
  const [confirmDisable, disableModal] = useDisclosure(false);
  const access = useAccessForm(user, groups);
  const setEnabled = useMutation(trpc.admin.updateUser.mutationOptions());
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions());
  const tokens = useQuery(trpc.admin.listApiTokens.queryOptions({ id: user.id }));

  function changeEnabled(enabled: boolean) {
    setEnabled.mutate(
      { id: user.id, enabled },
      {
        onSuccess: (u) => {
          void invalidate();
          disableModal.close();
          notifySuccess(
            u.enabled ? 'User enabled' : 'User disabled',
            u.enabled
              ? `${u.username} can sign in again.`
              : `${u.username} can no longer sign in; their tokens stopped working.`,
          );
        },
        onError: (error) => {
          // Inside the confirmation the error is shown there; enabling has no dialog.
          if (enabled) notifyFailure(error);
        },
      },
    );
  }

  return (
    <Stack>
      <Stack gap={4}>
        {crumbs}
        <Group justify="space-between" align="flex-end">
          <Group gap="sm" align="center">
            <Title order={1} size="h2">
              {user.username}
            </Title>
            {user.enabled ? (
              <Badge color="green" variant="light">
                Enabled
              </Badge>
            ) : (
              <Badge color="gray" variant="filled">
                Disabled
              </Badge>
            )}
            {isMe && (
              <Badge color="grape" variant="light">
                you
              </Badge>
            )}
          </Group>
          <Group gap="xs">
            {!user.identityProvider && (
              <Button variant="default" onClick={resetModal.open}>
                Reset password…
              </Button>
            )}
            <Button
              color="red"
              variant="outline"
              onClick={() => {
                remove.reset();
                deleteModal.open();
              }}
            >
              Delete user…
            </Button>
          </Group>
        </Group>
      </Stack>

      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 5 }}>
          <Stack>
            <Paper withBorder p="md" radius="md" component="section" aria-labelledby="account-title">
              <Stack gap="xs">
                <Title order={2} size="h4" id="account-title">
                  Account
                </Title>
                <Switch
                  label="Enabled"
                  description={
                    user.enabled
                      ? 'Can sign in and use API tokens.'
                      : 'Cannot sign in; their sessions and tokens do not work.'
                  }
                  checked={user.enabled}
                  disabled={setEnabled.isPending}
                  onChange={(e) => {
                    if (e.currentTarget.checked) changeEnabled(true);
                    else {
                      setEnabled.reset();
                      disableModal.open();
                    }
                  }}
                />
                {user.lockedUntil && <SignInLock user={{ ...user, lockedUntil: user.lockedUntil }} />}
                {!user.identityProvider && <SecondFactorReset user={user} />}
                {user.identityProvider && (
                  <Text size="sm">
                    Signs in through the identity provider <b>{user.identityProvider}</b>, which gives their
                    groups at each sign-in; no password here.
                  </Text>
                )}
              </Stack>
            </Paper>
            <AccessCard user={user} access={access} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>
          <Paper withBorder p="md" radius="md" component="section" aria-labelledby="effective-title">
            <Stack gap="xs">
              <div>
                <Title order={2} size="h4" id="effective-title">
                  Effective permissions
                </Title>
                <Text size="sm" c="dimmed">
                  Direct permissions and those of every group the user belongs to.
                </Text>
              </div>
              <EffectivePermissions
                direct={access.dirty ? access.form.values.permissionCodes : user.permissions}
                groupCodes={
                  access.dirty
                    ? groups
                        .filter((g) => access.form.values.groupIds.includes(String(g.id)))
                        .map((g) => g.code)
                    : user.groups
                }
                groups={groups}
                saved={user.effectivePermissions}
                groupsFromProvider={user.identityProvider !== null}
              />
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>

      <ApiTokensCard owner={{ kind: 'person', id: user.id, name: user.username, enabled: user.enabled }} />

      <SessionsCard user={user} />

      <ResetPasswordModal user={user} opened={resetting} onClose={resetModal.close} />

      <ConfirmDialog
        opened={confirmDisable}
        onClose={disableModal.close}
        title={`Disable ${user.username}?`}
        confirmLabel="Disable user"
        loading={setEnabled.isPending}
        error={setEnabled.error}
        onConfirm={() => changeEnabled(false)}
      >
        <Text size="sm">
          <b>{user.username}</b> will not be able to sign in. Their sessions, access tokens and API tokens
          stop working at once, and stay invalid if the account is enabled again: systems will need new
          tokens.
        </Text>
        {isMe && (
          <Alert color="orange" variant="light">
            This is your own account: you will be signed out.
          </Alert>
        )}
      </ConfirmDialog>

      <ConfirmDialog
        opened={deleting}
        onClose={deleteModal.close}
        title={`Delete ${user.username}?`}
        confirmLabel="Delete user"
        loading={remove.isPending}
        error={remove.error}
        onConfirm={() =>
          remove.mutate(
            { id: user.id },
            {
              onSuccess: () => {
                void invalidate();
                notifySuccess('User deleted', `${user.username} has been deleted.`);
                router.push('/admin/users');
              },
            },
          )
        }
      >
        <Text size="sm">
          This deletes <b>{user.username}</b>, removes them from{' '}
          {user.groups.length ? plural(user.groups.length, 'group') : 'their groups'} and revokes{' '}
          {tokens.data ? `their ${plural(tokens.data.length, 'API token')}` : 'their API tokens'}. It cannot
          be undone.
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

type AccessValues = { groupIds: string[]; permissionCodes: string[] };

function groupIdsOf(user: UserView, groups: GroupView[]): string[] {
  return groups.filter((g) => user.groups.includes(g.code)).map((g) => String(g.id));
}

/** The access form (groups and direct permissions) of a user, following the saved user while unedited. */
function useAccessForm(user: UserView, groups: GroupView[]) {
  const saved: AccessValues = { groupIds: groupIdsOf(user, groups), permissionCodes: user.permissions };
  const form = useForm<AccessValues>({
    initialValues: saved,
    validate: (v) =>
      zodValidate(UpdateUserRequest)({
        groupIds: v.groupIds.map(Number),
        permissionCodes: v.permissionCodes,
      }),
  });
  const dirty =
    !sameSet(form.values.groupIds, saved.groupIds) ||
    !sameSet(form.values.permissionCodes, saved.permissionCodes);
  const savedKey = `${saved.groupIds.join(',')}|${saved.permissionCodes.join(',')}`;
  // The saved user changed (here or elsewhere, e.g. through a group's members): start from it again
  // unless there are unsaved edits.
  useEffect(() => {
    if (!dirty) form.setValues(saved);
  }, [savedKey]);
  return { form, saved, dirty };
}

type AccessForm = ReturnType<typeof useAccessForm>;

function AccessCard({ user, access }: { user: UserView; access: AccessForm }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  const { form, saved, dirty } = access;
  const [failure, setFailure] = useState<unknown>(null);
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));

  function submit(values: AccessValues) {
    setFailure(null);
    update.mutate(
      {
        id: user.id,
        groupIds: values.groupIds.map(Number),
        permissionCodes: values.permissionCodes as Permission[],
      },
      {
        onSuccess: (u) => {
          void invalidate();
          notifySuccess(
            'Access saved',
            `${u.username} now holds ${plural(u.effectivePermissions.length, 'permission')}.`,
          );
        },
        onError: (error) => {
          showFieldErrors(form, error);
          setFailure(error);
        },
      },
    );
  }

  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="access-title">
      <form onSubmit={form.onSubmit(submit)} aria-label="Groups and direct permissions" noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4" id="access-title">
            Groups and direct permissions
          </Title>
          {failure ? <ProblemAlert error={failure} /> : null}
          <GroupMultiSelect
            description="The user gets every permission of these groups."
            groups={groups.data ?? []}
            {...form.getInputProps('groupIds')}
          />
          <PermissionMultiSelect
            label="Direct permissions"
            description="Granted to this user alone."
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
              Save access
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
