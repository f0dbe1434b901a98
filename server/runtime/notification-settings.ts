// The notification settings of this process, read from the environment (server/runtime/env.ts) once. Services
// are given them (server/services/notifications/settings.ts says what they are): requests through their
// context, the deliverer when it starts.
import type { NotificationSettings } from '../services/notifications/settings';
import { parseNetworks } from '../services/notifications/target-policy';
import { getEnv } from './env';
import { publicUrlOf } from './public-url';

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
      publicUrl: publicUrlOf(env),
    };
  }
  return cached;
}
