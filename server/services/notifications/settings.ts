// The notification settings of this process, from the environment (server/runtime/env.ts).
import { getEnv } from '../../runtime/env';
import type { SmtpSettings } from './send-email';
import { parseNetworks, type TargetPolicy } from './target-policy';

export interface NotificationSettings {
  policy: TargetPolicy;
  /** The console's address, without a trailing slash: links to incidents start with it. */
  publicUrl: string;
  /** How long a subscription fails without a success before it needs attention (WEBHOOK_ATTENTION_AFTER_MS). */
  attentionAfterMs: number;
  /** The SMTP server of email subscriptions (SMTP_*); without a host, email attempts fail and are retried. */
  smtp: SmtpSettings;
}

let cached: NotificationSettings | undefined;

export function notificationSettings(): NotificationSettings {
  if (!cached) {
    const env = getEnv();
    cached = {
      policy: {
        allowHttp: env.WEBHOOK_ALLOW_HTTP,
        allowedNetworks: parseNetworks(env.WEBHOOK_ALLOWED_NETWORKS),
      },
      attentionAfterMs: env.WEBHOOK_ATTENTION_AFTER_MS,
      smtp: {
        host: env.SMTP_HOST,
        port: env.SMTP_PORT,
        secure: env.SMTP_SECURE,
        user: env.SMTP_USER,
        password: env.SMTP_PASSWORD,
        from: env.SMTP_FROM ?? 'bpm-admin-console@localhost',
      },
      publicUrl: (env.PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(
        /\/+$/,
        '',
      ),
    };
  }
  return cached;
}
