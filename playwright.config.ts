// Browser end-to-end tests: the production server (server/http.ts on a `next build`) with its own fresh
// embedded database, driven by the Debian Chromium. Run through `npm run test:e2e` (e2e/run.sh).
import { defineConfig } from '@playwright/test';
import { ADMIN_PASSWORD, ADMIN_USERNAME, AUTH_SECRET, BASE_URL, DATA_DIR, PORT } from './e2e/support-env';

export default defineConfig({
  testDir: 'e2e',
  // One output directory per port: concurrent runs on one checkout must not delete each other's traces.
  outputDir: PORT === 3210 ? 'test-results' : `test-results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: 'list',
  use: {
    baseURL: BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'npx tsx server/http.ts',
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    env: {
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(PORT),
      DATA_DIR,
      // Empty on purpose: never PostgreSQL, even where CI sets DATABASE_URL.
      DATABASE_URL: '',
      SECURITY_DISABLED: 'false',
      ADMIN_USERNAME,
      ADMIN_PASSWORD,
      AUTH_SECRET,
      // The browser application of e2e/cors.spec.ts, on another origin.
      CORS_ORIGINS: `http://localhost:${PORT + 2}`,
    },
  },
});
