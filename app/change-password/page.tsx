import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/change-password-form';
import { getConsolePrincipal } from '@/server/auth/console-session';

export const metadata: Metadata = { title: 'Change your password' };
export const dynamic = 'force-dynamic';

// Outside the console's layout, which sends a person who must change the password here: the change is a
// public operation (the current password proves who is asking), so it works with or without a session.
export default async function ChangePasswordPage() {
  const principal = await getConsolePrincipal();
  return (
    <ChangePasswordForm
      username={principal?.username ?? ''}
      required={Boolean(principal?.mustChangePassword)}
    />
  );
}
