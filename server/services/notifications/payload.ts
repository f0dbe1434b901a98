// What a webhook delivery carries (issue 15 item 2): the event and the incident as the API returns it, as
// JSON for any receiver, or as a Slack incoming-webhook message.
import type { IncidentEventRow, IncidentRow, WebhookSubscriptionRow } from '../../../db/schema';
import { webhookEventTypeOf } from '../../schemas/webhooks';
import { toIncidentView } from '../incidents/incident-view';

/** Longer technical details are cut (with a note) so that a body stays bounded. */
const MAX_DETAILS = 64 * 1024;

export interface EventPayload {
  id: string;
  type: string;
  time: string;
  actor: string | null;
  message: string;
  incident: ReturnType<typeof toIncidentView>;
  link: string;
}

export function eventPayload(
  event: IncidentEventRow,
  incident: IncidentRow,
  publicUrl: string,
): EventPayload {
  const view = toIncidentView(incident);
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
    link: `${publicUrl}/incidents/${incident.id}`,
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
};

/** A Slack incoming-webhook message: a plain `text` (notifications) and one section block. */
export function slackMessage(event: IncidentEventRow, p: EventPayload) {
  const i = p.incident;
  const headline = `[${i.severity}] Incident #${i.id} ${WHAT[event.eventType]}${p.actor ? ` by ${p.actor}` : ''}`;
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

export function renderBody(
  format: WebhookSubscriptionRow['format'],
  event: IncidentEventRow,
  incident: IncidentRow,
  publicUrl: string,
): string {
  const payload = eventPayload(event, incident, publicUrl);
  return JSON.stringify(format === 'slack' ? slackMessage(event, payload) : payload);
}

const SEVERITY_RANK = { LOW: 0, MEDIUM: 1, HIGH: 2, CRITICAL: 3 } as const;

/** Whether a subscription wants this event of this incident. */
export function wants(s: WebhookSubscriptionRow, event: IncidentEventRow, incident: IncidentRow): boolean {
  return (
    s.eventTypes.includes(event.eventType) &&
    (!s.minSeverity || SEVERITY_RANK[incident.severity] >= SEVERITY_RANK[s.minSeverity]) &&
    (!s.sources.length || s.sources.includes(incident.source)) &&
    (!s.nodeIds.length || s.nodeIds.includes(incident.nodeId))
  );
}
