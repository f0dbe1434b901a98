'use client';
import { Button } from '@mantine/core';
import { signOut } from 'next-auth/react';

export function SignOutButton() {
  return (
    <Button variant="default" size="xs" onClick={() => signOut({ callbackUrl: '/login' })}>
      Sign out
    </Button>
  );
}
