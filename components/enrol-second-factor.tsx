'use client';
// The page an administrator is sent to when a second factor is required of them and they have none.
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { FramedPage } from '@/components/framed-page';
import { PasskeysCard } from '@/components/passkeys-card';
import { SecondFactorCard } from '@/components/second-factor-card';

export function EnrolSecondFactor() {
  return (
    <FramedPage width={520}>
      <Stack>
        <div>
          <Title order={1} size="h3">
            Set up a second factor
          </Title>
          <Text size="sm" c="dimmed">
            Administrators of this console must sign in with a second factor as well as their password: a code
            from an authenticator app, or a passkey. Set one up to continue.
          </Text>
        </div>
        <SecondFactorCard />
        <PasskeysCard />
        {/* A full load: the console's layout decides again, from the session, where to go. */}
        <Anchor href="/">Continue to the console</Anchor>
      </Stack>
    </FramedPage>
  );
}
