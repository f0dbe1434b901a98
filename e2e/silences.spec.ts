// Silences (docs/contract.md §6, "Silences"): a responder silences a node for a maintenance window from the
// Silences page (with the count of incidents it matches now), the board and the incident page say so, what the
// incident does by itself is held (its timeline says by which silence), and the silence is ended early; at
// desktop and phone width.
import { DESKTOP_AND_PHONE, expect, expectAxeClean, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

for (const { name: width, viewport } of DESKTOP_AND_PHONE) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a responder silences a node for a maintenance window, sees it on the board and the incident, and ends it early', async ({
      page,
      request,
      consoleGuard,
    }) => {
      const api = await IncidentApi.signIn(request);
      const tag = uniqueTag('silence');
      const node = `ledger-${tag}`;
      const body = { message: `Ledger unreachable ${tag}`, nodeId: node };
      const incident = await api.report(body);
      const name = `Ledger upgrade ${tag}`;

      await signInAsAdmin(page, '/silences');
      await expect(page.getByRole('heading', { level: 1, name: 'Silences' })).toBeVisible();
      await page.getByRole('button', { name: 'New silence…', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'New silence' });
      await expect(dialog).toBeVisible();

      // By keyboard: the name has the focus; a silence of everything is refused by the service.
      await page.keyboard.type(name);
      await expect(dialog.getByText('Give at least one matcher')).toBeVisible();
      consoleGuard.allow(/status of 400/);
      await page.keyboard.press('Enter');
      await expect(dialog.getByText(/give at least one matcher/).last()).toBeVisible();
      // Every severity ticked and nothing else is still everything: refused the same way.
      const severities = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'];
      for (const s of severities) await dialog.getByRole('checkbox', { name: s, exact: true }).check();
      await expect(dialog.getByRole('status')).toHaveText(/^Give at least one matcher/);
      consoleGuard.allow(/status of 400/);
      await dialog.getByRole('button', { name: 'Create silence' }).click();
      await expect(dialog.getByText(/names every severity/)).toBeVisible();
      for (const s of severities) await dialog.getByRole('checkbox', { name: s, exact: true }).uncheck();

      await dialog.getByRole('textbox', { name: 'Node' }).fill(node);
      await expect(dialog.getByRole('status')).toHaveText('Matches 1 unresolved incident now.');
      await page.waitForTimeout(300); // the open transition: axe must see final colours
      await expectAxeClean(page, '[role="dialog"]');
      await shot(page, `silences-01-new-${width}`, { fullPage: false });
      await dialog.getByRole('textbox', { name: 'Node' }).press('Enter');
      await expect(dialog).toBeHidden();

      const card = page.getByRole('listitem', { name: `Silence ${name}` });
      await expect(card).toContainText(`node ${node}`);
      await expect(card).toContainText('active');
      await expectAxeClean(page);
      await shot(page, `silences-02-list-${width}`, { fullPage: false });

      // The board and the incident page say it is silenced, by what and until when.
      await page.goto(`/incidents?q=${tag}`);
      await expect(
        boardRow(page, incident.id).getByLabel(new RegExp(`^Silenced by "${name}" \\(admin\\) until`)),
      ).toBeVisible();
      await shot(page, `silences-03-board-${width}`, { fullPage: false });

      // It occurs again: recorded, and its notification held by the silence.
      await api.report({ ...body, externalReferenceId: incident.externalReferenceId });
      await page.goto(`/incidents/${incident.id}`);
      const header = page.getByRole('heading', { level: 1 }).locator('..');
      await expect(header.getByText('Silenced', { exact: true })).toBeVisible();
      await expect(
        page.getByText(new RegExp(`^Silenced by "${name}" \\(admin\\) until .+\\. What it does`)),
      ).toBeVisible();
      const timeline = page.getByRole('list', { name: 'Timeline entries' });
      await expect(timeline.getByRole('listitem').last()).toContainText(/notification held by silence \d+/);
      await expectAxeClean(page);
      await shot(page, `silences-04-incident-${width}`);

      // Ended early: it moves to the ended ones, and the incident is no longer silenced.
      await page.goto('/silences');
      await card.getByRole('button', { name: 'End now', exact: true }).click();
      const recent = page.getByRole('list', { name: 'Recently ended silences' });
      await expect(recent.getByRole('listitem', { name: `Silence ${name}` })).toContainText(
        'ended early by admin',
      );
      await expect(page.getByRole('listitem', { name: `Silence ${name}` })).toHaveCount(1);
      expect((await api.get(incident.id)).silencedBy).toBeNull();
      await shot(page, `silences-05-ended-${width}`, { fullPage: false });
    });
  });
}
