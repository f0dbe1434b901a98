'use client';
// The signed-in person's own account: their second factors, where they are signed in, and ending those sessions.
// A person of the identity provider (single sign-on) passes its second factor there: none is offered here.
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/admin/page-header';
import { PasskeysCard } from '@/components/passkeys-card';
import { RecoveryCodesCard } from '@/components/recovery-codes';
import { SecondFactorCard } from '@/components/second-factor-card';
import { SessionsCard } from '@/components/sessions-card';
import { useTRPC } from '@/components/trpc';

export function AccountPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.auth.me.queryOptions());
  const viaIdentityProvider = me.data?.viaIdentityProvider;
  return (
    <Stack>
      <PageHeader
        title="Your account"
        description={
          viaIdentityProvider
            ? 'Your console sign-ins, and ending them.'
            : 'Your second factors, your console sign-ins, and ending them.'
        }
      />
      {viaIdentityProvider === true && (
        <Alert variant="light" title="You sign in through your identity provider">
          Your password and second factor are set up with the identity provider, which asks for them when you
          sign in; this console keeps none of its own for you.
        </Alert>
      )}
      {viaIdentityProvider === false && (
        <>
          <SecondFactorCard />
          <PasskeysCard />
          <RecoveryCodesCard />
        </>
      )}
      <SessionsCard />
    </Stack>
  );
}
