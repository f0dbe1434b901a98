'use client';
// The lifecycle timeline of an incident, oldest first, as the API returns it.
import { Anchor, Text, Timeline } from '@mantine/core';
import Link from 'next/link';
import type { PayloadChange } from '@/domain/payload-patch';
import { EVENT_COLOR, EVENT_LABEL, type IncidentEventType } from './labels';
import { PayloadChanges } from './payload-correction';
import { formatExact, formatRelative } from './relative-time';

export interface TimelineEntry {
  id: number;
  eventType: IncidentEventType;
  message: string;
  actor: string | null;
  createdAt: string;
  /** A retry that corrected the payload: what it changed. */
  payloadChanges?: PayloadChange[];
  /** The silence that held its notification, if one did. */
  silenceId?: number | null;
}

export function IncidentTimeline({ events, now }: { events: TimelineEntry[]; now: number }) {
  if (!events.length) {
    return (
      <Text size="sm" c="dimmed">
        No entries yet.
      </Text>
    );
  }
  return (
    <Timeline
      active={events.length - 1}
      bulletSize={16}
      lineWidth={2}
      role="list"
      aria-label="Timeline entries"
    >
      {events.map((event) => (
        <Timeline.Item
          key={event.id}
          color={EVENT_COLOR[event.eventType]}
          title={
            <Text size="sm" fw={600} component="span">
              {EVENT_LABEL[event.eventType]}{' '}
              <Text span size="xs" c="dimmed" ff="monospace">
                {event.eventType}
              </Text>
            </Text>
          }
          role="listitem"
          data-event-type={event.eventType}
        >
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {event.message}
          </Text>
          {event.payloadChanges && (
            <PayloadChanges changes={event.payloadChanges} caption="Payload corrected" />
          )}
          <Text size="xs" c="dimmed" mt={2}>
            by {event.actor ?? 'system'} ·{' '}
            <time dateTime={event.createdAt} title={formatRelative(event.createdAt, now)}>
              {formatExact(event.createdAt)}
            </time>
            {event.silenceId ? (
              <>
                {' '}
                ·{' '}
                <Anchor component={Link} href="/silences" inherit>
                  notification held by silence {event.silenceId}
                </Anchor>
              </>
            ) : null}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
