import type { Metadata } from 'next';
import { Suspense } from 'react';
import { GroupsPage } from '@/components/admin/groups-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';

export const metadata: Metadata = { title: 'Groups' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading groups" />}>
      <GroupsPage />
    </Suspense>
  );
}
