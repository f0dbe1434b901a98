'use client';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { signIn, type SignInResponse } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FramedPage } from '@/components/framed-page';
import { signWithPasskey, webAuthnFailure } from '@/components/passkey-browser';
import { useTRPC } from '@/components/trpc';
import { problemOf } from '@/components/forms/zod-form';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { SECOND_FACTOR_REQUIRED_ERROR } from '@/lib/second-factor';

/** What the second step was answered with: a code, or a passkey. */
type SecondFactor = 'code' | 'passkey';

function messageFor(error: string, askingCode: boolean, tried: SecondFactor): string {
  if (error === 'CredentialsSignin' && askingCode && tried === 'passkey')
    return 'The passkey was not accepted. Try again, or use a code.';
  if (error === 'CredentialsSignin' && askingCode) return 'Wrong or already used code.';
  if (error === 'CredentialsSignin') return 'Wrong username or password, or the account is disabled.';
  if (/too many/i.test(error)) return error;
  return 'Sign-in failed. Please try again.';
}

/**
 * `children`: other ways in, below the password form (the SSO button, components/sso-sign-in.tsx); not at
 * the code step, where the password was already right and only the second factor is asked.
 */
export function LoginForm({ callbackUrl, children }: { callbackUrl: string; children?: ReactNode }) {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // The second step: the password was right and the account has a second factor. No session exists yet;
  // the password is sent again with the code.
  const [askingCode, setAskingCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until React has taken over the form, a click would submit it natively; the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const trpc = useTRPC();
  const passkeyChallenge = useMutation(trpc.auth.startPasskeySignIn.mutationOptions());

  function finish(result: SignInResponse | undefined, tried: SecondFactor) {
    setBusy(false);
    if (result?.ok && !result.error) {
      // Checked again here: whatever reaches this component, a sign-in never leaves the site.
      router.replace(safeRedirectPath(callbackUrl));
      router.refresh();
    } else if (result?.error === SECOND_FACTOR_REQUIRED_ERROR) {
      setAskingCode(true);
    } else {
      setError(messageFor(result?.error ?? '', askingCode, tried));
      if (askingCode) setCode('');
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', {
      username,
      password,
      ...(askingCode ? { code } : {}),
      redirect: false,
    });
    finish(result, 'code');
  }

  // The passkey instead of the code: a challenge for this sign-in (asked with the password again), signed
  // by the browser, then sent with the password as the code would be.
  async function signInWithPasskey() {
    setBusy(true);
    setError(null);
    const options = await passkeyChallenge.mutateAsync({ username, password }).catch((failure: unknown) => {
      setError(problemOf(failure).detail);
      return null;
    });
    if (!options) return setBusy(false);
    let passkey: string;
    try {
      passkey = JSON.stringify(await signWithPasskey(options));
    } catch (failure) {
      setBusy(false);
      setError(webAuthnFailure(failure));
      return;
    }
    finish(await signIn('credentials', { username, password, passkey, redirect: false }), 'passkey');
  }

  return (
    <FramedPage width={400} withProductName={false}>
      {/* method="post": even a native submission must never put the password into the URL. */}
      <form method="post" onSubmit={submit} aria-label="Sign in">
        <Stack>
          <div>
            <Title order={1} size="h3">
              BPM Admin Console
            </Title>
            <Text c="dimmed" size="sm">
              Sign in to administer access and handle incidents.
            </Text>
          </div>
          {error && (
            <Alert color="red" role="alert" title="Could not sign in">
              {error}
            </Alert>
          )}
          {askingCode ? (
            <>
              <TextInput
                label="Code"
                description="The six-digit code from your authenticator app, or one of your recovery codes."
                name="code"
                autoComplete="one-time-code"
                autoFocus
                required
                value={code}
                onChange={(e) => setCode(e.currentTarget.value)}
              />
              <Button
                type="button"
                variant="default"
                onClick={() => void signInWithPasskey()}
                disabled={busy}
              >
                Use a passkey
              </Button>
            </>
          ) : (
            <>
              <TextInput
                label="Username"
                name="username"
                autoComplete="username"
                autoFocus
                required
                value={username}
                onChange={(e) => setUsername(e.currentTarget.value)}
              />
              <PasswordInput
                label="Password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
            </>
          )}
          <Button type="submit" loading={busy} disabled={!ready} fullWidth>
            {askingCode ? 'Verify' : 'Sign in'}
          </Button>
        </Stack>
      </form>
      {!askingCode && children}
    </FramedPage>
  );
}
