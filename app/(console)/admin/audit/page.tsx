import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuditPage } from '@/components/admin/audit-page';
import { TableSkeleton } from '@/components/ui/table-skeleton';

export const metadata: Metadata = { title: 'Audit log' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton label="Loading audit events" rows={8} />}>
      <AuditPage />
    </Suspense>
  );
}
