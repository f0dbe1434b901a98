'use client';
// The signed-in person's own account: where they are signed in, and ending those sessions.
import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/admin/page-header';
import { SessionsCard } from '@/components/sessions-card';

export function AccountPage() {
  return (
    <Stack>
      <PageHeader title="Your account" description="Your console sign-ins, and ending them." />
      <SessionsCard />
    </Stack>
  );
}
