'use client';
// The sign-in lock that repeated failed attempts put on a user, and the administrator's way to lift it.
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';
import { notifyFailure, notifySuccess } from '@/components/ui/problem';
import { formatDateTimeSeconds } from './format';
import { useInvalidateAdmin } from './queries';

export function SignInLock({ user }: { user: { id: number; username: string; lockedUntil: string } }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateAdmin();
  const unlock = useMutation(trpc.admin.unlockUser.mutationOptions());
  return (
    <Alert color="orange" variant="light" title={`Locked until ${formatDateTimeSeconds(user.lockedUntil)}`}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          Too many failed sign-in attempts: sign-in is refused for {user.username}, also with the right
          password, until then.
        </Text>
        <Button
          size="xs"
          variant="default"
          loading={unlock.isPending}
          onClick={() =>
            unlock.mutate(
              { id: user.id },
              {
                onSuccess: () => {
                  void invalidate();
                  notifySuccess('User unlocked', `${user.username} can sign in again.`);
                },
                onError: notifyFailure,
              },
            )
          }
        >
          Unlock
        </Button>
      </Stack>
    </Alert>
  );
}
