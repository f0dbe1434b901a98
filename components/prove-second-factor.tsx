'use client';
// Proving a current second factor before a change of it (a new set of recovery codes, removing a passkey,
// removing the authenticator app): one of your passkeys signs a fresh challenge, or a code is typed (from
// your authenticator app, or a recovery code). The change itself is the caller's: it gets the proof.
import { Alert, Button, Group, Stack, Text, TextInput, type ButtonProps } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import type { z } from 'zod';
import { signWithPasskey, webAuthnFailure } from '@/components/passkey-browser';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import type { PasskeyAssertion } from '@/server/schemas/passkeys';

export type PasskeyProof = { passkey: z.infer<typeof PasskeyAssertion> };
export type SecondFactorProof = { code: string } | PasskeyProof;

/**
 * A passkey of yours signing a fresh challenge from the server. `sign` answers null when there is no
 * signature: the server's refusal is in `error`, the browser's in `browserError`.
 */
export function usePasskeyProof() {
  const trpc = useTRPC();
  const start = useMutation(trpc.auth.startPasskeyProof.mutationOptions());
  const [browserError, setBrowserError] = useState<string | null>(null);

  async function sign(): Promise<PasskeyProof | null> {
    setBrowserError(null);
    const options = await start.mutateAsync({}).catch(() => null);
    if (!options) return null;
    try {
      return { passkey: await signWithPasskey(options) };
    } catch (error) {
      setBrowserError(webAuthnFailure(error));
      return null;
    }
  }

  /**
   * The proof that goes along with another change (confirming the app, adding a passkey): the code typed,
   * else with passkeys a passkey's signature; undefined with nothing to prove, null when no passkey signed.
   */
  async function proofFor(code: string, hasPasskeys: boolean): Promise<SecondFactorProof | undefined | null> {
    if (code.trim()) return { code: code.trim() };
    return hasPasskeys ? sign() : undefined;
  }

  return { sign, proofFor, pending: start.isPending, error: start.error, browserError, setBrowserError };
}

/**
 * Offer "Confirm with a passkey" when the change takes a passkey's proof and you have a passkey; a change
 * that takes only a code gets only codes.
 */
type ProofChoice =
  | { withPasskey: boolean; onProve: (proof: SecondFactorProof) => Promise<unknown> }
  | { withPasskey: false; onProve: (proof: { code: string }) => Promise<unknown> };

export type ProveSecondFactorProps = ProofChoice & {
  /** The form's accessible name. */
  label: string;
  /** What the proof is for, above the fields. */
  intro: ReactNode;
  /** The title of the alerts when the proof or the change fails. */
  failureTitle: string;
  codeLabel: string;
  submitLabel: string;
  /** Red for a removal. */
  color?: ButtonProps['color'];
  /** The change's own state. */
  pending: boolean;
  error: unknown;
  /** Shown as a Cancel button beside the passkey's. */
  onCancel?: () => void;
};

export function ProveSecondFactor(props: ProveSecondFactorProps) {
  const { color, onCancel } = props;
  const passkey = usePasskeyProof();
  const [code, setCode] = useState('');

  // The change runs with the proof; a refusal is shown from `props.error`, the code kept for another try.
  const settle = (change: Promise<unknown>) =>
    change.then(
      () => setCode(''),
      () => undefined,
    );

  async function withPasskey() {
    if (!props.withPasskey) return;
    const proof = await passkey.sign();
    if (proof) await settle(props.onProve(proof));
  }

  function withCode(event: FormEvent) {
    event.preventDefault();
    passkey.setBrowserError(null);
    void settle(props.onProve({ code }));
  }

  return (
    <form onSubmit={withCode} aria-label={props.label}>
      <Stack gap="xs">
        {typeof props.intro === 'string' ? <Text size="sm">{props.intro}</Text> : props.intro}
        {passkey.browserError && (
          <Alert color="red" title="The passkey was not used" role="alert">
            {passkey.browserError}
          </Alert>
        )}
        {passkey.error ? <ProblemAlert error={passkey.error} title={props.failureTitle} /> : null}
        {props.error ? <ProblemAlert error={props.error} title={props.failureTitle} /> : null}
        {(props.withPasskey || onCancel) && (
          <Group>
            {props.withPasskey && (
              <Button
                color={color}
                variant={color ? 'light' : 'filled'}
                onClick={() => void withPasskey()}
                loading={passkey.pending}
              >
                Confirm with a passkey
              </Button>
            )}
            {onCancel && (
              <Button variant="default" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Group>
        )}
        <Group align="flex-end">
          <TextInput
            label={props.codeLabel}
            autoComplete="one-time-code"
            required
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" color={color} variant="light" loading={props.pending}>
            {props.submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
