import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/** One label/value pair of a detail card (a <dt>/<dd> of the card's <dl>); long values wrap anywhere. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue style={{ overflowWrap: 'anywhere', minWidth: 0 }}>{children}</DataList.ItemValue>
    </DataList.Item>
  );
}
