// What a webhook delivery carries: the event and the incident as the API returns it, as
// JSON for any receiver, or as a Slack incoming-webhook message.
import type {
  GroupedEvents,
  IncidentEventRow,
  IncidentRow,
  WebhookSubscriptionRow,
} from '../../../db/schema';
import { SILENCE_SUMMARY_TYPE, TEST_EVENT_TYPE, webhookEventTypeOf } from '../../schemas/webhooks';
import { toIncidentView } from '../incidents/incident-view';
import { emailMessage, shortEmailMessage } from './email-message';

/** The incidents a grouped message names by id, at most. */
const MAX_GROUP_IDS = 100;

/** Longer technical details are cut (with a note) so that a body stays bounded. */
const MAX_DETAILS = 64 * 1024;

export interface EventPayload {
  id: string;
  type: string;
  time: string;
  actor: string | null;
  message: string;
  incident: Omit<
    ReturnType<typeof toIncidentView>,
    'retryable' | 'silencedBy' | 'owner' | 'processDefinition'
  >;
  link: string;
  /**
   * A grouped message (a subscription's storm grouping, grouping.ts): the events of one incident group
   * gathered in its window. The event and incident above are the first of them; `link` opens the group.
   */
  group?: {
    key: string;
    count: number;
    /** Its incidents, the first 100 of them (`count` counts every event). */
    incidentIds: number[];
    /** The time of the latest event gathered. */
    lastTime: string;
  };
}

/** The events a grouped message stands for, and its group's key (`<source>:<templateId>:<nodeId>`). */
export interface Grouped {
  key: string;
  events: GroupedEvents;
}

export function eventPayload(
  event: IncidentEventRow,
  incident: IncidentRow,
  publicUrl: string,
  grouped?: Grouped,
): EventPayload {
  // Without `retryable`: a notification tells what happened, not what may be done later (contract §12); and
  // without `silencedBy`: what is silenced is not sent (its silence's summary is). The owner and process
  // definition are not in the payload's documented shape yet (docs/webhooks.md).
  const {
    retryable: _,
    silencedBy: __,
    owner: ___,
    processDefinition: ____,
    ...view
  } = toIncidentView(incident, null, null, null);
  if (view.technicalDetails.length > MAX_DETAILS) {
    view.technicalDetails = `${view.technicalDetails.slice(0, MAX_DETAILS)}\n[cut at ${MAX_DETAILS} characters]`;
  }
  return {
    id: `evt_${event.id}`,
    type: webhookEventTypeOf(event.eventType),
    time: event.createdAt.toISOString(),
    actor: event.actor,
    message: event.message,
    incident: view,
    link: grouped
      ? `${publicUrl}/incidents?group=${encodeURIComponent(grouped.key)}`
      : `${publicUrl}/incidents/${incident.id}`,
    ...(grouped && {
      group: {
        key: grouped.key,
        count: grouped.events.count,
        incidentIds: grouped.events.incidentIds.slice(0, MAX_GROUP_IDS),
        lastTime: grouped.events.lastAt,
      },
    }),
  };
}

/** Slack's mrkdwn needs only these three escaped (api.slack.com "Formatting text for app surfaces"). */
const slackEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const WHAT: Record<IncidentEventRow['eventType'], string> = {
  CREATED: 'new',
  OCCURRED_AGAIN: 'occurred again',
  ACKNOWLEDGED: 'acknowledged',
  RESOLVED: 'resolved',
  REOPENED: 'reopened',
  RETRY_REQUESTED: 'retry requested',
  RETRY_SUCCEEDED: 'retry succeeded',
  RETRY_FAILED: 'retry failed',
  NOTE_ADDED: 'noted',
  ASSIGNED: 'assigned',
  UNACKNOWLEDGED: 'unacknowledged',
  SNOOZED: 'snoozed',
  SNOOZE_ENDED: 'awake again',
  OWNER_CHANGED: 'owner changed',
};

/**
 * `[HIGH] Incident #42 acknowledged by alice`, or for a grouped message `[HIGH] 37 incidents new at
 * charge-card (#42 and 36 more)`: the first line of a Slack message and of an email.
 */
export const headlineOf = (event: IncidentEventRow, p: EventPayload) =>
  p.group && p.group.count > 1
    ? `[${p.incident.severity}] ${p.group.count} events: ${WHAT[event.eventType]} at ${p.incident.nodeId} (#${p.incident.id} and ${p.group.count - 1} more)`
    : `[${p.incident.severity}] Incident #${p.incident.id} ${WHAT[event.eventType]}${p.actor ? ` by ${p.actor}` : ''}`;

