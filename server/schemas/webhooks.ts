// Request and response shapes of the webhook subscriptions API.
import { z } from 'zod';
import { INCIDENT_EVENT_TYPES, INCIDENT_SEVERITIES, INCIDENT_SOURCES } from '../../domain/incidents';
import {
  NOTIFICATION_CHANNELS,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_FORMATS,
} from '../../domain/notifications';
import { SECURITY_EVENT_TYPES, type SecurityEventType } from '../../domain/security-events';
import { jsonBoolean, NOT_BLANK, pageOf, pageQuery } from './common';

/** The event types as the API names them: `incident.created` for the timeline's CREATED. */
export const WEBHOOK_EVENT_TYPES = INCIDENT_EVENT_TYPES.map(
  (t) => `incident.${t.toLowerCase()}` as `incident.${Lowercase<(typeof INCIDENT_EVENT_TYPES)[number]>}`,
);
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
export const webhookEventTypeOf = (eventType: (typeof INCIDENT_EVENT_TYPES)[number]) =>
  `incident.${eventType.toLowerCase()}` as WebhookEventType;
export const timelineTypeOf = (type: WebhookEventType) =>
  type.slice('incident.'.length).toUpperCase() as (typeof INCIDENT_EVENT_TYPES)[number];

/** The type of a test event (POST /admin/webhooks/{id}/test): it concerns no incident. */
export const TEST_EVENT_TYPE = 'webhook.test' as const;

/** The type of a silence's summary (docs/contract.md §12): it counts the notifications a silence held. */
export const SILENCE_SUMMARY_TYPE = 'silence.ended' as const;

/** Whether an event type of the API is a security event (docs/webhooks.md, "Security events"). */
export const isSecurityEventType = (type: SubscribableEventType): type is SecurityEventType =>
  (SECURITY_EVENT_TYPES as readonly string[]).includes(type);

/** Every type a subscription may name: the incident events, then the security events. */
export const SUBSCRIBABLE_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, ...SECURITY_EVENT_TYPES] as const;
export type SubscribableEventType = WebhookEventType | SecurityEventType;

const eventType = z
  .enum(SUBSCRIBABLE_EVENT_TYPES as unknown as [SubscribableEventType, ...SubscribableEventType[]])
  .meta({ id: 'WebhookEventType' });
const name = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .meta(NOT_BLANK);
const url = z.string().trim().max(2000, 'must be at most 2000 characters').meta({
  description: 'https (http only when WEBHOOK_ALLOW_HTTP); private and loopback addresses are refused',
  // Checked by the target policy (server/services/notifications/target-policy.ts): an absolute URL.
  format: 'uri',
  example: 'https://hooks.example.com/bpm',
});

const recipients = z
  .array(z.email('must be an email address').max(254))
  .min(1, 'must name at least one address')
  .max(20, 'must name at most 20 addresses')
  .meta({ description: 'the addresses an email subscription sends to (channel email only)' });

/** The longest storm-grouping window a subscription may set (an hour). */
export const MAX_GROUP_WINDOW_SECONDS = 3600;

const subscriptionFields = {
  name,
  channel: z.enum(NOTIFICATION_CHANNELS).meta({
    description: 'webhook (a signed POST to url) or email (to recipients, through the SMTP_* server)',
  }),
  url,
  recipients,
  eventTypes: z
    .array(eventType)
    .min(1, 'must name at least one event type')
    .max(SUBSCRIBABLE_EVENT_TYPES.length * 2)
    .meta({
      description:
        'incident events (incident.*) and security events (security.*: sign-ins, failures, lockouts, second factors, passwords, API tokens, permissions); minSeverity, sources and nodeIds filter incident events only',
    }),
  minSeverity: z
    .enum(INCIDENT_SEVERITIES)
    .nullable()
    .meta({ description: 'only incidents of this severity or above; null, all' }),
  sources: z
    .array(z.enum(INCIDENT_SOURCES))
    .max(INCIDENT_SOURCES.length * 2)
    .meta({ description: 'only incidents of these sources; empty, all' }),
  nodeIds: z
    .array(z.string().min(1).max(200))
    .max(100)
    .meta({ description: 'only incidents at these nodes; empty, all' }),
  format: z
    .enum(WEBHOOK_FORMATS)
    .meta({ description: 'json (Standard Webhooks) or slack (incoming webhook)' }),
  groupWindowSeconds: z
    .number()
    .int()
    .min(0)
    .max(MAX_GROUP_WINDOW_SECONDS)
    .meta({
      description: `storm grouping: the events the system writes (reports, reopenings, failed retries) of one incident group and type are sent as one message this many seconds after the first, listing their count; 0 (the default), one message per event. At most ${MAX_GROUP_WINDOW_SECONDS}.`,
    }),
  enabled: jsonBoolean,
};

