// Demo data for the console: a few groups and users with realistic permissions, and a few hundred incidents
// of the last 30 days with their timelines (scripts/demo-incidents.ts). Safe to run twice: users and groups that
// exist are left alone, incidents are added only to a database that has none.
import { openDatabase } from '../db/client';
import { groups, userGroups, users } from '../db/schema';
import { seedDemoIncidents } from './demo-incidents';
import { bootstrapAdmin } from '../server/auth/bootstrap';
import { hashPassword } from '../server/auth/passwords';
import { getEnv } from '../server/runtime/env';
import { eq } from 'drizzle-orm';

const DEMO_PASSWORD = 'demo-password-123';

const demoGroups = [
  { code: 'PLATFORM_ADMINS', name: 'Platform administrators', permissions: ['ACCESS_BPM_ADMIN'] },
  {
    code: 'PROCESS_DESIGNERS',
    name: 'Process designers',
    permissions: ['ACCESS_BPM_MODELER', 'ACCESS_PROCESS_PORTAL'],
  },
  { code: 'CASE_WORKERS', name: 'Case workers', permissions: ['ACCESS_PROCESS_PORTAL'] },
  { code: 'ENGINES', name: 'Process engines and workers', permissions: ['ACCESS_ENGINE_API'] },
];

const demoUsers = [
  { username: 'maria.ops', groups: ['PLATFORM_ADMINS'], permissions: [] },
  { username: 'tom.designer', groups: ['PROCESS_DESIGNERS'], permissions: [] },
  { username: 'lena.case', groups: ['CASE_WORKERS'], permissions: [] },
  { username: 'svc.payment-worker', groups: ['ENGINES'], permissions: [] },
  {
    username: 'old.contractor',
    groups: ['CASE_WORKERS'],
    permissions: ['ACCESS_BPM_MODELER'],
    enabled: false,
  },
];

const env = getEnv();
const { db, close } = await openDatabase(
  env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: env.DATA_DIR },
);
// The administrator first, as the server's first start would, so that seeding never leaves it out.
await bootstrapAdmin(db, { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD || undefined });
const passwordHash = await hashPassword(DEMO_PASSWORD);
await db.transaction(async (tx) => {
  for (const g of demoGroups) await tx.insert(groups).values(g).onConflictDoNothing();
  for (const u of demoUsers) {
    const [row] = await tx
      .insert(users)
      .values({ username: u.username, passwordHash, permissions: u.permissions, enabled: u.enabled ?? true })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (!row) continue;
    for (const code of u.groups) {
      const [group] = await tx.select({ id: groups.id }).from(groups).where(eq(groups.code, code));
      await tx.insert(userGroups).values({ userId: row.id, groupId: group.id });
    }
  }
});
// Acknowledged and resolved by the administrator and the demo operator.
const seededIncidents = await seedDemoIncidents(db, { operators: [env.ADMIN_USERNAME, 'maria.ops'] });
await close();
console.log(
  `Demo data in place: ${demoGroups.length} groups, ${demoUsers.length} users (password "${DEMO_PASSWORD}"); ` +
    (seededIncidents
      ? `${seededIncidents} incidents of the last 30 days with their timelines.`
      : 'incidents already present, none added.'),
);
