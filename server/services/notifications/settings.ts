// The notification settings of this process, from the environment (server/env.ts).
import { getEnv } from '../../env';
import { parseNetworks, type TargetPolicy } from './target-policy';

export interface NotificationSettings {
  policy: TargetPolicy;
  /** The console's address, without a trailing slash: links to incidents start with it. */
  publicUrl: string;
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
      publicUrl: (env.PUBLIC_URL ?? process.env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(
        /\/+$/,
        '',
      ),
    };
  }
  return cached;
}
