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
import { signWithPasskey, webAuthnFailure } from '@/components/passkey-browser';
import { ChangePasswordRequest } from '@/server/schemas/admin';
import type { PasskeyAssertion } from '@/server/schemas/passkeys';
import type { z } from 'zod';

type Values = {
  username: string;
  currentPassword: string;
  newPassword: string;
  confirmation: string;
  /** Asked once the server answers that the account has a second factor. */
  code: string;
};

/** The second factor sent with the change, once the server asked for one. */
type Proof = { code?: string; passkey?: z.infer<typeof PasskeyAssertion> };

export function ChangePasswordForm({ username, required }: { username: string; required: boolean }) {
  const trpc = useTRPC();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const passkeyChallenge = useMutation(trpc.auth.startPasskeySignIn.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const [done, setDone] = useState(false);
  const [askingCode, setAskingCode] = useState(false);
  const form = useForm<Values>({
    initialValues: { username, currentPassword: '', newPassword: '', confirmation: '', code: '' },
    validate: (v) => {
      const errors = zodValidate(ChangePasswordRequest)(v);
      if (!errors.newPassword && v.newPassword === v.currentPassword)
        errors.newPassword = 'must differ from the current password';
      if (v.confirmation !== v.newPassword) errors.confirmation = 'does not match the new password';
      return errors;
    },
  });

  function send({ confirmation: _, code: __, ...values }: Values, proof: Proof) {
    setFailure(null);
    change.mutate(
      { ...values, ...proof },
      {
        onSuccess: async () => {
          // The server ended the session already; this clears the cookie that named it.
          await signOut({ redirect: false });
          setDone(true);
        },
        onError: (error) => {
          const problem = problemOf(error);
          if (problem.code === 'SECOND_FACTOR_REQUIRED') setAskingCode(true);
          else if (problem.code === 'UNAUTHENTICATED' && askingCode)
            form.setFieldError(
              'code',
              proof.passkey
                ? 'the passkey was not accepted (or the current password is not right)'
                : 'is not right or was already used (or the current password is not right)',
            );
          else if (problem.code === 'UNAUTHENTICATED')
            form.setFieldError('currentPassword', 'is not right, or the account is disabled');
          else if (!showFieldErrors(form, error)) setFailure(error);
        },
      },
    );
  }

  function submit(values: Values) {
    send(values, askingCode ? { code: values.code } : {});
  }

  // Instead of the code: a passkey signs a challenge asked with the current password, as at sign-in.
  async function withPasskey() {
    if (form.validate().hasErrors) return;
    const values = form.getValues();
    setFailure(null);
    const options = await passkeyChallenge
      .mutateAsync({ username: values.username, password: values.currentPassword })
      .catch((error: unknown) => {
        setFailure(error);
        return null;
      });
    if (!options) return;
    try {
      send(values, { passkey: await signWithPasskey(options) });
    } catch (error) {
      form.setFieldError('code', webAuthnFailure(error));
    }
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
          {askingCode && (
            <>
              <TextInput
                label="Code"
                description="Your account has a second factor: a code from your authenticator app, or a recovery code."
                autoComplete="one-time-code"
                withAsterisk
                autoFocus
                {...form.getInputProps('code')}
              />
              <Button
                type="button"
                variant="default"
                onClick={() => void withPasskey()}
                loading={passkeyChallenge.isPending}
              >
                Use a passkey instead
              </Button>
            </>
          )}
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
