// Retry with corrected data (docs/contract.md §7): the worker failed on bad input; the responder reads the
// payload on the incident's page, corrects it in the retry dialog, sees the change before sending, and the
// worker receives the corrected payload; the incident resolves when it completes (at desktop and phone
// width). Then the same for every incident a filter matches (300), from the board, with one change applied to
// each payload.
import { DESKTOP_AND_PHONE, expect, shot, test } from './support';
import {
  IncidentApi,
  modalsGone,
  signInAsAdmin,
  uniqueProcessInstanceId,
  uniqueTag,
} from './incident-support';

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a responder corrects a bad payload and retries in one action; the worker gets the corrected data', async ({
      page,
      request,
    }) => {
      const api = await IncidentApi.signIn(request);
      const tag = uniqueTag('fix');
      const topic = `payment.${tag}`;
      const { request: failed, incident } = await api.failWorkerRequest({
        processInstanceId: uniqueProcessInstanceId(),
        nodeId: 'charge-card',
        topic,
        errorMessage: `Amount must be positive ${tag}`,
        payload: {
          orderId: 'ORD-42',
          amount: -120,
          currency: 'EUR',
          card: { holder: 'A. Payer', cvv: '123' },
        },
      });

      await signInAsAdmin(page, `/incidents/${incident.id}`);
      const actions = page.getByRole('group', { name: 'Actions' });
      await actions.getByRole('button', { name: 'Retry…' }).click();
      const dialog = page.getByRole('dialog', { name: `Retry incident ${incident.id}?` });
      await dialog.getByRole('switch', { name: /Correct the payload first/ }).check();
      const editor = dialog.getByRole('textbox', { name: /Payload \(version 1\)/ });
      await expect(editor).toHaveValue(/"amount": -120/);
      // The card's secret is not shown; the hint says how to keep it.
      await expect(editor).toHaveValue(/"cvv": "\[masked\]"/);
      await expect(editor).not.toHaveValue(/123/);
      await expect(dialog).toContainText('No change yet');

      // Invalid JSON: said under the editor, and nothing can be sent.
      await editor.fill('{ "amount": 120,');
      await expect(dialog).toContainText('Not valid JSON');
      await expect(dialog.getByRole('button', { name: 'Retry', exact: true })).toBeDisabled();
      await shot(page, `retry-correction-01-invalid-${width}`, { fullPage: false });

      const corrected = {
        orderId: 'ORD-42',
        amount: 120,
        currency: 'EUR',
        card: { holder: 'A. Payer', cvv: '[masked]' },
        note: 'amount sign fixed',
      };
      await editor.fill(JSON.stringify(corrected, null, 2));
      const changes = dialog.getByRole('table', { name: 'The retry will change' });
      await expect(changes.getByRole('row')).toHaveCount(3); // the header, /amount, /note
      await expect(changes.getByRole('row', { name: /\/amount -120 120/ })).toBeVisible();
      await expect(changes.getByRole('row', { name: /\/note — "amount sign fixed"/ })).toBeVisible();
      await shot(page, `retry-correction-02-preview-${width}`);
      await dialog.getByRole('button', { name: 'Retry with these changes' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole('status').filter({ hasText: 'Retry under way' })).toBeVisible();

      // The worker takes the republished task: the corrected payload, the secret kept as it was.
      const [delivered] = await api.fetchAndLock(topic, 'fixer');
      expect(delivered).toMatchObject({
        id: failed.id,
        attempt: 2,
        payloadVersion: 2,
        payload: {
          orderId: 'ORD-42',
          amount: 120,
          currency: 'EUR',
          card: { holder: 'A. Payer', cvv: '123' },
          note: 'amount sign fixed',
        },
      });
      await api.complete(failed.id, 'fixer');
      await expect(page.getByRole('heading', { level: 1 }).locator('..')).toContainText('RESOLVED', {
        timeout: 20_000,
      });
      const timeline = page.getByRole('list', { name: 'Timeline entries' });
      const retried = timeline.locator('[data-event-type="RETRY_REQUESTED"]');
      await expect(retried).toContainText('with a corrected payload: /amount, /note');
      await expect(retried.getByRole('table', { name: 'Payload corrected' }).getByRole('row')).toHaveCount(3);
      await modalsGone(page);
      await retried.scrollIntoViewIfNeeded();
      await shot(page, `retry-correction-03-resolved-${width}`, { fullPage: false });
      expect(await api.get(incident.id)).toMatchObject({
        status: 'RESOLVED',
        resolutionAction: 'RETRIED_SUCCESSFULLY',
      });
    });
  });
}

test('a responder corrects and retries the 300 incidents a filter matches; each resolves when its worker completes', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('fixall');
  const topic = `payment.${tag}`;
  const nodeId = `charge-${tag}`;
  const count = 300;
  await api.failWorkerRequests(count, {
    nodeId,
    topic,
    errorMessage: `Currency missing ${tag}`,
    payload: (i) => ({ orderId: `ORD-${i}`, amount: i + 1 }),
  });

  await signInAsAdmin(page, `/incidents?nodeId=${nodeId}`);
  const all = page.getByRole('toolbar', { name: 'Actions on everything matching the filter' });
  await expect(all).toContainText(`All ${count} incidents matching the filter`);
  await all.getByRole('button', { name: 'Retry all…' }).click();
  const dialog = page.getByRole('dialog', { name: /Retry everything matching the filter/ });
  await dialog.getByRole('switch', { name: /Correct the payloads first/ }).check();
  await dialog.getByRole('textbox', { name: /Change \(JSON merge patch\)/ }).fill('{"currency": "EUR"}');
  await expect(dialog.getByRole('list', { name: 'In every payload' })).toContainText(
    '/currency set to "EUR"',
  );
  await shot(page, 'retry-correction-04-bulk-patch');
  await dialog.getByRole('button', { name: `Retry up to ${count} incidents` }).click();
  await expect(dialog).toContainText(`${count} of ${count} handled.`, { timeout: 60_000 });
  await dialog.getByRole('button', { name: 'Done' }).click();

  // The workers receive every payload with the currency, the rest as it was, and complete them.
  let completed = 0;
  while (completed < count) {
    const batch = await api.fetchAndLock(topic, 'fixer', 100);
    expect(batch.length, 'republished requests left').toBeGreaterThan(0);
    for (const r of batch) {
      expect(r.payload).toMatchObject({ currency: 'EUR', orderId: expect.stringMatching(/^ORD-\d+$/) });
      await api.complete(r.id, 'fixer');
    }
    completed += batch.length;
  }
  await page.goto(`/incidents?nodeId=${nodeId}&status=RESOLVED`);
  await expect(
    page.getByRole('toolbar', { name: 'Actions on everything matching the filter' }),
  ).toContainText(`All ${count} incidents matching the filter`);
});
