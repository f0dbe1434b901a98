// Saved views on the board (docs/contract.md §6, "Saved views"): a responder saves "critical, mine" shared
// with the team; a colleague opens it and sees their own incidents, not the owner's; the owner deletes it.
import { expect, shot, test } from './support';
import { IncidentApi, boardRow, signInAsAdmin, uniqueTag } from './incident-support';

test('a saved view keeps the filters, means "mine" for whoever opens it, and is shared with the team', async ({
  page,
  request,
  consoleGuard,
}) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('views');
  const critical = await api.report({ message: `Card issuer down ${tag}`, severity: 'CRITICAL' });
  const high = await api.report({ message: `Card issuer slow ${tag}`, severity: 'HIGH' });
  await api.assign(critical.id, 'admin');

  await signInAsAdmin(page, `/incidents?q=${tag}&severity=CRITICAL`);
  await page.getByRole('switch', { name: 'Assigned to me' }).click();
  await expect(page).toHaveURL(/[?&]assignee=admin(&|$)/);
  await expect(boardRow(page, critical.id)).toBeVisible();
  await expect(boardRow(page, high.id)).toHaveCount(0);

  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Save this view…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this view' });
  const name = `Critical, mine ${tag}`;
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await expect(dialog).toContainText('assigned to whoever opens it');
  await dialog.getByRole('checkbox', { name: 'Shared with everyone who sees the board' }).check();
  await shot(page, 'views-01-save', { fullPage: false });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();

  // Saving the same name again is refused beside the field.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Save this view…' }).click();
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name.toUpperCase());
  consoleGuard.allow(/status of 409/);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByText('already taken')).toBeVisible();
  await page.keyboard.press('Escape');

  // From the plain board, the view brings the filters back.
  await page.goto('/incidents');
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('link', { name: `${name} (shared)` }).click();
  await expect(page.getByRole('dialog', { name: 'Views', exact: true })).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`assignee=admin`));
  await expect(page).toHaveURL(/severity=CRITICAL/);
  await expect(boardRow(page, critical.id)).toBeVisible();
  await expect(boardRow(page, high.id)).toHaveCount(0);

  // Deleted by its owner: gone from the menu.
  await page.getByRole('button', { name: 'Views' }).click();
  await page.getByRole('button', { name: 'Delete one of yours…' }).click();
  await page.getByRole('button', { name: `Delete the view ${name}` }).click();
  await expect(page.getByRole('button', { name: `Delete the view ${name}` })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: 'Views' }).click();
  await expect(page.getByRole('dialog', { name: 'Views', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(tag) })).toHaveCount(0);
});
