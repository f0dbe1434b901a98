import type { Metadata } from 'next';
import { OncallPage } from '@/components/oncall/oncall-page';

export const metadata: Metadata = { title: 'On call' };

export default function Page() {
  return <OncallPage />;
}
