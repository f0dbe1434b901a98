// The webhook guard against IPv6 forms of refused IPv4 addresses (docs/webhooks.md, "Safe targets"): an
// address that carries an IPv4 one (IPv4-compatible, IPv4-translated, 6to4, Teredo, NAT64) is refused when a
// subscription is saved, on every entry point (REST, tRPC single and batched), and again when a delivery
// connects (the URL's address, and every address a name resolves to). Refusals change nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { sendWebhook } from '../../services/notifications/send-webhook';
import { lookupFor } from '../../services/notifications/target-policy';
import { api, unique } from '../support/helpers';
import { bearer, expectFieldError, useTestApi, type Actor, type Client } from '../support/http-helpers';
import { loopbackNotificationSettings } from '../support/webhook-receiver';

// http and the loopback network allowed, as in every test: what is refused here is refused for its address.
const { policy } = loopbackNotificationSettings();
const t = useTestApi();
let admin: Actor;
let as: Client;
beforeAll(async () => {
  admin = await t.admin();
  as = t.as(admin.token);
});

/** IPv6 addresses that carry a refused IPv4 address (loopback, link-local metadata, private), by form. */
const IPV6_FORMS_OF_REFUSED: [string, string][] = [
  ['IPv4-compatible ::127.0.0.1', '::7f00:1'],
  ['IPv4-compatible, dotted', '::169.254.169.254'],
  ['IPv4-translated ::ffff:0:127.0.0.1', '::ffff:0:7f00:1'],
  ['6to4 of 127.0.0.1', '2002:7f00:1::'],
  ['6to4 of 169.254.169.254', '2002:a9fe:a9fe::1'],
  ['Teredo of 10.0.0.1', '2001:0:a00:1::f5ff:fffe'],
  ['NAT64 of 169.254.169.254', '64:ff9b::a9fe:a9fe'],
  ['NAT64 of 10.1.2.3, dotted', '64:ff9b::10.1.2.3'],
  ['local-use NAT64 of 127.0.0.1', '64:ff9b:1::7f00:1'],
  ['local-use NAT64 of 192.168.1.10', '64:ff9b:1:c0a8:10a::'],
];
const urlOf = (address: string) => `http://[${address}]:8080/hook`;
const json = { 'content-type': 'application/json' };

type TrpcAnswer = { error?: { problem?: { errors?: { field: string }[] } }; result?: unknown };
const fieldsOf = (answer: TrpcAnswer) => (answer.error?.problem?.errors ?? []).map((e) => e.field);

async function saved() {
  const res = await as.post('/admin/webhooks', {
    name: unique('target'),
    url: 'https://hooks.example.com/x',
    eventTypes: ['incident.created'],
  });
  expect(res.status, res.text).toBe(200);
  return res.body as { id: number; url: string };
}

describe('saving a subscription', () => {
  it.each(IPV6_FORMS_OF_REFUSED)('%s: REST create and update are 400 naming url', async (_, address) => {
    const created = await t.withoutChange(() =>
      as.post('/admin/webhooks', { name: 'x', url: urlOf(address), eventTypes: ['incident.created'] }),
    );
    expectFieldError(created, 'url');
    const hook = await saved();
    const updated = await t.withoutChange(() =>
      as.put(`/admin/webhooks/${hook.id}`, { url: urlOf(address) }),
    );
    expectFieldError(updated, 'url');
  });

  it.each(IPV6_FORMS_OF_REFUSED)('%s: tRPC create and update, single calls, are 400', async (_, address) => {
    const hook = await saved();
    for (const [name, input] of [
      ['webhooks.create', { name: 'x', url: urlOf(address), eventTypes: ['incident.created'] }],
      ['webhooks.update', { id: hook.id, url: urlOf(address) }],
    ] as const) {
      const res = await t.withoutChange(() =>
        api(t.url, 'POST', `/trpc/${name}`, {
          headers: { ...json, ...bearer(admin.token) },
          rawBody: JSON.stringify(input),
        }),
      );
      expect(res.status, `${name}: ${res.text}`).toBe(400);
      expect(fieldsOf(res.body as TrpcAnswer), res.text).toContain('url');
    }
  });

  it('tRPC batched: each refused address is refused in its place, a public one beside them is taken', async () => {
    const hook = await saved();
    const [compatible, sixToFour] = [IPV6_FORMS_OF_REFUSED[0][1], IPV6_FORMS_OF_REFUSED[3][1]];
    const res = await api(t.url, 'POST', '/trpc/webhooks.create,webhooks.update,webhooks.update?batch=1', {
      headers: { ...json, ...bearer(admin.token) },
      rawBody: JSON.stringify({
        0: { name: 'x', url: urlOf(compatible), eventTypes: ['incident.created'] },
        1: { id: hook.id, url: urlOf(sixToFour) },
        2: { id: hook.id, url: 'https://[2606:4700:4700::1111]/hook' },
      }),
    });
    const [created, refused, taken] = res.body as TrpcAnswer[];
    expect(fieldsOf(created), res.text).toEqual(['url']);
    expect(fieldsOf(refused), res.text).toEqual(['url']);
    expect(taken.result, res.text).toMatchObject({ data: { url: 'https://[2606:4700:4700::1111]/hook' } });
  });

  it('public IPv6 addresses, and a mapped public IPv4 one, are taken', async () => {
    const hook = await saved();
    for (const url of ['https://[2001:4860:4860::8888]/hook', 'https://[::ffff:8.8.8.8]/hook']) {
      const res = await as.put(`/admin/webhooks/${hook.id}`, { url });
      expect(res.status, `${url}: ${res.text}`).toBe(200);
    }
  });
});

describe('connecting', () => {
  /** What lookupFor answers for `hostname`: getaddrinfo's real answer, checked by the policy. */
  const lookUp = (hostname: string) =>
    new Promise<{ error: NodeJS.ErrnoException | null; address: unknown }>((resolve) =>
      lookupFor(policy)(hostname, { all: true }, (error, address) => resolve({ error, address })),
    );

  it.each(IPV6_FORMS_OF_REFUSED)(
    '%s: a name resolving to it is refused at the lookup',
    async (_, address) => {
      const { error, address: answered } = await lookUp(address);
      expect(error?.code, String(error)).toBe('ETARGETREFUSED');
      expect(answered).toEqual([]);
    },
  );

  it.each(IPV6_FORMS_OF_REFUSED)(
    '%s: a subscription whose URL names it is not called, and not retried',
    async (_, address) => {
      const result = await sendWebhook(urlOf(address), {}, '{}', { policy, timeoutMs: 2_000 });
      expect(result).toMatchObject({ status: null, retryable: false });
      expect(result.error).toMatch(/^Target refused: /);
    },
  );

  it('a public address passes the lookup (the guard refuses by range, not every IPv6 address)', async () => {
    const { error, address } = await lookUp('2001:4860:4860::8888');
    expect(error).toBeNull();
    expect(address).toEqual([{ address: '2001:4860:4860::8888', family: 6 }]);
  });
});
