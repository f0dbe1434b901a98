'use client';
// The signed-in person's own account: their second factors, where they are signed in, and ending those sessions.
import { Stack } from '@mantine/core';
import { PageHeader } from '@/components/admin/page-header';
import { PasskeysCard } from '@/components/passkeys-card';
import { RecoveryCodesCard } from '@/components/recovery-codes';
import { SecondFactorCard } from '@/components/second-factor-card';
import { SessionsCard } from '@/components/sessions-card';

export function AccountPage() {
  return (
    <Stack>
      <PageHeader
        title="Your account"
        description="Your second factors, your console sign-ins, and ending them."
      />
      <SecondFactorCard />
      <PasskeysCard />
      <RecoveryCodesCard />
      <SessionsCard />
    </Stack>
  );
}
