// Notifications in the console: a webhook subscription created in the UI with its secret shown
// once, a test event sent from its delivery log, received by a real receiver here that verifies it with the
// `standardwebhooks` package, and its attempt read back in the log.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import type { APIRequestContext } from '@playwright/test';
import { notification, signInAsAdmin, uniqueName } from './admin-support';
import { expect, getAccessToken, shot, test } from './support';

/** A receiver on loopback: answers `status()` to each request and keeps what it was sent. */
async function startReceiver(status: () => number) {
  const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Removes the subscriptions named (a paused one left behind would alert every later dashboard). */
async function deleteSubscriptions(request: APIRequestContext, names: string[]) {
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  const all = (await (await request.get('/api/admin/webhooks', { headers })).json()) as {
    id: number;
    name: string;
  }[];
  for (const s of all.filter((x) => names.includes(x.name))) {
    expect((await request.delete(`/api/admin/webhooks/${s.id}`, { headers })).status()).toBe(204);
  }
}

test.describe.configure({ timeout: 90_000 });

test('a webhook made in the console receives a signed test event, whose attempt the delivery log shows', async ({
  page,
  request,
  consoleGuard,
}) => {
  // The URL refused on purpose below is answered 400, which the browser reports.
  consoleGuard.allow(/status of 400 .*webhooks\.create/);
  const receiver = await startReceiver(() => 204);
  const { url, received } = receiver;
  const name = uniqueName('ops-hook');
  try {
    await signInAsAdmin(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Notifications' }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

    await page.getByRole('button', { name: 'Create subscription' }).first().click();
    const create = page.getByRole('dialog', { name: 'Create subscription' });
    await create.getByRole('textbox', { name: 'Name' }).fill(name);
    await create.getByRole('textbox', { name: 'URL' }).fill('not a url');
    await create.getByRole('button', { name: 'Create subscription' }).click();
    await expect(create.getByText('must be an absolute URL')).toBeVisible();
    await create.getByRole('textbox', { name: 'URL' }).fill(url);
    await create.getByRole('textbox', { name: 'Group storms (seconds)' }).fill('90');
    await shot(page, 'notifications-00-form');
    await create.getByRole('button', { name: 'Create subscription' }).click();
    // The secret, once.
    const secretBlock = create.getByLabel('Signing secret', { exact: true });
    await expect(secretBlock).toContainText('whsec_');
    const secret = (await secretBlock.innerText()).trim();
    await shot(page, 'notifications-01-secret-once');
    await create.getByRole('button', { name: 'Done' }).click();
    await expect(create).toBeHidden();
    await expect(notification(page, 'Subscription created')).toBeVisible();
    // The storm-grouping window was kept, as the edit form shows it.
    await page.getByRole('button', { name: `Edit ${name}` }).click();
    const edit = page.getByRole('dialog');
    await expect(edit.getByRole('textbox', { name: 'Group storms (seconds)' })).toHaveValue('90');
    await edit.getByRole('textbox', { name: 'Group storms (seconds)' }).fill('0');
    await edit.getByRole('button', { name: /^Save/ }).click();
    await expect(edit).toBeHidden();

    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Enabled');
    await expect(row).toContainText(url);
    await expect(page.getByText(secret)).toHaveCount(0);

    await page.getByRole('button', { name: `Delivery log of ${name}` }).click();
    const log = page.getByRole('dialog', { name: `Delivery log of ${name}` });
    await expect(log.getByText('Nothing delivered yet')).toBeVisible();
    await log.getByRole('button', { name: 'Send test event' }).click();
    await expect(notification(page, 'Test event sent')).toBeVisible();

    // Received, signed with the secret the console showed.
    await expect.poll(() => received.length, { timeout: 20_000 }).toBe(1);
    const payload = new Webhook(secret).verify(
      received[0].body,
      received[0].headers as Record<string, string>,
    ) as { type: string; incident: null };
    expect(payload).toMatchObject({ type: 'webhook.test', incident: null });

    // The attempt, in the log (refreshed every 2 s).
    const delivery = log.getByRole('row').filter({ hasText: 'webhook.test' });
    await expect(delivery).toContainText('SUCCEEDED', { timeout: 15_000 });
    await expect(delivery).toContainText(String(received[0].headers['webhook-id']));
    await delivery.getByText('webhook.test').click();
    const attempts = log.getByLabel(`Attempts of ${received[0].headers['webhook-id']}`);
    await expect(attempts).toContainText('Attempt 1');
    await expect(attempts).toContainText('answered 204');
    await expect(attempts).not.toContainText('webhook-signature');
    await shot(page, 'notifications-02-delivery-log');
  } finally {
    await deleteSubscriptions(request, [name]);
    await receiver.close();
  }
});

test('a subscription that keeps failing needs attention on the dashboard, and enabled again delivers what it kept', async ({
  page,
  request,
}) => {
  let down = true;
  const receiver = await startReceiver(() => (down ? 500 : 204));
  const name = uniqueName('failing-hook');
  const nodeId = `Task_Attention_${Date.now()}`;
  const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
  try {
    const created = await request.post('/api/admin/webhooks', {
      headers,
      data: { name, url: receiver.url, eventTypes: ['incident.created'], nodeIds: [nodeId] },
    });
    expect(created.status(), await created.text()).toBe(200);
    const { id, secret } = (await created.json()) as { id: number; secret: string };
    const incident = await request.post('/api/incidents', {
      headers,
      data: {
        processInstanceId: 4242,
        nodeId,
        source: 'WORKER',
        severity: 'HIGH',
        message: 'Attention e2e: the receiver is down',
        externalReferenceId: `attention-e2e:${Date.now()}`,
      },
    });
    expect(incident.status(), await incident.text()).toBe(200);
    const { id: incidentId } = (await incident.json()) as { id: number };
    // Retried 10 s after the first failure, which then finds it failing for more than 3 s.
    await expect
      .poll(
        async () =>
          (
            (await (await request.get(`/api/admin/webhooks/${id}`, { headers })).json()) as {
              needsAttention: boolean;
            }
          ).needsAttention,
        { timeout: 45_000, intervals: [1_000] },
      )
      .toBe(true);

    await signInAsAdmin(page);
    const alert = page.getByRole('alert').filter({ hasText: 'Notifications need attention' });
    await expect(alert).toContainText(name);
    await shot(page, 'notifications-03-dashboard-attention');
    await alert.getByRole('link', { name: 'Open notifications' }).click();
    await expect(page).toHaveURL(/\/admin\/notifications$/);
    const row = page.getByRole('row').filter({ hasText: name });
    await expect(row).toContainText('Needs attention');

    down = false;
    const attempts = receiver.received.length;
    await row.getByRole('button', { name: 'Enable again' }).click();
    await expect(notification(page, 'Subscription enabled')).toBeVisible();
    await expect(row).toContainText('Enabled');
    await expect.poll(() => receiver.received.length, { timeout: 20_000 }).toBe(attempts + 1);
    const last = receiver.received[receiver.received.length - 1];
    const payload = new Webhook(secret).verify(last.body, last.headers as Record<string, string>) as {
      type: string;
      incident: { id: number };
    };
    expect(payload).toMatchObject({ type: 'incident.created', incident: { id: incidentId } });
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
    await expect(page.getByText('Notifications need attention')).toHaveCount(0);
  } finally {
    await deleteSubscriptions(request, [name]);
    await receiver.close();
  }
});
