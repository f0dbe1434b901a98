'use client';
// Set a new password for a user, or have the service generate one (shown here once), optionally requiring
// the user to change it at the next sign-in; validated with ResetPasswordRequest. The modal says what it ends.
import { Alert, Button, Checkbox, Code, CopyButton, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { zodValidate } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import { FormModal, useFormFailure } from '@/components/ui/form-modal';
import { notifySuccess } from '@/components/ui/problem';
import { ResetPasswordRequest } from '@/server/schemas/admin';
import { useInvalidateAdmin } from './queries';

type Values = { generate: boolean; requireChange: boolean; password: string; confirmation: string };

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
  const [generated, setGenerated] = useState<string | null>(null);
  const form = useForm<Values>({
    initialValues: { generate: false, requireChange: false, password: '', confirmation: '' },
    validate: (v) => {
      if (v.generate) return {};
      const errors = zodValidate(ResetPasswordRequest)({ password: v.password });
      if (!errors.password && v.password.toLowerCase() === user.username.toLowerCase())
        errors.password = 'must not equal the username';
      if (v.confirmation !== v.password) errors.confirmation = 'does not match the new password';
      return errors;
    },
  });
  const failure = useFormFailure(form);

  function close() {
    form.reset();
    failure.clear();
    setGenerated(null);
    reset.reset();
    onClose();
  }

  function submit(values: Values) {
    failure.clear();
    const password = values.generate ? { generate: true } : { password: values.password };
    reset.mutate(
      { id: user.id, requireChange: values.requireChange, ...password },
      {
        onSuccess: (answer) => {
          void invalidate();
          notifySuccess(
            'Password reset',
            `${user.username} signs in with the new password; their earlier tokens no longer work.`,
          );
          // A generated password is shown this once, in the modal, until the administrator closes it.
          if (answer) setGenerated(answer.password);
          else close();
        },
        onError: failure.show,
      },
    );
  }

  return (
    <FormModal
      opened={opened}
      onClose={close}
      title={`Reset the password of ${user.username}?`}
      size="md"
      formLabel="Reset password"
      onSubmit={form.onSubmit(submit)}
      failure={failure.failure}
      intro={
        <Alert color="orange" variant="light" title="This signs them out everywhere">
          <Text size="sm">
            Their current password stops working, and so do their sessions, access tokens and every API token
            they hold. Systems using those tokens need new ones.
          </Text>
        </Alert>
      }
      submitLabel="Reset password"
      submitColor="orange"
      submitting={reset.isPending}
      result={
        generated !== null ? (
          <Stack>
            <Alert color="green" variant="light" title="The new password, shown this once">
              <Text size="sm">
                Hand it to {user.username} over a trusted channel. It is not stored in readable form and
                cannot be shown again.
              </Text>
            </Alert>
            <Group wrap="nowrap">
              <Code fz="md" data-testid="generated-password">
                {generated}
              </Code>
              <CopyButton value={generated}>
                {({ copied, copy }) => (
                  <Button size="xs" variant="default" onClick={copy}>
                    {copied ? 'Copied' : 'Copy'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Group justify="flex-end">
              <Button onClick={close}>Done</Button>
            </Group>
          </Stack>
        ) : null
      }
    >
      <Checkbox
        label="Generate password"
        description="The service chooses a strong password and shows it to you once"
        {...form.getInputProps('generate', { type: 'checkbox' })}
      />
      {!form.values.generate && (
        <>
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
        </>
      )}
      <Checkbox
        label="Require change at next sign-in"
        description="Until then the password signs in to nothing but changing it"
        {...form.getInputProps('requireChange', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
