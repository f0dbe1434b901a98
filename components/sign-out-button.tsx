'use client';
import { Button } from '@mantine/core';
import { signOut } from 'next-auth/react';
import { useState } from 'react';

export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  async function signOutHere() {
    setBusy(true);
    // A full page load rather than next-auth's redirect: it drops every cached query of the signed-out user.
    await signOut({ redirect: false });
    window.location.assign('/login');
  }
  return (
    <Button
      variant="default"
      size="xs"
      loading={busy}
      onClick={() => void signOutHere()}
      style={{ flexShrink: 0 }}
    >
      Sign out
    </Button>
  );
}
