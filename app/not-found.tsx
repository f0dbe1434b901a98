import { Button, Group, Text, Title } from '@mantine/core';
import type { Metadata } from 'next';
import { FramedPage } from '@/components/framed-page';

export const metadata: Metadata = { title: 'Page not found' };

/**
 * Any address that matches no page. Outside the console shell: it is shown signed in or not. A server
 * component (for its title), so the way back is a plain link: a full page load, which is fine here.
 */
export default function NotFound() {
  return (
    <FramedPage width={480}>
      <Title order={1} size="h3">
        Page not found
      </Title>
      <Text>There is no page at this address. The link may be mistyped, or the page may have moved.</Text>
      <Group>
        <Button component="a" href="/">
          Go to the dashboard
        </Button>
      </Group>
    </FramedPage>
  );
}
