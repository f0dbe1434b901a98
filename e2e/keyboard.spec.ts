// Keyboard first (item 5): the board's keys (j/k move, Enter opens, a acknowledges, / searches,
// ? lists them), and dialogs that keep typed text from a stray Escape and submit with Ctrl+Enter.
import { expect, shot, signInAsAdmin, test } from './support';
import { IncidentApi, boardRow, uniqueTag } from './incident-support';

test('the board works from the keyboard alone', async ({ page, request }) => {
  const api = await IncidentApi.signIn(request);
  const tag = uniqueTag('keys');
  // Reported oldest first: the board lists the newest first.
  const third = await api.report({ message: `Ledger sync failed ${tag} c`, severity: 'LOW' });
  const second = await api.report({ message: `Ledger sync failed ${tag} b`, severity: 'MEDIUM' });
  const first = await api.report({ message: `Ledger sync failed ${tag} a`, severity: 'HIGH' });

  await signInAsAdmin(page, '/incidents');
  await expect(page.getByRole('table', { name: 'Incidents' })).toBeVisible();

  // / puts the cursor in the search box; typing there is not taken for keys.
  await page.keyboard.press('/');
  const search = page.getByRole('textbox', { name: /Search/ });
  await expect(search).toBeFocused();
  await page.keyboard.type(tag);
  await expect(page).toHaveURL(new RegExp(`q=${tag}`));
  await expect(boardRow(page, third.id)).toBeVisible();
  await expect(page.locator('tr[data-incident-id]')).toHaveCount(3);

  // j lands on the first row once the focus has left the field (keys typed into a field are text).
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('j');
  await expect(boardRow(page, first.id)).toBeFocused();
  await page.keyboard.press('j');
  await expect(boardRow(page, second.id)).toBeFocused();
  await page.keyboard.press('j');
  await page.keyboard.press('j'); // stops at the last row
  await expect(boardRow(page, third.id)).toBeFocused();
  await page.keyboard.press('k');
  await expect(boardRow(page, second.id)).toBeFocused();

  // a acknowledges the row in focus, which keeps the focus.
  await page.keyboard.press('a');
  await expect.poll(async () => (await api.get(second.id)).status).toBe('ACKNOWLEDGED');
  await expect(boardRow(page, second.id)).toHaveAttribute('data-status', 'ACKNOWLEDGED');
  await expect(boardRow(page, second.id)).toBeFocused();
  expect((await api.get(first.id)).status).toBe('OPEN');

  // ? lists the keys.
  await page.keyboard.press('Shift+?');
  const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(help).toBeVisible();
  await expect(help.getByRole('table')).toContainText('Acknowledge the incident in focus');
  await shot(page, 'keyboard-01-help');
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  // Enter opens the incident in focus.
  await boardRow(page, first.id).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/incidents/${first.id}$`));

  // After an action the focus goes to the next one, not to the page: Acknowledge is gone, Resolve… has it.
  const actions = page.getByRole('group', { name: 'Actions' });
  await actions.getByRole('button', { name: 'Acknowledge', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(actions.getByRole('button', { name: 'Resolve…' })).toBeFocused();
});

test('a dialog asks before Escape throws typed text away, and Ctrl+Enter submits', async ({ page }) => {
  const code = uniqueTag('KEYS').toUpperCase();
  await signInAsAdmin(page, '/admin/groups');
  await page.getByRole('button', { name: 'Create group' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create group' });
  const codeBox = dialog.getByRole('textbox', { name: /Code/ });
  await codeBox.fill(code);

  await page.keyboard.press('Escape');
  const question = dialog.getByRole('alertdialog', { name: 'Discard what you typed?' });
  await expect(question).toBeVisible();
  await expect(question.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await shot(page, 'keyboard-02-discard-question');
  await question.getByRole('button', { name: 'Keep editing' }).click();
  await expect(question).toBeHidden();
  await expect(codeBox).toHaveValue(code);

  await dialog.getByRole('textbox', { name: /Name/ }).fill('Keyboard responders');
  await page.keyboard.press('Control+Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('table', { name: 'Groups' })).toContainText(code);
});
