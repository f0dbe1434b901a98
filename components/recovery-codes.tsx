'use client';
// Recovery codes, which stand in for a person's second factor as a whole (an authenticator app or passkeys):
// how many are left, and a new set in their place proven with a current second factor.
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { NewRecoveryCodes } from '@/components/new-recovery-codes';
import { signWithPasskey, webAuthnFailure } from '@/components/passkeys-card';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';

/** How many recovery codes are left, and a new set in their place: shown to a person with a second factor. */
export function RecoveryCodesCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.auth.getSecondFactor.queryOptions({}));
  const passkeys = useQuery(trpc.auth.listPasskeys.queryOptions({}));
  const proof = useMutation(trpc.auth.startPasskeyProof.mutationOptions());
  const regenerate = useMutation(trpc.auth.regenerateRecoveryCodes.mutationOptions());
  const [asking, setAsking] = useState(false);
  const [code, setCode] = useState('');
  const [browserError, setBrowserError] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);

  const made = (answer: { recoveryCodes: string[] }) => {
    setCodes(answer.recoveryCodes);
    setAsking(false);
    setCode('');
    void queryClient.invalidateQueries({ queryKey: trpc.auth.getSecondFactor.queryKey() });
  };

  async function withPasskey() {
    setBrowserError(null);
    regenerate.reset();
    const options = await proof.mutateAsync({}).catch(() => null);
    if (!options) return;
    try {
      regenerate.mutate({ passkey: await signWithPasskey(options) }, { onSuccess: made });
    } catch (error) {
      setBrowserError(webAuthnFailure(error));
    }
  }

  function withCode(event: FormEvent) {
    event.preventDefault();
    setBrowserError(null);
    regenerate.mutate({ code }, { onSuccess: made });
  }

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
          <form onSubmit={withCode} aria-label="Make new recovery codes">
            <Stack gap="xs">
              <Text size="sm">
                Ten new codes replace yours: the old ones stop working. It needs a current second factor.
              </Text>
              {browserError && (
                <Alert color="red" title="The passkey was not used" role="alert">
                  {browserError}
                </Alert>
              )}
              {proof.error ? <ProblemAlert error={proof.error} title="Could not make new codes" /> : null}
              {regenerate.error ? (
                <ProblemAlert error={regenerate.error} title="Could not make new codes" />
              ) : null}
              <Group>
                {hasPasskey && (
                  <Button onClick={() => void withPasskey()} loading={proof.isPending}>
                    Confirm with a passkey
                  </Button>
                )}
                <Button variant="default" onClick={() => setAsking(false)}>
                  Cancel
                </Button>
              </Group>
              <Group align="flex-end">
                <TextInput
                  label={
                    hasPasskey
                      ? 'Or a code from your app, or a recovery code'
                      : 'Code from your app, or a recovery code'
                  }
                  autoComplete="one-time-code"
                  required
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                <Button type="submit" variant="light" loading={regenerate.isPending}>
                  Make them with the code
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
