import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TableSkeleton } from '@/components/ui/table-skeleton';
import { UsersPage } from '@/components/admin/users-page';

export const metadata: Metadata = { title: 'Users' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading users" />}>
      <UsersPage />
    </Suspense>
  );
}
