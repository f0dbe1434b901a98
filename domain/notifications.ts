// The vocabulary of outbound notifications: how a webhook's body is written, and where one
// delivery of an event to a subscription stands.
export const WEBHOOK_FORMATS = ['json', 'slack'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['PENDING', 'DELIVERING', 'SUCCEEDED', 'FAILED'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** How a subscription is notified: a signed HTTP POST, or an email through the configured SMTP server. */
export const NOTIFICATION_CHANNELS = ['webhook', 'email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
