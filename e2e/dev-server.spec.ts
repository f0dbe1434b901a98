// The README's first command, `npm run dev`, on a fresh embedded database: the development server starts,
// its pages hydrate (hot reload connects over a WebSocket, so nothing reloads the page forever) and an
// administrator signs in and reaches the dashboard with no browser console error. The other specs run
// the production build; this one guards what a newcomer runs first.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AUTH_SECRET, PORT, expect, signIn, test } from './support';

const DEV_PORT = PORT + 1;
const DEV_URL = `http://127.0.0.1:${DEV_PORT}`;
const DEV_DATA_DIR = `.data-e2e-dev-${DEV_PORT}`;

let server: ChildProcess | undefined;

/** The dev server decides NODE_ENV itself (development); Playwright's own must not leak into it. */
function withoutNodeEnv(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  return Object.fromEntries(Object.entries(env).filter(([key]) => key !== 'NODE_ENV'));
}
let output = '';

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`npm run dev exited:\n${output}`);
    const ok = await fetch(`${DEV_URL}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`npm run dev did not answer /api/health within the time:\n${output}`);
}

test.beforeAll(async () => {
  test.setTimeout(180_000);
  rmSync(DEV_DATA_DIR, { recursive: true, force: true });
  // Its own process group, so that stopping it stops npm, tsx and the server alike.
  const child = spawn('npm', ['run', 'dev'], {
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...withoutNodeEnv(process.env),
      DATABASE_URL: '',
      PORT: String(DEV_PORT),
      DATA_DIR: DEV_DATA_DIR,
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      AUTH_SECRET,
      SECURITY_DISABLED: 'false',
      NEXT_TELEMETRY_DISABLED: '1',
    } as unknown as NodeJS.ProcessEnv,
  });
  server = child;
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  await waitForHealth(Date.now() + 150_000);
});

test.afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    process.kill(-server.pid, 'SIGTERM');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    if (server.exitCode === null) process.kill(-server.pid, 'SIGKILL');
  }
  rmSync(DEV_DATA_DIR, { recursive: true, force: true });
});

test('npm run dev serves the console: sign in, the dashboard, then the incident board', async ({ page }) => {
  test.setTimeout(180_000); // the first request of each page compiles it
  expect(output).toContain('"mode":"development"');
  await page.goto(`${DEV_URL}/login`, { timeout: 120_000 });
  // The sign-in button waits for hydration: enabled means React has taken over the page.
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled({ timeout: 120_000 });
  await signIn(page, ADMIN_USERNAME, ADMIN_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible({ timeout: 120_000 });
  // A mark on this document: a dev server whose hot reload cannot connect reloads the page instead,
  // which would wipe it.
  await page.evaluate(() => Object.assign(window, { devServerMark: true }));
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Incidents' }).click();
  await expect(page.getByRole('heading', { name: 'Incidents', level: 1 })).toBeVisible({ timeout: 120_000 });
  await page.waitForTimeout(3000);
  expect(await page.evaluate(() => 'devServerMark' in window)).toBe(true);
});
