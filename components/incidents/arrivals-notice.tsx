'use client';
// "3 new incidents — show": new rows wait for the responder instead of moving the rows under the pointer.
import { Button, Group, Text } from '@mantine/core';
import { formatCount } from '../format-count';

export function ArrivalsNotice({ count, onShow }: { count: number; onShow: () => void }) {
  // Always rendered, so that screen readers hear the count change (a live region must exist before it).
  return (
    <Group gap="xs" role="status" aria-live="polite" mih={count ? undefined : 0}>
      {count > 0 && (
        <>
          <Text size="sm" fw={500}>
            {count === 1 ? '1 new incident' : `${formatCount(count)} new incidents`}
          </Text>
          <Button size="compact-sm" variant="light" onClick={onShow}>
            Show
          </Button>
        </>
      )}
    </Group>
  );
}
