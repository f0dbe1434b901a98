import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { UserDetail } from '@/components/admin/user-detail';
import { getProcessDatabase } from '@/db/client';
import { getConsolePrincipal } from '@/server/auth/console-session';
import { ADMIN_PERMISSION } from '@/server/permissions';
import { getUserView } from '@/server/services/admin/users';

type Props = { params: Promise<{ id: string }> };

function parseId(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER ? Number(raw) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  // The title names the user only for someone allowed to see them.
  const principal = await getConsolePrincipal();
  if (id === null || !principal?.permissions.has(ADMIN_PERMISSION)) return { title: 'User' };
  const { db } = await getProcessDatabase();
  const user = await getUserView(db, { id }).catch(() => undefined);
  return { title: user ? `${user.username} · Users` : 'User not found' };
}

export default async function Page({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  return <UserDetail id={id} />;
}
