// WCAG 2.2 AA with axe-core on every console page and every dialog a responder or administrator opens, at
// desktop (1440 px) and phone (390 px) width: zero serious or critical violations (item 5).
// The theme is what passes (components/theme.ts), not overrides per element.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  createServiceAccount,
  createUser,
  expect,
  shot,
  signIn,
  signInByRequest,
  test,
} from './support';
import { IncidentApi, uniqueProcessInstanceId, uniqueTag } from './incident-support';

const WIDTHS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The serious and critical violations on the page (or inside `within`), one line per node. */
async function violations(page: Page, within?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (within) builder = builder.include(within);
  const { violations: found } = await builder.analyze();
  return found
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}): ${n.target.join(' ')}: ${n.failureSummary?.split('\n').join(' ')}`,
      ),
    );
}

/** The page, and every scroll area in it, that is wider than the screen: a phone must never scroll sideways. */
async function sidewaysScrolls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const wide = (e: Element) => e.scrollWidth > e.clientWidth + 1;
    const found = [...document.querySelectorAll('.mantine-ScrollArea-viewport')].filter(wide).map((e) => {
      const labelled = e.closest('[aria-label]');
      return `a scroll area${labelled ? ` in "${labelled.getAttribute('aria-label')}"` : ''} (${e.scrollWidth} px in ${e.clientWidth})`;
    });
    if (wide(document.documentElement)) found.push(`the page (${document.documentElement.scrollWidth} px)`);
    return found;
  });
}

/** Waits until the page has settled: no skeletons or loaders left (axe must see the real content). */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Skeleton-root[data-visible="true"]')).toHaveCount(0);
}

for (const size of WIDTHS) {
  test(`every page and dialog passes axe at ${size.name} width`, async ({ page, request, browser }) => {
    test.setTimeout(240_000);
    await page.setViewportSize({ width: size.width, height: size.height });

    // Data for every page to show something real: incidents in each status, a worker incident that
    // can be retried, a user with a detail page.
    const api = await IncidentApi.signIn(request);
    const tag = uniqueTag('axe');
    const pid = uniqueProcessInstanceId();
    const open = await api.report({
      message: `Payment declined ${tag}`,
      processInstanceId: pid,
      severity: 'CRITICAL',
    });
    const acked = await api.report({
      message: `Stock check timed out ${tag}`,
      processInstanceId: pid,
      severity: 'MEDIUM',
    });
    await api.acknowledge(acked.id);
    const resolved = await api.report({
      message: `Address invalid ${tag}`,
      processInstanceId: pid,
      severity: 'LOW',
    });
    await api.resolve(resolved.id);
    await api.report({ message: `Invoice rendering failed ${tag}`, severity: 'HIGH' });
    const { incident: retryable } = await api.failWorkerRequest({
      processInstanceId: uniqueProcessInstanceId(),
      nodeId: 'charge-card',
      topic: `axe.${tag}`,
      errorMessage: `Amount must be positive ${tag}`,
      payload: { orderId: 'ORD-1', amount: -5, card: { cvv: '123' } },
    });
    const user = await createUser(request, {
      usernamePrefix: 'axe-user',
      permissionCodes: ['ACCESS_BPM_ADMIN'],
    });
    const serviceAccount = await createServiceAccount(request, {
      namePrefix: 'axe-engine',
      permissionCodes: ['ACCESS_ENGINE_API'],
      tokens: ['axe-worker'],
    });

    // A console session of the user and a second one of the administrator: the sessions cards have rows to end.
    for (const who of [user, { username: ADMIN_USERNAME, password: ADMIN_PASSWORD }]) {
      const elsewhere = await browser.newContext();
      await signInByRequest(await elsewhere.newPage(), who.username, who.password);
      await elsewhere.close();
    }

    const found: string[] = [];
    const scan = async (where: string, within?: string) => {
      for (const line of await violations(page, within)) found.push(`${where}: ${line}`);
    };

    // Signed out: the sign-in page.
    await page.goto('/login');
    await settled(page);
    await scan('/login');

    await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
    await expect(page).toHaveURL(/\/$/);

    const pages = [
      '/',
      '/incidents',
      `/incidents/${open.id}`,
      `/incidents/${resolved.id}`,
      `/process-instances/${pid}`,
      '/admin/users',
      `/admin/users/${user.id}`,
      '/admin/service-accounts',
      `/admin/service-accounts/${serviceAccount.id}`,
      '/admin/groups',
      '/admin/audit',
      '/silences',
      '/account',
      '/change-password',
    ];
    for (const path of pages) {
      await page.goto(path);
      await settled(page);
      await scan(path);
      // Nothing scrolls sideways: tables are cards on a phone (item 4).
      for (const overflow of await sidewaysScrolls(page))
        found.push(`${path}: scrolls sideways: ${overflow}`);
      await shot(page, `axe-${size.name}${path.replaceAll('/', '-')}`);
    }

    // Dialogs: each opened, scanned inside, closed with Escape.
    const dialog = page.getByRole('dialog');
    const openDialog = async (path: string, button: RegExp | string, prepare?: () => Promise<void>) => {
      await page.goto(path);
      await settled(page);
      if (prepare) await prepare();
      await page
        .getByRole('button', { name: button, exact: typeof button === 'string' })
        .first()
        .click();
      await expect(dialog).toBeVisible();
      await page.waitForTimeout(300); // the open transition: axe must see final colours
      await scan(`${path} dialog "${String(button)}"`, '[role="dialog"]');
      await page.keyboard.press('Escape');
      await expect(dialog).toHaveCount(0);
    };
    await openDialog(`/incidents/${open.id}`, 'Resolve…');
    await openDialog(`/incidents/${open.id}`, 'Snooze…');
    // The retry dialog with its payload editor and the changes it will make.
    await page.goto(`/incidents/${retryable.id}`);
    await settled(page);
    await page.getByRole('button', { name: 'Retry…' }).click();
    await page.getByRole('switch', { name: /Correct the payload first/ }).check();
    await page
      .getByRole('textbox', { name: /Payload/ })
      .fill('{"orderId": "ORD-1", "amount": 5, "card": {"cvv": "[masked]"}}');
    await expect(page.getByRole('table', { name: 'The retry will change' })).toBeVisible();
    await page.waitForTimeout(300);
    await scan(`/incidents/${retryable.id} dialog "Retry…" correcting the payload`, '[role="dialog"]');
    await shot(page, `axe-${size.name}-retry-correction`, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await openDialog('/admin/users', 'Create user');
    await openDialog(`/admin/users/${user.id}`, 'Reset password…');
    await openDialog(`/admin/users/${user.id}`, 'Delete user…');
    await openDialog('/admin/groups', 'Create group');
    await openDialog('/admin/service-accounts', 'Create service account');
    await openDialog(`/admin/service-accounts/${serviceAccount.id}`, 'Create API token');
    await openDialog(`/admin/service-accounts/${serviceAccount.id}`, 'Delete service account…');
    await openDialog('/silences', 'New silence…');
    await openDialog(`/admin/users/${user.id}`, 'Create API token');
    await openDialog(`/admin/users/${user.id}`, 'End all sessions');
    await openDialog('/account', 'End all other sessions');
    await openDialog('/account', /^End the session of/);
    await openDialog('/incidents', 'Resolve…', async () => {
      await page
        .getByRole('checkbox', { name: /select all/i })
        .first()
        .check();
    });

    // The board's saved views: the menu, then its save dialog.
    await page.goto('/incidents?severity=CRITICAL');
    await settled(page);
    await page.getByRole('button', { name: 'Views' }).click();
    await expect(page.getByRole('dialog', { name: 'Views', exact: true })).toBeVisible();
    await scan('/incidents popover "Views"', '[role="dialog"]');
    await page.getByRole('button', { name: 'Save this view…' }).click();
    await expect(page.getByRole('dialog', { name: 'Save this view' })).toBeVisible();
    await page.waitForTimeout(300);
    await scan('/incidents dialog "Save this view"', '[aria-modal="true"]');
    await page.keyboard.press('Escape');

    expect(found, `axe serious/critical violations at ${size.width} px`).toEqual([]);
  });
}

// A dropdown's options are a listbox, scrolled by the arrow keys from its input (aria-activedescendant):
// the open list must pass as the page does.
test('an open dropdown passes axe, and its options are reached from the keyboard', async ({ page }) => {
  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/incidents');
  await settled(page);
  const status = page.getByRole('combobox', { name: 'Status' });
  await status.click();
  const listbox = page.getByRole('listbox');
  await expect(listbox).toBeVisible();
  await shot(page, 'axe-open-dropdown', { fullPage: false });
  expect(await violations(page)).toEqual([]);
  await status.press('ArrowDown');
  await status.press('ArrowDown');
  await status.press('Enter');
  await expect(listbox).toBeHidden();
  await expect(status).not.toHaveValue('');
});
