'use client';
// A new set of recovery codes, however it was made (an authenticator app confirmed, a first passkey, a new
// set asked for): shown once, from the answer that made it; only their hashes are kept.
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';

export function NewRecoveryCodes({ codes, onSaved }: { codes: string[]; onSaved: () => void }) {
  return (
    <Alert color="teal" title="Save your recovery codes now" role="status">
      <Stack gap="xs">
        <Text size="sm">
          Each one signs you in once in place of your second factor, should you lose it. They are shown only
          this once.
        </Text>
        <List aria-label="Recovery codes" listStyleType="none" ff="monospace">
          {codes.map((c) => (
            <List.Item key={c}>{c}</List.Item>
          ))}
        </List>
        <Group>
          <Button variant="light" onClick={onSaved}>
            I have saved them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
