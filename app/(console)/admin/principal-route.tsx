// The route of a principal's page (/admin/users/{id}, /admin/service-accounts/{id}), shared by the two
// kinds' page.tsx: the id from the path (one the API would refuse is the not-found page at once), and the
// title, asked through the API's own procedure so that it names the principal only for someone allowed to
// see it.
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import type { ComponentType } from 'react';
import { TRPCError } from '@trpc/server';
import type { PrincipalKindLabels } from '@/components/admin/principal-kinds';
import { parseId } from '@/domain/ids';

type Props = { params: Promise<{ id: string }> };

export function principalRoute<P>({
  kind,
  load,
  nameOf,
  Detail,
}: {
  kind: PrincipalKindLabels;
  /** The kind's get procedure, called as the signed-in user. */
  load: (id: number) => Promise<P>;
  nameOf: (principal: P) => string;
  Detail: ComponentType<{ id: number }>;
}) {
  async function generateMetadata({ params }: Props): Promise<Metadata> {
    const id = parseId((await params).id);
    if (id === null) return { title: kind.Noun };
    try {
      return { title: `${nameOf(await load(id))} · ${kind.title}` };
    } catch (error) {
      const refused = error instanceof TRPCError && ['UNAUTHORIZED', 'FORBIDDEN'].includes(error.code);
      return { title: refused ? kind.Noun : `${kind.Noun} not found` };
    }
  }

  async function Page({ params }: Props) {
    const id = parseId((await params).id);
    if (id === null) notFound();
    return <Detail id={id} />;
  }

  return { generateMetadata, Page };
}
