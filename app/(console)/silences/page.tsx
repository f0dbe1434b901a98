import type { Metadata } from 'next';
import { SilencesPage } from '@/components/silences/silences-page';

export const metadata: Metadata = { title: 'Silences' };

export default function Page() {
  return <SilencesPage />;
}
