// The security events a webhook subscription may ask for (docs/webhooks.md, "Security events"): what the audit
// log records of sign-ins, second factors, credentials and who holds what, as the webhooks name it. Which audit
// action is which event is one table: server/services/notifications/security-events.ts.
export const SECURITY_EVENT_TYPES = [
  'security.sign_in',
  'security.sign_in_failed',
  'security.locked',
  'security.second_factor_changed',
  'security.password_changed',
  'security.token_created',
  'security.token_revoked',
  'security.permissions_changed',
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];
