import { Group, SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** While a console page loads: the outline of a page (heading, a row of cards, a large block). */
export default function ConsoleLoading() {
  return (
    <Stack gap="lg" aria-busy="true" aria-label="Loading the page">
      <Group justify="space-between">
        <Skeleton h={32} w={220} />
        <Skeleton h={16} w={160} visibleFrom="sm" />
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} h={112} />
        ))}
      </SimpleGrid>
      <Skeleton h={320} />
    </Stack>
  );
}
