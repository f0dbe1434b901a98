'use client';
// Your authenticator app: enrolling one (a QR code of the otpauth:// URI, or the secret typed in, then a
// first code to confirm, with a proof of your passkeys when you have some), the new recovery codes shown
// once at the end, and removing it with a code.
import { Alert, Button, Code, Group, Image, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toDataURL } from 'qrcode';
import { useEffect, useState, type FormEvent } from 'react';
import { NewRecoveryCodes } from '@/components/new-recovery-codes';
import { ProveSecondFactor, usePasskeyProof } from '@/components/prove-second-factor';
import { useTRPC } from '@/components/trpc';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';

/** The QR code of `uri`, drawn here in the browser: the secret never goes to a third party. */
function useQrCode(uri: string | undefined): string | null {
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!uri) return;
    let current = true;
    void toDataURL(uri, { margin: 1, width: 200 }).then((url) => current && setImage(url));
    return () => {
      current = false;
    };
  }, [uri]);
  return uri ? image : null;
}

export function SecondFactorCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.auth.getSecondFactor.queryOptions({}));
  const start = useMutation(trpc.auth.startTotpEnrolment.mutationOptions());
  const confirm = useMutation(trpc.auth.confirmTotpEnrolment.mutationOptions());
  const remove = useMutation(trpc.auth.removeSecondFactor.mutationOptions());
  const passkeys = useQuery(trpc.auth.listPasskeys.queryOptions({}));
  const passkeyProof = usePasskeyProof();
  const [code, setCode] = useState('');
  const [recoveryCode, setRecoveryCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const qrCode = useQrCode(start.data?.uri);
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.auth.getSecondFactor.queryKey() });

  // Passkeys you have are a second factor already: the app joins them with a proof of them (a recovery
  // code typed, else one of them signs).
  const hasPasskeys = (passkeys.data?.length ?? 0) > 0;

  async function submitCode(event: FormEvent) {
    event.preventDefault();
    const proof = await passkeyProof.proofFor(recoveryCode, hasPasskeys);
    if (proof === null) return;
    confirm.mutate(
      { code, proof },
      {
        onSuccess: (answer) => {
          setRecoveryCodes(answer.recoveryCodes);
          setCode('');
          setRecoveryCode('');
          start.reset();
          void refresh();
        },
      },
    );
  }

  const enrolled = state.data?.totp;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="second-factor-title">
      <Stack>
        <div>
          <Title order={2} size="h4" id="second-factor-title">
            Second factor
          </Title>
          <Text size="sm" c="dimmed">
            With an authenticator app, signing in asks for a code from it after your password.
          </Text>
        </div>
        {state.error ? <ProblemAlert error={state.error} /> : null}
        {recoveryCodes && <NewRecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />}
        {enrolled && !recoveryCodes && (
          <ProveSecondFactor
            label="Remove the second factor"
            intro={`An authenticator app is set up (${state.data?.recoveryCodesLeft} recovery codes left).`}
            failureTitle="Could not remove the second factor"
            withPasskey={false}
            color="red"
            codeLabel="Current code or a recovery code"
            submitLabel="Remove"
            onProve={(proof: { code: string }) =>
              remove.mutateAsync(proof).then(() => {
                notifySuccess('Second factor removed', 'Sign-in asks for your password only.');
                void refresh();
              })
            }
            pending={remove.isPending}
            error={remove.error}
          />
        )}
        {state.data && !enrolled && !start.data && (
          <Group>
            <Button onClick={() => start.mutate({})} loading={start.isPending}>
              Set up an authenticator app
            </Button>
          </Group>
        )}
        {start.error ? <ProblemAlert error={start.error} /> : null}
        {start.data && (
          <form onSubmit={submitCode} aria-label="Confirm the authenticator app">
            <Stack gap="sm">
              <Text size="sm">
                Scan this QR code with your authenticator app, or type in the secret below.
              </Text>
              {qrCode ? <Image src={qrCode} alt="QR code of the new secret" w={200} h={200} /> : null}
              <Text size="sm">
                Secret: <Code style={{ wordBreak: 'break-all' }}>{start.data.secret}</Code>
              </Text>
              {passkeyProof.browserError && (
                <Alert color="red" title="The passkey was not used" role="alert">
                  {passkeyProof.browserError}
                </Alert>
              )}
              {passkeyProof.error ? (
                <ProblemAlert error={passkeyProof.error} title="Could not complete the set-up" />
              ) : null}
              {confirm.error ? (
                <ProblemAlert error={confirm.error} title="Could not complete the set-up" />
              ) : null}
              <Group align="flex-end">
                <TextInput
                  label="Code from the app"
                  autoComplete="one-time-code"
                  inputMode="numeric"
                  required
                  value={code}
                  onChange={(e) => setCode(e.currentTarget.value)}
                />
                {hasPasskeys && (
                  <TextInput
                    label="A recovery code (else a passkey of yours confirms)"
                    autoComplete="off"
                    value={recoveryCode}
                    onChange={(e) => setRecoveryCode(e.currentTarget.value)}
                  />
                )}
                <Button type="submit" loading={passkeyProof.pending || confirm.isPending}>
                  Confirm
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}
