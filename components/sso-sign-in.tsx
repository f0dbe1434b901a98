'use client';
// The sign-in page's single sign-on: a button that starts next-auth's authorization code flow with the
// OpenID provider, and the reason when the last attempt failed (next-auth's `error` on the page's URL).
// Shown only when OIDC_* is configured; the password form above it stays as the break-glass way in.
import { Alert, Button, Divider, Stack } from '@mantine/core';
import { signIn } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { safeRedirectPath } from '@/lib/safe-redirect';
import { OIDC_PROVIDER_ID, ssoErrorMessage } from '@/lib/single-sign-on';

export function SsoSignIn({
  displayName,
  callbackUrl,
  error,
}: {
  displayName: string;
  callbackUrl: string;
  error: string | null;
}) {
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const message = error ? ssoErrorMessage(error) : null;

  async function start() {
    setBusy(true);
    // next-auth answers the provider's authorization URL (with state and the PKCE challenge, kept in
    // cookies for the callback), or its error page when the provider cannot be reached; the browser goes there.
    await signIn(OIDC_PROVIDER_ID, { callbackUrl: safeRedirectPath(callbackUrl) });
  }

  return (
    <Stack gap="sm">
      <Divider label="or" labelPosition="center" />
      {message && (
        <Alert color="red" role="alert" title="Single sign-on failed">
          {message}
        </Alert>
      )}
      <Button variant="default" fullWidth onClick={start} loading={busy} disabled={!ready}>
        Continue with {displayName}
      </Button>
    </Stack>
  );
}
