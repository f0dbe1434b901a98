import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { EnrolSecondFactor } from '@/components/enrol-second-factor';
import { getConsolePrincipal } from '@/server/auth/console-session';

export const metadata: Metadata = { title: 'Set up a second factor' };
export const dynamic = 'force-dynamic';

// Outside the console's layout, which sends an administrator here while REQUIRE_SECOND_FACTOR_FOR_ADMINS
// asks them for a second factor they do not have yet: enrolling it is all their session may do until then.
export default async function SecondFactorPage() {
  const principal = await getConsolePrincipal();
  if (!principal) redirect('/login');
  return <EnrolSecondFactor />;
}
