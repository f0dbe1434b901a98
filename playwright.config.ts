// Browser end-to-end tests: the production server (server/http.ts on a `next build`) with its own fresh
// embedded database, driven by the Debian Chromium. Run through `npm run test:e2e` (e2e/run.sh).
import { defineConfig } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  AUTH_SECRET,
  BASE_URL,
  DATA_DIR,
  OIDC_SERVER_ENV,
  PORT,
} from './e2e/support-env';

export default defineConfig({
  testDir: 'e2e',
  // One output directory per port: concurrent runs on one checkout must not delete each other's traces.
  outputDir: PORT === 3210 ? 'test-results' : `test-results-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  // A test here takes 3-15 s on a quiet machine; CI machines are shared, and at a load average of 16 whole
  // tests took 30-35 s with every expectation met in time. The bound is for a hung test, not a slow machine.
  timeout: 60_000,
  // A bound for a hang, not for speed: CI machines are shared, and a busy one stretches every page.
  expect: { timeout: 20_000 },
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
    // What `npm start` runs: the compiled server (npm run build, as e2e/run.sh does).
    command: 'node dist/server/http.mjs',
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
      // The webhook receiver of e2e/notifications.spec.ts listens on loopback over plain http.
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_ALLOWED_NETWORKS: '127.0.0.0/8',
      // A subscription failing for 3 s needs attention (24 h in service): the dashboard's alert, seen in seconds.
      WEBHOOK_ATTENTION_AFTER_MS: '3000',
      // Single sign-on through the OpenID provider e2e/single-sign-on.spec.ts starts (only while it runs: the
      // other tests sign in with passwords and see the button, as a console with SSO shows it).
      ...OIDC_SERVER_ENV,
    },
  },
});
