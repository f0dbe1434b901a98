// On call (docs/contract.md §6, "On-call schedules"): a schedule made over the API shows who is on call now
// (by override) and next, and the coming week's shifts in the schedule's time zone; the calendar downloads
// as an .ics file; reached and used by keyboard; at desktop and phone width.
import {
  createUser,
  DESKTOP_AND_PHONE,
  expect,
  expectAxeClean,
  getAccessToken,
  shot,
  signInAsAdmin,
  test,
} from './support';
import { uniqueTag } from './incident-support';

const HOUR = 3_600_000;

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a responder sees who is on call now and next, the week of shifts, and downloads the calendar', async ({
      page,
      request,
    }) => {
      const ana = await createUser(request, { usernamePrefix: 'ana' });
      const ben = await createUser(request, { usernamePrefix: 'ben' });
      const headers = { Authorization: `Bearer ${await getAccessToken(request)}` };
      const name = `Payments primary ${uniqueTag('oncall')}`;
      const startsOn = new Date(Date.now() - 10 * 24 * HOUR).toISOString().slice(0, 10);
      const made = await request.post('/api/oncall/schedules', {
        headers,
        data: {
          name,
          timeZone: 'Europe/Berlin',
          handOff: 'DAILY',
          handOffTime: '09:00',
          startsOn,
          members: [ana.id, ben.id],
        },
      });
      expect(made.status(), await made.text()).toBe(200);
      const schedule = (await made.json()) as { id: number };
      const override = await request.post(`/api/oncall/schedules/${schedule.id}/overrides`, {
        headers,
        data: {
          userId: ben.id,
          startsAt: new Date(Date.now() - HOUR).toISOString(),
          endsAt: new Date(Date.now() + 2 * HOUR).toISOString(),
        },
      });
      expect(override.status(), await override.text()).toBe(200);

      await signInAsAdmin(page, '/');
      // By keyboard from the navigation to the page.
      await page.getByRole('link', { name: 'On call', exact: true }).focus();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'On call' })).toBeVisible();
      const card = page.getByRole('listitem', { name });
      await expect(card.getByText('On call now')).toBeVisible();
      await expect(card).toContainText(`${ben.username}override`);
      await expect(card).toContainText('Europe/Berlin');
      const rows = card.getByRole('table').getByRole('row');
      // A header row and the week's shifts: 7 or 8 hand-offs, and the override cutting one of them in three.
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(8);
      await expect(card.getByRole('table')).toContainText(`${ben.username} (override)`);
      await expect(card.getByRole('table')).toContainText(/09:00/);
      await expectAxeClean(page);
      await shot(page, `oncall-01-page-${width}`, { fullPage: false });
      await card.screenshot({ path: `e2e/screenshots/oncall-02-card-${width}.png` });

      const download = page.waitForEvent('download');
      await card.getByRole('link', { name: 'Calendar (.ics)' }).focus();
      await page.keyboard.press('Enter');
      const file = await download;
      expect(file.suggestedFilename()).toMatch(new RegExp(`^oncall-${schedule.id}-\\d{8}-\\d{6}Z\\.ics$`));
      const text = await (await import('node:fs/promises')).readFile((await file.path())!, 'utf8');
      expect(text).toMatch(/^BEGIN:VCALENDAR/);
      // Long lines are folded at 75 octets (RFC 5545 §3.1): unfolded before looking.
      const unfolded = text.replace(/\r\n[ \t]/g, '');
      expect(unfolded).toContain(`SUMMARY:On call: ${ben.username} (${name})\\, override`);
    });
  });
}
