// What notifications need from the process they run in. Read from the environment by
// server/runtime/notification-settings.ts, and given to the services that use them.
import type { SmtpSettings } from './send-email';
import type { TargetPolicy } from './target-policy';

export interface NotificationSettings {
  policy: TargetPolicy;
  /** The console's address, without a trailing slash: links to incidents start with it. */
  publicUrl: string;
  /** How long a subscription fails without a success before it needs attention (WEBHOOK_ATTENTION_AFTER_MS). */
  attentionAfterMs: number;
  /** The SMTP server of email subscriptions (SMTP_*); without a host, email attempts fail and are retried. */
  smtp: SmtpSettings;
  /**
   * How long a subscription gathers failed sign-ins into one message before it is sent (10 s unless a test
   * says otherwise): server/services/notifications/security-events.ts.
   */
  failedSignInWindowMs?: number;
}
