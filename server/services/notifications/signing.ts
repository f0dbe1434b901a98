// Standard Webhooks signing (https://www.standardwebhooks.com, as its `standardwebhooks` package verifies):
// secrets are `whsec_` and the base64 of a random key; the signature of a message is
// `v1,<base64 of HMAC-SHA256(key, "<webhook-id>.<webhook-timestamp>.<body>")>`, one per active secret,
// separated by spaces.
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

export function generateSecret(): string {
  return PREFIX + randomBytes(32).toString('base64');
}

/** What may be shown of a secret after it was made: enough to tell two apart. */
export const secretPrefix = (secret: string) => secret.slice(0, PREFIX.length + 6);

export function signatureHeader(
  secrets: string[],
  msgId: string,
  timestampSeconds: number,
  body: string,
): string {
  return secrets
    .map((secret) => {
      const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
      const mac = createHmac('sha256', key).update(`${msgId}.${timestampSeconds}.${body}`).digest('base64');
      return `v1,${mac}`;
    })
    .join(' ');
}
