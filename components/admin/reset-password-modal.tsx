'use client';
// Set a new password for a user, validated with ResetPasswordRequest; the modal says what it ends.
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { showFieldErrors, zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { ResetPasswordRequest } from '@/server/schemas/admin';
import { notifySuccess, ProblemAlert } from './problem';
import { useInvalidateAdmin } from './queries';

type Values = { password: string; confirmation: string };

export function ResetPasswordModal({
  user,
  opened,
  onClose,
}: {
  user: { id: number; username: string };
  opened: boolean;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const reset = useMutation(trpc.admin.resetPassword.mutationOptions());
  const [failure, setFailure] = useState<unknown>(null);
  const form = useForm<Values>({
    initialValues: { password: '', confirmation: '' },
    validate: (v) => {
      const errors = zodValidate(ResetPasswordRequest)({ password: v.password });
      if (!errors.password && v.password.toLowerCase() === user.username.toLowerCase())
        errors.password = 'must not equal the username';
      if (v.confirmation !== v.password) errors.confirmation = 'does not match the new password';
      return errors;
    },
  });

  function close() {
    form.reset();
    setFailure(null);
    reset.reset();
    onClose();
  }

  function submit(values: Values) {
    setFailure(null);
    reset.mutate(
      { id: user.id, password: values.password },
      {
        onSuccess: () => {
          void invalidate();
          notifySuccess(
            'Password reset',
            `${user.username} signs in with the new password; their earlier tokens no longer work.`,
          );
          close();
        },
        onError: (error) => {
          if (!showFieldErrors(form, error)) setFailure(error);
        },
      },
    );
  }

  return (
    <Modal
      closeButtonProps={{ 'aria-label': 'Close' }}
      opened={opened}
      onClose={close}
      title={`Reset the password of ${user.username}?`}
      size="md"
    >
      <form onSubmit={form.onSubmit(submit)} aria-label="Reset password" noValidate>
        <Stack>
          <Alert color="orange" variant="light" title="This signs them out everywhere">
            <Text size="sm">
              Their current password stops working, and so do their sessions, access tokens and every API
              token they hold. Systems using those tokens need new ones.
            </Text>
          </Alert>
          {failure ? <ProblemAlert error={failure} /> : null}
          <PasswordInput
            label="New password"
            description="12 to 128 characters, not the same as the username"
            autoComplete="new-password"
            withAsterisk
            data-autofocus
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Repeat the new password"
            autoComplete="new-password"
            withAsterisk
            {...form.getInputProps('confirmation')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="orange" loading={reset.isPending}>
              Reset password
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
