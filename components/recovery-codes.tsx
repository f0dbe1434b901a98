'use client';
// Recovery codes, which stand in for a person's second factor as a whole (an authenticator app or passkeys):
// how many are left, and a new set in their place proven with a current second factor.
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NewRecoveryCodes } from '@/components/new-recovery-codes';
import { ProveSecondFactor, type SecondFactorProof } from '@/components/prove-second-factor';
import { useTRPC } from '@/components/trpc';

/** How many recovery codes are left, and a new set in their place: shown to a person with a second factor. */
export function RecoveryCodesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.auth.getSecondFactor.queryOptions({}));
  const passkeys = useQuery(trpc.auth.listPasskeys.queryOptions({}));
  const regenerate = useMutation(trpc.auth.regenerateRecoveryCodes.mutationOptions());
  const [asking, setAsking] = useState(false);
  const [codes, setCodes] = useState<string[] | null>(null);

  const made = (answer: { recoveryCodes: string[] }) => {
    setCodes(answer.recoveryCodes);
    setAsking(false);
    void queryClient.invalidateQueries({ queryKey: trpc.auth.getSecondFactor.queryKey() });
  };

  const hasPasskey = (passkeys.data?.length ?? 0) > 0;
  // Codes stand in for a factor: with none, there is nothing to show (unless a set was just made).
  if (!codes && !(state.data?.totp || hasPasskey)) return null;
  const left = state.data?.recoveryCodesLeft ?? 0;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="recovery-codes-title">
      <Stack>
        <div>
          <Title order={2} size="h4" id="recovery-codes-title">
            Recovery codes
          </Title>
          <Text size="sm" c="dimmed">
            Should you lose your phone or your passkeys, each recovery code signs you in once instead.
          </Text>
        </div>
        {codes ? (
          <NewRecoveryCodes codes={codes} onSaved={() => setCodes(null)} />
        ) : (
          <Text size="sm">
            {left === 1 ? '1 recovery code left' : `${left} recovery codes left`} (of 10).
          </Text>
        )}
        {!asking && !codes && (
          <Group>
            <Button variant="light" onClick={() => setAsking(true)}>
              Make new recovery codes
            </Button>
          </Group>
        )}
        {asking && (
          <ProveSecondFactor
            label="Make new recovery codes"
            intro="Ten new codes replace yours: the old ones stop working. It needs a current second factor."
            failureTitle="Could not make new codes"
            withPasskey={hasPasskey}
            codeLabel={
              hasPasskey
                ? 'Or a code from your app, or a recovery code'
                : 'Code from your app, or a recovery code'
            }
            submitLabel="Make them with the code"
            onProve={(proof: SecondFactorProof) => regenerate.mutateAsync(proof).then(made)}
            pending={regenerate.isPending}
            error={regenerate.error}
            onCancel={() => setAsking(false)}
          />
        )}
      </Stack>
    </Paper>
  );
}
