import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { TRPCError } from '@trpc/server';
import { ServiceAccountDetail } from '@/components/admin/service-account-detail';
import { adminCaller } from '@/server/transport/console-caller';

type Props = { params: Promise<{ id: string }> };

function parseId(raw: string): number | null {
  return /^[1-9][0-9]{0,15}$/.test(raw) && Number(raw) <= Number.MAX_SAFE_INTEGER ? Number(raw) : null;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseId((await params).id);
  if (id === null) return { title: 'Service account' };
  // Asked through the API's own procedure: the title names the account only for someone allowed to see it.
  try {
    const account = await (await adminCaller()).getServiceAccount({ id });
    return { title: `${account.name} · Service accounts` };
  } catch (error) {
    const refused = error instanceof TRPCError && ['UNAUTHORIZED', 'FORBIDDEN'].includes(error.code);
    return { title: refused ? 'Service account' : 'Service account not found' };
  }
}

export default async function Page({ params }: Props) {
  const id = parseId((await params).id);
  if (id === null) notFound();
  return <ServiceAccountDetail id={id} />;
}
