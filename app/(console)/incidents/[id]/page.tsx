import type { Metadata } from 'next';
import { IncidentDetail } from '@/components/incidents/incident-detail';
import { decodeSegment, parseIdParam } from '@/components/incidents/id-param';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseIdParam(decodeSegment((await params).id));
  return { title: id ? `Incident ${id}` : 'Incident' };
}

export default async function IncidentPage({ params }: Props) {
  const { id } = await params;
  return <IncidentDetail rawId={decodeSegment(id)} />;
}
