'use client';
// A person's second factors as an administrator sees them, and the reset for a lost phone or security key:
// it removes the authenticator app, its recovery codes and every passkey (DELETE
// /admin/users/{id}/second-factor, audited), after which they sign in with the password alone and enrol again.
import { Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { notifySuccess } from '@/components/ui/problem';
import { plural } from './format';
import { useInvalidateAdmin } from './queries';

interface SecondFactorOf {
  id: number;
  username: string;
  secondFactor: { authenticatorApp: boolean; passkeys: number };
}

/** "an authenticator app and 2 passkeys", or null when none. */
function factorsInWords({ authenticatorApp, passkeys }: SecondFactorOf['secondFactor']): string | null {
  const parts = [
    ...(authenticatorApp ? ['an authenticator app'] : []),
    ...(passkeys ? [plural(passkeys, 'passkey')] : []),
  ];
  return parts.length ? parts.join(' and ') : null;
}

export function SecondFactorReset({ user }: { user: SecondFactorOf }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const [confirming, confirm] = useDisclosure(false);
  const reset = useMutation(trpc.admin.resetSecondFactor.mutationOptions());
  const factors = factorsInWords(user.secondFactor);
  return (
    <>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Text size="sm">
          Second factor:{' '}
          {factors ? (
            <b>{factors}</b>
          ) : (
            <Text span inherit c="dimmed">
              none
            </Text>
          )}
        </Text>
        {factors && (
          <Button
            size="xs"
            variant="default"
            onClick={() => {
              reset.reset();
              confirm.open();
            }}
          >
            Reset second factor…
          </Button>
        )}
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={confirm.close}
        title={`Reset the second factor of ${user.username}?`}
        confirmLabel="Reset second factor"
        loading={reset.isPending}
        error={reset.error}
        onConfirm={() =>
          reset.mutate(
            { id: user.id },
            {
              onSuccess: () => {
                confirm.close();
                void invalidate();
                notifySuccess(
                  'Second factor reset',
                  `${user.username} signs in with the password alone now.`,
                );
              },
            },
          )
        }
      >
        <Text size="sm">
          This removes {factors} of <b>{user.username}</b>, and their recovery codes: they sign in with their
          password alone until they set up a second factor again. Do it only once you are sure it is them
          asking (a lost phone or security key). It is recorded in the audit log.
        </Text>
      </ConfirmDialog>
    </>
  );
}
