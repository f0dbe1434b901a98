import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['server/**/*.test.ts', 'components/**/*.test.ts'],
    // Bounds for a hang, not for speed: a test that opens a fresh PGlite database (every migration) took
    // over 30 s in CI on this shared 2-core machine under load. Speed is measured by npm run bench.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each file opens its own database; two cores run two files at a time.
    maxWorkers: 2,
    setupFiles: ['server/test/support/stop-started-processes.ts'],
    env: {
      AUTH_SECRET: 'integration-tests-signing-secret',
      TZ: 'UTC',
      // A line per request would drown the test output; tests that read the logs ask for info.
      LOG_LEVEL: 'warn',
    },
  },
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
});
