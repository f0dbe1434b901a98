import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { LoginForm } from './login-form';
import { SsoSignIn } from '@/components/sso-sign-in';
import { getConsolePrincipal } from '@/server/auth/console-session';
import { getOidcSettings } from '@/server/auth/oidc-settings';
import { safeRedirectPath } from '@/lib/safe-redirect';

export const metadata: Metadata = { title: 'Sign in' };
export const dynamic = 'force-dynamic';

export default async function LoginPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const params = await searchParams;
  const callbackUrl = safeRedirectPath(params.callbackUrl);
  if (await getConsolePrincipal()) redirect(callbackUrl);
  const oidc = getOidcSettings();
  const error = typeof params.error === 'string' ? params.error : null;
  return (
    <LoginForm callbackUrl={callbackUrl}>
      {oidc && <SsoSignIn displayName={oidc.displayName} callbackUrl={callbackUrl} error={error} />}
    </LoginForm>
  );
}
