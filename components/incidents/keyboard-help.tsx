'use client';
// The list of the board's keys, opened with ? (use-board-keys.ts) or the "Keys" button.
import { Button, Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { BOARD_KEYS } from './use-board-keys';

export function KeyboardHelp({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Keyboard shortcuts" size="md">
      <Table aria-label="Keyboard shortcuts of the incident board" verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Key</Table.Th>
            <Table.Th scope="col">Does</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {BOARD_KEYS.map(({ keys, action }) => (
            <Table.Tr key={action}>
              <Table.Td>
                <Group gap={4}>
                  {keys.map((k) => (
                    <Kbd key={k}>{k}</Kbd>
                  ))}
                </Group>
              </Table.Td>
              <Table.Td>{action}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}

/** The line under the board that tells the keys exist. */
export function KeyboardHint({ onOpen }: { onOpen: () => void }) {
  return (
    <Group gap={6} justify="flex-end" visibleFrom="sm">
      <Text size="xs" c="dimmed">
        <Kbd size="xs">j</Kbd> <Kbd size="xs">k</Kbd> move, <Kbd size="xs">Enter</Kbd> opens,{' '}
        <Kbd size="xs">a</Kbd> acknowledges
      </Text>
      <Button variant="subtle" size="compact-xs" onClick={onOpen} aria-keyshortcuts="Shift+?">
        All keys (?)
      </Button>
    </Group>
  );
}
