'use client';
import { Card, SimpleGrid, Skeleton, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from './trpc';

function CountCard({ label, value }: { label: string; value: number | undefined }) {
  return (
    <Card withBorder component="section" aria-label={label} aria-busy={value === undefined}>
      <Text size="sm" c="dimmed" aria-hidden>
        {label}
      </Text>
      {value === undefined ? (
        <Skeleton h={32} w={60} mt={4} />
      ) : (
        <Text fz={28} fw={700}>
          {value}
        </Text>
      )}
    </Card>
  );
}

export function OverviewCounts() {
  const trpc = useTRPC();
  const users = useQuery(trpc.admin.listUsers.queryOptions({}));
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));
  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }}>
      <CountCard label="Users" value={users.data?.length} />
      <CountCard label="Enabled users" value={users.data?.filter((u) => u.enabled).length} />
      <CountCard label="Groups" value={groups.data?.length} />
    </SimpleGrid>
  );
}
