'use client';
import { Anchor, Badge, Box, Code, Progress, Skeleton, Stack, Table, Text } from '@mantine/core';
import Link from 'next/link';
import type { IncidentStats } from './types';
import { formatCount } from '../format-count';

/** The nodes that failed most over the window, with how many of their incidents are still unresolved. */
export function TopNodes({ nodes, days }: { nodes: IncidentStats['topNodes'] | undefined; days: number }) {
  if (!nodes) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading the top failing nodes">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (nodes.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No node has failed in the last {days} days.
      </Text>
    );
  }
  const most = Math.max(...nodes.map((n) => n.incidents), 1);
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Top failing nodes">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Node</Table.Th>
          <Table.Th scope="col" ta="right" style={{ whiteSpace: 'nowrap' }}>
            Incidents
          </Table.Th>
          <Table.Th scope="col" ta="right">
            Unresolved
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {nodes.map((n) => (
          <Table.Tr key={n.nodeId}>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>
              <Box>
                {/* To the board filtered by this node. */}
                <Anchor
                  component={Link}
                  href={`/incidents?nodeId=${encodeURIComponent(n.nodeId)}`}
                  aria-label={`Incidents at node ${n.nodeId}`}
                >
                  <Code bg="transparent" p={0} fz="sm" c="inherit">
                    {n.nodeId}
                  </Code>
                </Anchor>
                <Progress
                  value={(n.incidents / most) * 100}
                  size={4}
                  mt={4}
                  color={n.unresolved > 0 ? 'red.5' : 'gray.4'}
                  aria-hidden
                />
              </Box>
            </Table.Td>
            <Table.Td ta="right" fw={600}>
              {formatCount(n.incidents)}
            </Table.Td>
            <Table.Td ta="right">
              {n.unresolved > 0 ? (
                <Badge color="red" variant="light" size="md">
                  {formatCount(n.unresolved)}
                </Badge>
              ) : (
                <Text span size="sm" c="dimmed">
                  0
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
