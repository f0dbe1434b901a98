// Several instances started at once on one database, fresh or already migrated: the migrations and the
// first-start administrator take turns under an advisory lock, so every instance comes up and the
// administrator exists once.
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../support/helpers';
import { startServerProcess, stopProcess } from '../support/processes';

const INSTANCES = 4;

describe.runIf(onPostgres)('instances starting together (PostgreSQL, real processes)', () => {
  const name = `bpm_test_${randomBytes(6).toString('hex')}`;
  let admin: postgres.Sql;
  let url: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    admin = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`); // empty: no migration has run
    const target = new URL(process.env.DATABASE_URL!);
    target.pathname = `/${name}`;
    url = target.toString();
  });
  afterAll(async () => {
    await Promise.all(children.map((c) => stopProcess(c)));
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  async function startTogether(adminUsername: string) {
    const starts = await Promise.allSettled(
      Array.from({ length: INSTANCES }, () =>
        startServerProcess(url, {
          ADMIN_USERNAME: adminUsername,
          ADMIN_PASSWORD: `pw-${randomBytes(12).toString('hex')}`,
        }),
      ),
    );
    // Those that came up are stopped after the tests even if another did not.
    const started = starts.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    children.push(...started.map((s) => s.process));
    for (const start of starts) if (start.status === 'rejected') throw start.reason;
    for (const { url: serverUrl } of started) {
      expect((await fetch(`${serverUrl}/api/health`)).status).toBe(200);
    }
  }

  async function usersOf(db: postgres.Sql) {
    return db<{ username: string }[]>`select username from users`;
  }

  it(
    `${INSTANCES} instances on a fresh database all come up; the administrator is created once`,
    { timeout: 120_000 },
    async () => {
      await startTogether('first-admin');
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        expect((await usersOf(db)).map((u) => u.username)).toEqual(['first-admin']);
      } finally {
        await db.end();
      }
    },
  );

  it(
    `${INSTANCES} more on the same, now migrated, database come up and create no one`,
    { timeout: 120_000 },
    async () => {
      await startTogether('second-admin');
      const db = postgres(url, { max: 1, onnotice: () => {} });
      try {
        expect((await usersOf(db)).map((u) => u.username)).toEqual(['first-admin']);
      } finally {
        await db.end();
      }
    },
  );
});
