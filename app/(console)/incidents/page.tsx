import type { Metadata } from 'next';
import { Suspense } from 'react';
import { IncidentBoard } from '@/components/incidents/incident-board';

export const metadata: Metadata = { title: 'Incidents' };

export default function IncidentsPage() {
  // The board reads its view from the query string (useSearchParams), which needs a Suspense boundary.
  return (
    <Suspense>
      <IncidentBoard />
    </Suspense>
  );
}
