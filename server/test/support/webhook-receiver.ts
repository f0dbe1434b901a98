// A webhook receiver for tests: a real HTTP server on loopback that records every request and verifies
// accepted deliveries with the `standardwebhooks` package (not the project's own code).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { NotificationSettings } from '../../services/notifications/settings';

export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/** A receiver: answers each request with `answer(n)` (the n-th request, from 0), 204 by default. */
export async function startReceiver(answer: (n: number) => number = () => 204) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const status = answer(received.length);
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), status });
      res.statusCode = status;
      res.setHeader('content-type', 'text/plain');
      res.end(status >= 400 ? `refused with ${status}` : '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    /** The bodies accepted (2xx), each verified with every secret given. */
    accepted(secrets: string[]) {
      return received
        .filter((r) => r.status < 300)
        .map((r) => {
          let payload: unknown;
          for (const secret of secrets) {
            payload = new Webhook(secret).verify(r.body, r.headers as Record<string, string>);
          }
          return payload as {
            id: string;
            type: string;
            incident: { id: number; status: string };
            link: string;
          };
        });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * What the deliverer of a notification test runs with: loopback over plain http allowed (the receivers here
 * listen there), by configuration. Sets the same in the environment for the
 * service's own checks of a subscription's target.
 */
export function loopbackNotificationSettings(): NotificationSettings {
  process.env.WEBHOOK_ALLOW_HTTP = 'true';
  process.env.WEBHOOK_ALLOWED_NETWORKS = '127.0.0.0/8';
  return {
    policy: { allowHttp: true, allowedNetworks: ['127.0.0.0/8'] },
    publicUrl: 'https://bpm.example.com',
    attentionAfterMs: 24 * 60 * 60_000,
    smtp: { secure: false, from: 'bpm@example.com' },
  };
}
