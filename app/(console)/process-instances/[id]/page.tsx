import type { Metadata } from 'next';
import { decodeSegment, parseIdParam } from '@/components/incidents/id-param';
import { ProcessInstanceView } from '@/components/incidents/process-instance-view';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const id = parseIdParam(decodeSegment((await params).id));
  return { title: id ? `Process instance ${id}` : 'Process instance' };
}

export default async function ProcessInstancePage({ params }: Props) {
  const { id } = await params;
  return <ProcessInstanceView rawId={decodeSegment(id)} />;
}
