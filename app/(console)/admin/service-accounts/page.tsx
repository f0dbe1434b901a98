import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ServiceAccountsPage } from '@/components/admin/service-accounts-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';

export const metadata: Metadata = { title: 'Service accounts' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading service accounts" />}>
      <ServiceAccountsPage />
    </Suspense>
  );
}
