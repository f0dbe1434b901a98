// Helpers of the administration journeys: REST set-up as the administrator, a second signed-in browser,
// and the Mantine pickers (MultiSelect options live in a portal).
import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { BASE_URL, expect, getAccessToken } from './support';

export { signInAsAdmin } from './support';

/** A name no other test or earlier run has used. */
export function uniqueName(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
}

/** The administrator's REST API, for set-up and for checking what the console did. */
export async function adminApi(request: APIRequestContext) {
  const token = await getAccessToken(request);
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async users(): Promise<{ id: number; username: string; enabled: boolean; groups: string[] }[]> {
      const res = await request.get('/api/admin/users', { headers });
      expect(res.status()).toBe(200);
      return res.json();
    },
    async userByName(username: string) {
      const user = (await this.users()).find((u) => u.username === username);
      expect(user, `user ${username}`).toBeTruthy();
      return user!;
    },
    async createGroup(code: string, permissionCodes: string[]): Promise<{ id: number; code: string }> {
      const res = await request.post('/api/admin/groups', {
        headers,
        data: { code, name: `Group ${code}`, permissionCodes },
      });
      expect(res.status(), await res.text()).toBe(200);
      return res.json();
    },
    async setGroupMembers(groupId: number, userIds: number[]): Promise<void> {
      const res = await request.put(`/api/admin/groups/${groupId}/users`, { headers, data: { userIds } });
      expect(res.status(), await res.text()).toBe(200);
    },
  };
}

/** The status POST /api/tokens answers for these credentials (200 or 401). */
export async function tokenStatus(request: APIRequestContext, username: string, password: string) {
  const res = await request.post('/api/tokens', { data: { username, password } });
  return res.status();
}

/**
 * A page in a fresh browser context (its own cookies), signed in as `username`, whose console errors
 * are added to the test's own list so that they fail the test too.
 */
export async function signInElsewhere(
  browser: Browser,
  errors: string[],
  username: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(`[${username}] console.error: ${msg.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`[${username}] page error: ${e.message}`));
  await page.goto('/login');
  const form = page.getByRole('form', { name: 'Sign in' });
  await form.getByRole('textbox', { name: 'Username', exact: true }).fill(username);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/');
  return { context, page };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Picks options of a Mantine MultiSelect by typing and clicking them, then leaves the dropdown closed. */
export async function pickOptions(page: Page, field: Locator, options: string[]): Promise<void> {
  for (const option of options) {
    await field.click();
    await field.fill(option);
    await page
      .getByRole('option', { name: new RegExp(`^${escapeRegExp(option)}`) })
      .first()
      .click();
  }
  await field.blur();
}

/** Waits until a Mantine dialog has finished its opening transition, so a screenshot shows it whole. */
export async function settled(dialog: Locator): Promise<Locator> {
  await expect(dialog).toBeVisible();
  await expect(dialog).toHaveCSS('opacity', '1');
  return dialog;
}

/** A Mantine notification with this title. */
export function notification(page: Page, title: string | RegExp): Locator {
  return page.locator('.mantine-Notification-root').filter({ hasText: title });
}
