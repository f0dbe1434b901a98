'use client';
// A person changes their own password (auth.changePassword, validated with ChangePasswordRequest). It ends
// every session of theirs, this one too, so they sign in again with the new password.
import { Alert, Button, Group, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { signOut } from 'next-auth/react';
import { useState } from 'react';
import { FramedPage } from '@/components/framed-page';
import { problemOf, showFieldErrors, zodValidate } from '@/components/forms/zod-form';
import { SignOutButton } from '@/components/sign-out-button';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import { ChangePasswordRequest } from '@/server/schemas/admin';

type Values = { username: string; currentPassword: string; newPassword: string; confirmation: string };

export function ChangePasswordForm({ username, required }: { username: string; required: boolean }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const form = useForm<Values>({
    initialValues: { username, currentPassword: '', newPassword: '', confirmation: '' },
    validate: (v) => {
      const errors = zodValidate(ChangePasswordRequest)(v);
      if (!errors.newPassword && v.newPassword === v.currentPassword)
        errors.newPassword = 'must differ from the current password';
      if (v.confirmation !== v.newPassword) errors.confirmation = 'does not match the new password';
      return errors;
    },
  });

  function submit({ confirmation: _, ...values }: Values) {
    setFailure(null);
    change.mutate(values, {
      onSuccess: async () => {
        // The server ended the session already; this clears the cookie that named it.
        await signOut({ redirect: false });
        setDone(true);
      },
      onError: (error) => {
        if (problemOf(error).code === 'UNAUTHENTICATED')
          form.setFieldError('currentPassword', 'is not right, or the account is disabled');
        else if (!showFieldErrors(form, error)) setFailure(error);
      },
    });
  }

  if (done) {
    return (
      <FramedPage width={440}>
        <Title order={1} size="h3">
          Password changed
        </Title>
        <Text>Sign in again with your new password.</Text>
        <Group>
          <Button component="a" href="/login">
            Sign in
          </Button>
        </Group>
      </FramedPage>
    );
  }

  return (
    <FramedPage width={440}>
      <form onSubmit={form.onSubmit(submit)} aria-label="Change password" noValidate method="post">
        <Stack>
          <Title order={1} size="h3">
            Change your password
          </Title>
          {required && (
            <Alert color="orange" variant="light" title="A new password is required">
              An administrator set your password. Choose your own before you continue.
            </Alert>
          )}
          {failure ? <ProblemAlert error={failure} title="Could not change the password" /> : null}
          <TextInput
            label="Username"
            autoComplete="username"
            withAsterisk
            readOnly={Boolean(username)}
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label="Current password"
            autoComplete="current-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput
            label="New password"
            description="12 to 128 characters, not the same as the username or the current password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Group justify="space-between">
            <SignOutButton />
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </FramedPage>
  );
}
