'use client';
// Every field of an incident (the Details card) and what its reporter sent as technical details.
import { Anchor, Card, Code, DataList, Text, Title } from '@mantine/core';
import Link from 'next/link';
import type { ReactNode } from 'react';
import type { IncidentView } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import { DetailField } from './detail-field';
import { RESOLUTION_LABEL, SOURCE_LABEL } from './labels';
import { ExactTime } from './relative-time';
import { workerRequestIdOf } from './retry-progress';
import { formatCount } from '../format-count';

function Missing({ children }: { children: ReactNode }) {
  return (
    <Text span c="dimmed" inherit>
      {children}
    </Text>
  );
}

export function IncidentDetailsCard({ incident, now }: { incident: IncidentView; now: number }) {
  const workerRequestId = workerRequestIdOf(incident.externalReferenceId);
  return (
    <Card withBorder component="section" aria-labelledby="details-heading">
      <Title order={2} size="h4" id="details-heading" mb="sm">
        Details
      </Title>
      <DataList labelWidth={170} gap="xs" size="sm">
        <DetailField label="Incident ID">{incident.id}</DetailField>
        <DetailField label="Status">
          <StatusBadge status={incident.status} size="sm" />
        </DetailField>
        <DetailField label="Severity">
          <SeverityBadge severity={incident.severity} size="sm" />
        </DetailField>
        <DetailField label="Source">
          {SOURCE_LABEL[incident.source]} <Code>{incident.source}</Code>
        </DetailField>
        <DetailField label="Process instance">
          <Anchor component={Link} href={`/process-instances/${incident.processInstanceId}`} inherit>
            {incident.processInstanceId}
          </Anchor>
        </DetailField>
        <DetailField label="Node">
          <Code>{incident.nodeId}</Code>
        </DetailField>
        <DetailField label="Reference">
          <Code>{incident.externalReferenceId}</Code>
          {workerRequestId && (
            <Text span size="xs" c="dimmed">
              {' '}
              worker request {workerRequestId}
            </Text>
          )}
        </DetailField>
        <DetailField label="Occurrences">{formatCount(incident.occurrenceCount)}</DetailField>
        <DetailField label="Created">
          <ExactTime value={incident.createdAt} now={now} />
        </DetailField>
        <DetailField label="Last occurred">
          <ExactTime value={incident.lastOccurredAt} now={now} />
        </DetailField>
        <DetailField label="Last updated">
          <ExactTime value={incident.updatedAt} now={now} />
        </DetailField>
        <DetailField label="Assignee">{incident.assignee ?? <Missing>Nobody</Missing>}</DetailField>
        <DetailField label="Owning team">
          {incident.owner ? (
            <Anchor component={Link} href={`/incidents?owner=${incident.owner.code}`} inherit>
              {incident.owner.code}
            </Anchor>
          ) : (
            <Missing>No team</Missing>
          )}
        </DetailField>
        {incident.processDefinition && (
          <DetailField label="Process definition">{incident.processDefinition}</DetailField>
        )}
        <DetailField label="Acknowledged">
          {incident.acknowledgedAt ? (
            <>
              <ExactTime value={incident.acknowledgedAt} now={now} /> by {incident.acknowledgedBy ?? 'system'}
            </>
          ) : (
            <Missing>Not acknowledged</Missing>
          )}
        </DetailField>
        <DetailField label="Resolved">
          {incident.resolvedAt ? (
            <>
              <ExactTime value={incident.resolvedAt} now={now} /> by {incident.resolvedBy ?? 'system'}
            </>
          ) : (
            <Missing>Not resolved</Missing>
          )}
        </DetailField>
        <DetailField label="Resolution action">
          {incident.resolutionAction ? (
            <>
              {RESOLUTION_LABEL[incident.resolutionAction]} <Code>{incident.resolutionAction}</Code>
            </>
          ) : (
            <Missing>—</Missing>
          )}
        </DetailField>
        <DetailField label="Resolution note">
          {incident.resolutionNote ? (
            <Text span inherit style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {incident.resolutionNote}
            </Text>
          ) : (
            <Missing>—</Missing>
          )}
        </DetailField>
      </DataList>
    </Card>
  );
}

export function TechnicalDetailsCard({ details }: { details: string | null | undefined }) {
  return (
    <Card withBorder component="section" aria-labelledby="technical-heading">
      <Title order={2} size="h4" id="technical-heading" mb="sm">
        Technical details
      </Title>
      {details ? (
        <Code
          block
          style={{ maxHeight: 360, overflow: 'auto', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          tabIndex={0}
          aria-label="Technical details"
        >
          {details}
        </Code>
      ) : (
        <Text size="sm" c="dimmed">
          None were reported.
        </Text>
      )}
    </Card>
  );
}