/** A Slack incoming-webhook message: a plain `text` (notifications) and one section block. */
export function slackMessage(event: IncidentEventRow, p: EventPayload) {
  const i = p.incident;
  const headline = headlineOf(event, p);
  const message = i.message.length > 500 ? `${i.message.slice(0, 500)}…` : i.message;
  return {
    text: `${headline}: ${message}`,
    blocks: [
      {
        type: 'section',
        text: {
          type: 'mrkdwn',
          text:
            `*<${p.link}|${slackEscape(headline)}>*\n${slackEscape(message)}\n` +
            `*Severity:* ${i.severity}   *Status:* ${i.status}   *Source:* ${i.source}\n` +
            `*Node:* ${slackEscape(i.nodeId)}   *Process instance:* ${i.processInstanceId}`,
        },
      },
    ],
  };
}

/** The body of a delivery, fixed when it is enqueued: a webhook's JSON, or an email's subject, text and HTML. */
export function renderBody(
  subscription: Pick<WebhookSubscriptionRow, 'channel' | 'format'>,
  event: IncidentEventRow,
  incident: IncidentRow,
  publicUrl: string,
  grouped?: Grouped,
): string {
  const payload = eventPayload(event, incident, publicUrl, grouped);
  if (subscription.channel === 'email')
    return JSON.stringify(emailMessage(headlineOf(event, payload), payload, event));
  return JSON.stringify(subscription.format === 'slack' ? slackMessage(event, payload) : payload);
}

const SEVERITY_RANK = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 } as const;

/** Whether a subscription wants this event of this incident. */
export function wants(
  s: WebhookSubscriptionRow,
  event: Pick<IncidentEventRow, 'held' | 'eventType'>,
  incident: Pick<IncidentRow, 'severity' | 'source' | 'nodeId'>,
): boolean {
  return (
    // Written by the system while the incident was snoozed or silenced: held (the snooze's end, or the
    // silence's summary, is sent instead).
    !event.held &&
    s.eventTypes.includes(event.eventType) &&
    (!s.minSeverity || SEVERITY_RANK[incident.severity] >= SEVERITY_RANK[s.minSeverity]) &&
    (!s.sources.length || s.sources.includes(incident.source)) &&
    (!s.nodeIds.length || s.nodeIds.includes(incident.nodeId))
  );
}

/** What a silence's summary tells a subscription (silence-summary.ts). */
export interface SilenceSummary {
  silence: {
    id: number;
    name: string;
    createdBy: string;
    startsAt: string;
    endsAt: string;
    endedAt: string;
    endedBy: string | null;
  };
  /** The held notifications this subscription would have been sent, and their incidents. */
  count: number;
  incidentIds: number[];
  time: Date;
}

/** The body of a silence's summary: the JSON shape, a Slack message or an email, like any notification. */
export function silenceSummaryBody(
  subscription: Pick<WebhookSubscriptionRow, 'channel' | 'format'>,
  summary: SilenceSummary,
  publicUrl: string,
): string {
  const { silence, count, incidentIds } = summary;
  const how = silence.endedBy ? `ended early by ${silence.endedBy}` : 'ended';
  const message =
    `Silence "${silence.name}" (by ${silence.createdBy}) ${how}: ${count} notification${count === 1 ? '' : 's'} ` +
    `held, of ${incidentIds.length} incident${incidentIds.length === 1 ? '' : 's'}`;
  const link = `${publicUrl}/silences`;
  if (subscription.channel === 'email') return JSON.stringify(shortEmailMessage(message, link));
  if (subscription.format === 'slack') return JSON.stringify(slackNotice('Silence ended', message, link));
  return JSON.stringify({
    id: `silence_${silence.id}`,
    type: SILENCE_SUMMARY_TYPE,
    time: summary.time.toISOString(),
    actor: silence.endedBy,
    message,
    silence,
    held: {
      count,
      incidents: incidentIds.length,
      incidentIds: incidentIds.slice(0, MAX_GROUP_IDS),
    },
    link,
  });
}

/** A Slack message that is a notice, not an incident's: its title linked, then the message. */
function slackNotice(title: string, message: string, link: string) {
  return {
    text: message,
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: `*<${link}|${title}>*\n${slackEscape(message)}` } },
    ],
  };
}

/** The body of a test event: the JSON shape with no incident, or a Slack message saying what it is. */
export function testEventBody(
  subscription: WebhookSubscriptionRow,
  actor: string,
  publicUrl: string,
): string {
  const message = `Test event for subscription "${subscription.name}", sent by ${actor} from the console`;
  const link = `${publicUrl}/admin/webhooks`;
  if (subscription.channel === 'email') return JSON.stringify(shortEmailMessage(message, link));
  if (subscription.format === 'slack') return JSON.stringify(slackNotice('Test event', message, link));
  return JSON.stringify({
    id: `evt_test_${Date.now()}`,
    type: TEST_EVENT_TYPE,
    time: new Date().toISOString(),
    actor,
    message,
    incident: null,
    link,
  });
}
