import type { Metadata } from 'next';
import { Suspense } from 'react';
import { UsersPage } from '@/components/admin/users-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';

export const metadata: Metadata = { title: 'Users' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading users" />}>
      <UsersPage />
    </Suspense>
  );
}
