'use client';
// Your passkeys: each a second factor of its own. Adding one asks the browser to make it (the server's
// options and single-use challenge, then its answer verified there; the first brings recovery codes, shown
// once); adding one beside a second factor you have, and removing one, ask for a current second factor: any
// of your passkeys, or a code from your authenticator app or a recovery code.
import { Alert, Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  browserSupportsWebAuthn,
  startRegistration,
  type PublicKeyCredentialCreationOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { NewRecoveryCodes } from '@/components/new-recovery-codes';
import { webAuthnFailure } from '@/components/passkey-browser';
import { ProveSecondFactor, usePasskeyProof } from '@/components/prove-second-factor';
import { useTRPC } from '@/components/trpc';
import { notifySuccess, ProblemAlert } from '@/components/ui/problem';
import type { PasskeyRegistrationResponse } from '@/server/schemas/passkeys';

function useWebAuthnSupported(): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => setSupported(browserSupportsWebAuthn()), []);
  return supported;
}

export function PasskeysCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.auth.listPasskeys.queryOptions({}));
  const secondFactor = useQuery(trpc.auth.getSecondFactor.queryOptions({}));
  const start = useMutation(trpc.auth.startPasskeyRegistration.mutationOptions());
  const passkeyProof = usePasskeyProof();
  const register = useMutation(trpc.auth.registerPasskey.mutationOptions());
  const supported = useWebAuthnSupported();
  const [name, setName] = useState('');
  const [proofCode, setProofCode] = useState('');
  const [browserError, setBrowserError] = useState<string | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.auth.listPasskeys.queryKey() }),
      queryClient.invalidateQueries({ queryKey: trpc.auth.me.queryKey() }),
      // The first passkey brings recovery codes, the last one takes them.
      queryClient.invalidateQueries({ queryKey: trpc.auth.getSecondFactor.queryKey() }),
    ]);

  async function add(event: FormEvent) {
    event.preventDefault();
    setBrowserError(null);
    passkeyProof.setBrowserError(null);
    register.reset();
    // Beside a second factor you have, the new passkey comes with a proof of it: the code typed, else
    // one of your passkeys signs first.
    const proof = await passkeyProof.proofFor(proofCode, hasPasskeys);
    if (proof === null) return;
    const options = await start.mutateAsync({}).catch(() => null);
    if (!options) return;
    let response: z.infer<typeof PasskeyRegistrationResponse>;
    try {
      response = (await startRegistration({
        optionsJSON: options as PublicKeyCredentialCreationOptionsJSON,
      })) as z.infer<typeof PasskeyRegistrationResponse>;
    } catch (error) {
      setBrowserError(webAuthnFailure(error));
      return;
    }
    register.mutate(
      { name, response, proof },
      {
        onSuccess: (added) => {
          setName('');
          setProofCode('');
          if (added.recoveryCodes.length) setRecoveryCodes(added.recoveryCodes);
          notifySuccess('Passkey added', `“${added.name}” now signs you in after your password.`);
          void refresh();
        },
      },
    );
  }

  const passkeys = list.data ?? [];
  const hasPasskeys = passkeys.length > 0;
  const hasFactor = hasPasskeys || Boolean(secondFactor.data?.totp);
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="passkeys-title">
      <Stack>
        <div>
          <Title order={2} size="h4" id="passkeys-title">
            Passkeys
          </Title>
          <Text size="sm" c="dimmed">
            A passkey on this device or a security key: after your password, sign-in can ask for it instead of
            a code.
          </Text>
        </div>
        {list.error ? <ProblemAlert error={list.error} /> : null}
        {recoveryCodes && <NewRecoveryCodes codes={recoveryCodes} onSaved={() => setRecoveryCodes(null)} />}
        {list.data && passkeys.length === 0 && <Text size="sm">You have no passkey yet.</Text>}
        {passkeys.length > 0 && (
          <Stack gap="xs" component="ul" aria-label="Your passkeys" style={{ listStyle: 'none', padding: 0 }}>
            {passkeys.map((p) => (
              <Group component="li" key={p.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {p.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Added {p.createdAt.replace('T', ' ')}
                    {p.lastUsedAt ? `, last used ${p.lastUsedAt.replace('T', ' ')}` : ', not used yet'}
                  </Text>
                </div>
                <Button
                  size="xs"
                  color="red"
                  variant="light"
                  aria-label={`Remove ${p.name}`}
                  // The row's text wraps, never the button's label.
                  style={{ flexShrink: 0 }}
                  onClick={() => setRemoving(p)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {removing && (
          <RemovePasskey
            passkey={removing}
            onDone={() => {
              setRemoving(null);
              void refresh();
            }}
            onCancel={() => setRemoving(null)}
          />
        )}
        {supported === false && (
          <Text size="sm">This browser cannot make passkeys; use another one, or an authenticator app.</Text>
        )}
        {supported && !removing && (
          <form onSubmit={add} aria-label="Add a passkey">
            <Stack gap="xs">
              {(browserError ?? passkeyProof.browserError) && (
                <Alert color="red" title="No passkey was added" role="alert">
                  {browserError ?? passkeyProof.browserError}
                </Alert>
              )}
              {passkeyProof.error ? (
                <ProblemAlert error={passkeyProof.error} title="Could not add a passkey" />
              ) : null}
              {start.error ? <ProblemAlert error={start.error} title="Could not add a passkey" /> : null}
              {register.error ? (
                <ProblemAlert error={register.error} title="Could not add a passkey" />
              ) : null}
              <Group align="flex-end">
                <TextInput
                  label="Name of the new passkey"
                  placeholder="Work laptop"
                  required
                  maxLength={100}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                />
                {hasFactor && (
                  <TextInput
                    label={
                      hasPasskeys
                        ? 'Code from your app or a recovery code (else a passkey of yours confirms)'
                        : 'Current code from your app, or a recovery code'
                    }
                    autoComplete="one-time-code"
                    required={!hasPasskeys}
                    value={proofCode}
                    onChange={(e) => setProofCode(e.currentTarget.value)}
                  />
                )}
                <Button type="submit" loading={passkeyProof.pending || start.isPending || register.isPending}>
                  Add a passkey
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

/** Removing one passkey, proven with a current second factor: a passkey (any of yours) or a code. */
function RemovePasskey({
  passkey,
  onDone,
  onCancel,
}: {
  passkey: { id: number; name: string };
  onDone: () => void;
  onCancel: () => void;
}) {
  const trpc = useTRPC();
  const remove = useMutation(trpc.auth.removePasskey.mutationOptions());

  return (
    <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
      <ProveSecondFactor
        label={`Remove the passkey ${passkey.name}`}
        intro={`Removing “${passkey.name}” needs a current second factor: one of your passkeys, or a code.`}
        failureTitle="Could not remove the passkey"
        withPasskey
        color="red"
        codeLabel="Or a code from your app, or a recovery code"
        submitLabel="Remove with the code"
        onProve={(proof) =>
          remove.mutateAsync({ id: passkey.id, ...proof }).then(() => {
            notifySuccess('Passkey removed', `“${passkey.name}” no longer signs you in.`);
            onDone();
          })
        }
        pending={remove.isPending}
        error={remove.error}
        onCancel={onCancel}
      />
    </Paper>
  );
}
