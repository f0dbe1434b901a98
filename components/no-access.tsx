import { Text, Title } from '@mantine/core';
import { FramedPage } from './framed-page';
import { SignOutButton } from './sign-out-button';

export function NoAccess({ username }: { username: string }) {
  return (
    <FramedPage width={480}>
      <Title order={1} size="h3">
        No access
      </Title>
      <Text>
        You are signed in as <b>{username}</b>, but this console is only for users holding the permission{' '}
        <code>ACCESS_BPM_ADMIN</code>. Ask an administrator to grant it to you or to one of your groups.
      </Text>
      <div>
        <SignOutButton />
      </div>
    </FramedPage>
  );
}
