// The cluster's primary decides its processes from the raw environment, before anything that validates it
// is loaded (server/runtime/cluster.ts): as server/runtime/env.ts reads the same variables, and one process,
// which then fails the start with env.ts's message, for a value env.ts refuses.
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { API_SEMI_SPACE_MB, clusterPlanOf, workerExecArgv } from '../../runtime/cluster';

const postgresUrl = 'postgres://postgres@127.0.0.1:5432/bpm';

describe('clusterPlanOf', () => {
  it('runs the cores’ worth of API processes and the console with PostgreSQL by default', () => {
    expect(clusterPlanOf({ DATABASE_URL: postgresUrl }, false)).toEqual({
      count: os.availableParallelism(),
      withConsole: true,
      shutdownTimeoutMs: 10_000,
    });
    expect(
      clusterPlanOf({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: '3', SHUTDOWN_TIMEOUT_MS: '2500' }, false),
    ).toEqual({ count: 3, withConsole: true, shutdownTimeoutMs: 2_500 });
    expect(
      clusterPlanOf({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: '2', API_ONLY: 'true' }, false),
    ).toEqual({ count: 2, withConsole: false, shutdownTimeoutMs: 10_000 });
  });

  it('runs one process on PGlite, in development, and for one API process without the console', () => {
    expect(clusterPlanOf({ WEB_CONCURRENCY: '4' }, false)).toBeUndefined();
    expect(clusterPlanOf({ DATABASE_URL: '', WEB_CONCURRENCY: '4' }, false)).toBeUndefined();
    expect(clusterPlanOf({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: '4' }, true)).toBeUndefined();
    expect(
      clusterPlanOf({ DATABASE_URL: postgresUrl, WEB_CONCURRENCY: '1', API_ONLY: '1' }, false),
    ).toBeUndefined();
  });

  it('runs one process, which refuses the setting, for a value the environment’s validation refuses', () => {
    for (const bad of [
      { WEB_CONCURRENCY: '' },
      { WEB_CONCURRENCY: '0' },
      { WEB_CONCURRENCY: '1.5' },
      { WEB_CONCURRENCY: 'two' },
      { API_ONLY: 'yes' },
      { SHUTDOWN_TIMEOUT_MS: '-1' },
    ]) {
      expect(
        clusterPlanOf({ DATABASE_URL: postgresUrl, ...bad }, false),
        JSON.stringify(bad),
      ).toBeUndefined();
    }
  });
});

describe('workerExecArgv', () => {
  it('bounds the young generation of an API process, not of the console’s, keeping Node’s other arguments', () => {
    expect(workerExecArgv('api', ['--enable-source-maps'])).toEqual([
      '--enable-source-maps',
      `--max-semi-space-size=${API_SEMI_SPACE_MB}`,
    ]);
    expect(workerExecArgv('console', ['--enable-source-maps'])).toEqual(['--enable-source-maps']);
  });

  it('leaves the operator’s own bound, given on the command line or in NODE_OPTIONS', () => {
    expect(workerExecArgv('api', ['--max-semi-space-size=32'])).toEqual(['--max-semi-space-size=32']);
    expect(workerExecArgv('api', [], '--max-semi-space-size=2 --trace-gc')).toEqual([]);
  });
});
