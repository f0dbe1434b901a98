import type { Metadata } from 'next';
import { Suspense } from 'react';
import { NotificationsPage } from '@/components/admin/notifications-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';

export const metadata: Metadata = { title: 'Notifications' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading subscriptions" />}>
      <NotificationsPage />
    </Suspense>
  );
}
