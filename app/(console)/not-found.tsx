'use client';
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import Link from 'next/link';

/** A console page asked for something that does not exist (notFound()); shown inside the shell. */
export default function ConsoleNotFound() {
  return (
    <Stack maw={640}>
      <Title order={1} size="h2">
        Not found
      </Title>
      <Alert color="gray" title="Nothing here">
        <Text size="sm">
          What this address points to does not exist, or no longer does: it may have been deleted, or the link
          may be mistyped.
        </Text>
      </Alert>
      <Group>
        <Button component={Link} href="/">
          Back to the dashboard
        </Button>
      </Group>
    </Stack>
  );
}
