// Security events in the console, on a desktop and a phone, by keyboard: a subscription made in the webhook form with
// security events picked from their own group of the event types, then an API token made over REST arrives at a
// real receiver here, signed (verified with `standardwebhooks`), and its delivery is in the log; axe clean.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { notification, settled, signInAsAdmin, uniqueName } from './admin-support';
import { axeViolations, createUser, DESKTOP_AND_PHONE, expect, getAccessToken, shot, test } from './support';

test.describe.configure({ timeout: 120_000 });

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('security events picked by keyboard arrive signed, and their delivery is in the log', async ({
      page,
      request,
    }) => {
      const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
      const server = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        req.on('end', () => {
          received.push({ headers: req.headers, body });
          res.writeHead(204).end();
        });
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const name = uniqueName('siem');
      const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
      let madeId: number | undefined;
      try {
        await signInAsAdmin(page, '/admin/notifications');
        await expect(page.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();

        await page.getByRole('button', { name: 'Create subscription' }).first().focus();
        await page.keyboard.press('Enter');
        const create = await settled(page.getByRole('dialog', { name: 'Create subscription' }));
        await create.getByRole('textbox', { name: 'Name' }).focus();
        await page.keyboard.type(name);
        await create.getByRole('textbox', { name: 'URL' }).focus();
        await page.keyboard.type(url);

        // By keyboard: the default incident event removed, two security events chosen in their own field.
        await create.getByRole('combobox', { name: 'Incident events' }).focus();
        await page.keyboard.press('Backspace');
        await page.keyboard.press('Tab');
        await expect(create.getByRole('combobox', { name: 'Security events' })).toBeFocused();
        for (const type of ['security.token_created', 'security.sign_in_failed']) {
          await page.keyboard.type(type);
          await expect(page.getByRole('option', { name: type, exact: true })).toBeVisible();
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
        }
        await page.keyboard.type('security.');
        await expect(page.getByRole('option', { name: 'security.permissions_changed' })).toBeVisible();
        await shot(page, `security-events-${width}-00-event-types`, { fullPage: false });
        // Axe is run with the list closed, as the console's sweep does: an open Mantine list sits in a scroll
        // area whose viewport the theme makes focusable (components/theme.ts), which axe counts against a listbox.
        await page.keyboard.press('Escape');
        await expect(create).toBeVisible();
        await shot(page, `security-events-${width}-01-form`, { fullPage: false });
        expect(await axeViolations(page)).toEqual([]);

        await create.getByRole('button', { name: 'Create subscription' }).focus();
        await page.keyboard.press('Enter');
        const secretBlock = create.getByLabel('Signing secret', { exact: true });
        await expect(secretBlock).toContainText('whsec_');
        const secret = (await secretBlock.innerText()).trim();
        await create.getByRole('button', { name: 'Done' }).click();
        await expect(notification(page, 'Subscription created')).toBeVisible();

        const list = (await (await request.get('/api/admin/webhooks', { headers })).json()) as {
          id: number;
          name: string;
          eventTypes: string[];
        }[];
        const made = list.find((s) => s.name === name)!;
        madeId = made.id;
        expect(made.eventTypes.sort()).toEqual(['security.sign_in_failed', 'security.token_created']);

        // A token made for someone: a security event, delivered signed, without the token.
        const user = await createUser(request, { usernamePrefix: 'sec-e2e' });
        const token = await request.post(`/api/admin/users/${user.id}/api-tokens`, {
          headers,
          data: { name: 'deploy', scope: 'READ_ONLY' },
        });
        expect(token.status(), await token.text()).toBe(200);
        const secretToken = ((await token.json()) as { token: string }).token;
        await expect.poll(() => received.length, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
        const event = new Webhook(secret).verify(
          received[0].body,
          received[0].headers as Record<string, string>,
        ) as {
          type: string;
          action: string;
        };
        expect(event).toMatchObject({ type: 'security.token_created', action: 'api_token.create' });
        expect(received[0].body).not.toContain(secretToken);

        await page.getByRole('button', { name: `Delivery log of ${name}` }).click();
        const log = await settled(page.getByRole('dialog', { name: `Delivery log of ${name}` }));
        const delivery = log.getByRole('row').filter({ hasText: 'security.token_created' });
        await expect(delivery).toContainText('SUCCEEDED', { timeout: 15_000 });
        await shot(page, `security-events-${width}-02-delivery-log`, { fullPage: false });
        expect(await axeViolations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          viewport.width,
        );
        await expect(delivery).toContainText(String(received[0].headers['webhook-id']));
      } finally {
        // Removed, so that no later test's receiver-less deliveries pile up for it.
        if (madeId !== undefined) await request.delete(`/api/admin/webhooks/${madeId}`, { headers });
        await new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        });
      }
    });
  });
}
