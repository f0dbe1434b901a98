'use client';
// /admin/users/{id}: a person's page. Beside what every principal's page has (principal-detail.tsx): the
// account card (enabled, sign-in lock, second factor, identity provider), password reset and sessions.
import { Alert, Badge, Button, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQuery } from '@tanstack/react-query';
import { zodValidate } from '@/components/forms/zod-form';
import { SessionsCard } from '@/components/sessions-card';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifyFailure, notifySuccess } from '@/components/ui/problem';
import type { Permission } from '@/domain/permissions';
import { UpdateUserRequest, type GroupView, type UserDetailView } from '@/server/schemas/admin';
import { plural } from './format';
import { groupIdsOf, PrincipalAccessCard, useAccessForm, type AccessValues } from './principal-access-card';
import { PrincipalDetail, PrincipalPage, retryUnlessUnknown } from './principal-detail';
import { PEOPLE } from './principal-kinds';
import { useInvalidateAdmin } from './queries';
import { ResetPasswordModal } from './reset-password-modal';
import { SecondFactorReset } from './second-factor-reset';
import { SignInLock } from './sign-in-lock';

export function UserDetail({ id }: { id: number }) {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.admin.getUser.queryOptions({ id }), retry: retryUnlessUnknown });
  return (
    <PrincipalDetail
      id={id}
      kind={PEOPLE}
      query={query}
      nameOf={(user) => user.username}
      loaded={(user, groups, crumbs) => <UserPage user={user} groups={groups} crumbs={crumbs} />}
    />
  );
}

const validateAccess = (v: AccessValues) =>
  zodValidate(UpdateUserRequest)({ groupIds: v.groupIds.map(Number), permissionCodes: v.permissionCodes });

function UserPage({
  user,
  groups,
  crumbs,
}: {
  user: UserDetailView;
  groups: GroupView[];
  crumbs: React.ReactNode;
}) {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const isMe = me.data?.username === user.username;
  const [resetting, resetModal] = useDisclosure(false);
  const [confirmDisable, disableModal] = useDisclosure(false);
  const access = useAccessForm(
    { groupIds: groupIdsOf(user, groups), permissionCodes: user.permissions },
    validateAccess,
  );
  const setEnabled = useMutation(trpc.admin.updateUser.mutationOptions());
  const update = useMutation(trpc.admin.updateUser.mutationOptions());
  const remove = useMutation(trpc.admin.deleteUser.mutationOptions());
  const tokens = useQuery(trpc.admin.listApiTokens.queryOptions({ id: user.id }));
  const invalidate = useInvalidateAdmin();

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
    <PrincipalPage
      kind={PEOPLE}
      principal={user}
      name={user.username}
      crumbs={crumbs}
      groups={groups}
      access={access}
      badges={
        isMe && (
          <Badge color="grape" variant="light">
            you
          </Badge>
        )
      }
      actions={
        !user.identityProvider && (
          <Button variant="default" onClick={resetModal.open}>
            Reset password…
          </Button>
        )
      }
      cards={
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
          <PrincipalAccessCard
            title="Groups and direct permissions"
            titleId="access-title"
            formLabel="Groups and direct permissions"
            access={access}
            groups={groups}
            descriptions={{
              groups: 'The user gets every permission of these groups.',
              permissions: 'Granted to this user alone.',
            }}
            saveLabel="Save access"
            update={update}
            toRequest={(v) => ({
              id: user.id,
              groupIds: v.groupIds.map(Number),
              permissionCodes: v.permissionCodes as Permission[],
            })}
            savedNotice={(u) => [
              'Access saved',
              `${u.username} now holds ${plural(u.effectivePermissions.length, 'permission')}.`,
            ]}
          />
        </Stack>
      }
      effective={{
        description: 'Direct permissions and those of every group the user belongs to.',
        groupsFromProvider: user.identityProvider !== null,
      }}
      tokenOwner="person"
      remove={remove}
      deleteText={
        <>
          This deletes <b>{user.username}</b>, removes them from{' '}
          {user.groups.length ? plural(user.groups.length, 'group') : 'their groups'} and revokes{' '}
          {tokens.data ? `their ${plural(tokens.data.length, 'API token')}` : 'their API tokens'}. It cannot
          be undone.
        </>
      }
    >
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
    </PrincipalPage>
  );
}
