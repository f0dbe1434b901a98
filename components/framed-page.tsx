import { Center, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The frame of the pages shown outside the console shell (sign-in, no access, page not found): one
 * centred panel on the same light background, with the product name above the page's own heading.
 */
export function FramedPage({
  children,
  width = 420,
  withProductName = true,
}: {
  children: ReactNode;
  width?: number;
  withProductName?: boolean;
}) {
  return (
    <Center mih="100vh" bg="gray.0" p="md">
      <Paper withBorder shadow="sm" p="xl" w="100%" maw={width} component="main">
        <Stack>
          {withProductName && (
            <Text size="sm" fw={700} c="dimmed" tt="uppercase" lts={0.5}>
              BPM Admin Console
            </Text>
          )}
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
