import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/console-shell';
import { NoAccess } from '@/components/no-access';
import { getConsolePrincipal, isSecurityDisabled } from '@/server/auth/console-session';
import { ADMIN_PERMISSION } from '@/server/permissions';
import { REQUEST_PATH_HEADER, signInPathFor } from '@/lib/sign-in-path';

export const dynamic = 'force-dynamic';

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const principal = await getConsolePrincipal();
  if (!principal) redirect(signInPathFor((await headers()).get(REQUEST_PATH_HEADER)));
  if (principal.mustChangePassword) redirect('/change-password');
  if (principal.mustEnrolSecondFactor) redirect('/second-factor');
  if (!principal.permissions.has(ADMIN_PERMISSION)) return <NoAccess username={principal.username} />;
  return (
    <ConsoleShell
      username={principal.username}
      securityDisabled={isSecurityDisabled()}
      timeZone={Intl.DateTimeFormat().resolvedOptions().timeZone}
    >
      {children}
    </ConsoleShell>
  );
}
