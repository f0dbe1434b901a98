'use client';
// The console's error boundary: a page that failed to render says so in words and offers to try again;
// the shell (navigation, sign-out) stays usable around it.
import { Alert, Button, Code, Group, Stack, Text, Title } from '@mantine/core';
import { TRPCClientError } from '@trpc/client';
import Link from 'next/link';
import { problemOf } from '@/components/forms/zod-form';

function describe(error: unknown): { message: string; reference?: string } {
  if (error instanceof TRPCClientError) return { message: problemOf(error).detail };
  const digest =
    error instanceof Error && 'digest' in error && typeof error.digest === 'string'
      ? error.digest
      : undefined;
  if (digest) {
    // A server-side failure: production hides its message; the digest finds it in the server log.
    return {
      message:
        'The server could not prepare this page. This may be a passing problem; try again in a moment.',
      reference: digest,
    };
  }
  const network = problemOf(error);
  if (network.detail.startsWith('The service cannot be reached')) return { message: network.detail };
  return {
    message:
      error instanceof Error && error.message
        ? `The page stopped with an error: ${error.message}`
        : 'The page stopped with an unexpected error.',
  };
}

export default function ConsoleError({ error, retry }: { error: unknown; retry: () => void }) {
  const { message, reference } = describe(error);
  return (
    <Stack maw={640}>
      <title>Something went wrong · BPM Admin Console</title>
      <Title order={1} size="h2">
        Something went wrong
      </Title>
      <Alert color="red" role="alert" title="This page could not be shown">
        <Stack gap="xs">
          <Text size="sm">{message}</Text>
          {reference && (
            <Text size="sm">
              If it keeps happening, give the administrators this reference: <Code>{reference}</Code>
            </Text>
          )}
        </Stack>
      </Alert>
      <Group>
        <Button onClick={() => retry()}>Try again</Button>
        <Button component={Link} href="/" variant="default">
          Back to the dashboard
        </Button>
      </Group>
    </Stack>
  );
}
