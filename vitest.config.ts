import { configDefaults, defineConfig } from 'vitest/config';

const tests = ['server/**/*.test.ts', 'components/**/*.test.ts'];

// Tests that cause a fault to a real server (the database cut, refused or stalled; a shutdown; too many
// connections) and bound each answer and each recovery by the mechanism's own time plus the hang margin
// (support/hang-bounds.ts). They run after the rest, one file at a time, so that no other file's burst (a
// thousand long polls timing out at once) lands inside those bounds too.
const timedFaults = [
  'server/test/operations/database-outage.test.ts',
  'server/test/operations/shutdown.test.ts',
  'server/test/operations/too-many-connections.test.ts',
];

export default defineConfig({
  test: {
    // Bounds for a hang, not for speed: a test that opens a fresh PGlite database (every migration) took
    // over 30 s in CI on this shared 2-core machine under load. Speed is measured by npm run bench.
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // expect.poll waits this long by default (Vitest's own default is 1 s, a bound for speed): the hang margin
    // of server/test/support/hang-bounds.ts.
    expect: { poll: { timeout: 10_000 } },
    // Each file opens its own database; two cores run two files at a time.
    maxWorkers: 2,
    globalSetup: ['server/test/support/pglite-template.ts'],
    setupFiles: ['server/test/support/stop-started-processes.ts'],
    env: {
      AUTH_SECRET: 'integration-tests-signing-secret',
      TZ: 'UTC',
      // A line per request would drown the test output; tests that read the logs ask for info.
      LOG_LEVEL: 'warn',
      // What a server remembers of credentials it keeps for two minutes, here and in the server processes
      // tests start: a change made elsewhere must be heard by notification, and a test that sees it within
      // its hang margin (server/test/support/hang-bounds.ts) proves it was.
      AUTH_CACHE_TTL_MS: '120000',
    },
    projects: [
      {
        extends: true,
        test: {
          name: 'suite',
          include: tests,
          exclude: [...configDefaults.exclude, ...timedFaults],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'timed faults',
          include: timedFaults,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
  resolve: { alias: { '@': new URL('.', import.meta.url).pathname } },
});