export const CreateWebhookRequest = z
  .object({
    ...subscriptionFields,
    channel: subscriptionFields.channel.optional(),
    url: url.optional().meta({ description: 'required for a webhook' }),
    recipients: recipients.optional().meta({ description: 'required for an email subscription' }),
    minSeverity: subscriptionFields.minSeverity.optional(),
    sources: subscriptionFields.sources.optional(),
    nodeIds: subscriptionFields.nodeIds.optional(),
    format: subscriptionFields.format.optional(),
    groupWindowSeconds: subscriptionFields.groupWindowSeconds.optional(),
    enabled: jsonBoolean.optional(),
  })
  .meta({ id: 'CreateWebhookRequest' });
export type CreateWebhookRequest = z.infer<typeof CreateWebhookRequest>;

const { channel: _channel, ...changeable } = subscriptionFields;
export const UpdateWebhookRequest = z.object(changeable).partial().meta({ id: 'UpdateWebhookRequest' });
export type UpdateWebhookRequest = z.infer<typeof UpdateWebhookRequest>;

export const WebhookSecretResponse = z
  .object({
    id: z.number().int(),
    prefix: z.string().meta({ description: 'the first characters of the secret, to tell secrets apart' }),
    createdAt: z.string(),
  })
  .meta({ id: 'WebhookSecretResponse' });

export const CreatedWebhookSecretResponse = WebhookSecretResponse.extend({
  secret: z.string().meta({ description: 'whsec_ and the base64 key: shown in this answer only' }),
}).meta({ id: 'CreatedWebhookSecretResponse' });

export const WebhookResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    channel: z.enum(NOTIFICATION_CHANNELS),
    url: z.string().meta({ description: 'empty for an email subscription' }),
    recipients: z.array(z.string()).meta({ description: 'empty for a webhook' }),
    eventTypes: z.array(eventType),
    minSeverity: z.enum(INCIDENT_SEVERITIES).nullable(),
    sources: z.array(z.enum(INCIDENT_SOURCES)),
    nodeIds: z.array(z.string()),
    format: z.enum(WEBHOOK_FORMATS),
    groupWindowSeconds: z.number().int(),
    enabled: z.boolean(),
    needsAttention: z.boolean().meta({
      description:
        'paused by the service after failing for WEBHOOK_ATTENTION_AFTER_MS (24 h) with no success; enabling it resumes',
    }),
    needsAttentionSince: z.string().nullable(),
    failingSince: z
      .string()
      .nullable()
      .meta({ description: 'since when every attempt failed; null after a success' }),
    secrets: z.array(WebhookSecretResponse),
    createdBy: z.string(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'WebhookResponse' });
export type WebhookResponse = z.infer<typeof WebhookResponse>;

export const CreatedWebhookResponse = WebhookResponse.extend({
  secret: z.string().meta({ description: 'the signing secret (whsec_...): shown in this answer only' }),
}).meta({ id: 'CreatedWebhookResponse' });

export const DeliveryQuery = pageQuery.extend({
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});

export const WebhookAttemptResponse = z
  .object({
    attempt: z.number().int(),
    startedAt: z.string(),
    durationMs: z.number().int(),
    url: z.string(),
    requestHeaders: z.record(z.string(), z.string()).meta({ description: 'without the signature' }),
    requestBody: z.string(),
    responseStatus: z.number().int().nullable(),
    responseHeaders: z.record(z.string(), z.string()).nullable(),
    responseBody: z.string().nullable().meta({ description: 'the first 4 KiB' }),
    error: z.string().nullable(),
  })
  .meta({ id: 'WebhookAttemptResponse' });

export const WebhookDeliveryResponse = z
  .object({
    id: z.number().int(),
    webhookId: z.string().meta({ description: 'the webhook-id header, the same on every attempt' }),
    eventId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "null for a test event and a silence's summary" }),
    incidentId: z
      .number()
      .int()
      .nullable()
      .meta({ description: "null for a test event and a silence's summary" }),
    auditEventId: z.number().int().nullable().meta({
      description: 'the audit record of a security event (the first, for failed sign-ins); else null',
    }),
    eventType: z.union([eventType, z.literal(TEST_EVENT_TYPE), z.literal(SILENCE_SUMMARY_TYPE)]),
    status: z.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: z.number().int(),
    nextAttemptAt: z.string().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
    log: z.array(WebhookAttemptResponse),
  })
  .meta({ id: 'WebhookDeliveryResponse' });

export const WebhookDeliveryPage = pageOf(WebhookDeliveryResponse, 'WebhookDeliveryPage');

export const RedeliverFailedRequest = z
  .object({
    since: z.iso.datetime({ offset: true }).meta({
      description: 'every FAILED delivery made at or after this time (ISO 8601 with offset) is sent again',
      example: '2026-11-23T08:00:00Z',
    }),
  })
  .meta({ id: 'RedeliverFailedRequest' });

export const RedeliveryResponse = z
  .object({
    redelivered: z.number().int(),
    webhookIds: z
      .array(z.string())
      .meta({ description: 'the webhook-id of each, unchanged: receivers recognise a delivery they had' }),
  })
  .meta({ id: 'RedeliveryResponse' });

export const TestEventResponse = z
  .object({
    deliveryId: z.number().int(),
    webhookId: z.string(),
  })
  .meta({ id: 'TestEventResponse' });
