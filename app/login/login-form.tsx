'use client';
import { Alert, Button, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import { signIn } from 'next-auth/react';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { FramedPage } from '@/components/framed-page';
import { safeRedirectPath } from '@/lib/safe-redirect';

function messageFor(error: string): string {
  if (error === 'CredentialsSignin') return 'Wrong username or password, or the account is disabled.';
  if (/too many/i.test(error)) return error;
  return 'Sign-in failed. Please try again.';
}

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Until React has taken over the form, a click would submit it natively; the button waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    const result = await signIn('credentials', { username, password, redirect: false });
    setBusy(false);
    if (result?.ok && !result.error) {
      // Checked again here: whatever reaches this component, a sign-in never leaves the site.
      router.replace(safeRedirectPath(callbackUrl));
      router.refresh();
    } else {
      setError(messageFor(result?.error ?? ''));
    }
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
          <Button type="submit" loading={busy} disabled={!ready} fullWidth>
            Sign in
          </Button>
        </Stack>
      </form>
    </FramedPage>
  );
}
