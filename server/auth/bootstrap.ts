// First start: when no person exists, create the administrator (docs/contract.md §4).
import { randomBytes } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { ADMIN_PERMISSION } from '../permissions';
import { password as passwordSchema } from '../schemas/admin';
import { log as logger } from '../observability/log';
import { hashPassword } from './passwords';

export async function bootstrapAdmin(
  db: Db,
  admin: { username: string; password?: string },
  // Warn level, so that LOG_LEVEL=warn still shows the generated password; `jq -r .msg` prints it as written.
  log: (line: string) => void = (line) => logger.warn(line),
): Promise<void> {
  // Service accounts cannot sign in: a database holding only those still needs someone who can.
  const [{ n }] = await db.select({ n: count() }).from(users).where(eq(users.kind, 'PERSON'));
  if (Number(n) > 0) return;
  let password = admin.password;
  if (password) {
    const check = passwordSchema.safeParse(password);
    if (!check.success) throw new Error(`ADMIN_PASSWORD ${check.error.issues[0].message}`);
  }
  const generated = !password;
  password ??= randomBytes(18).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      username: admin.username,
      passwordHash: await hashPassword(password),
      permissions: [ADMIN_PERMISSION],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return; // another instance bootstrapped at the same moment
  if (generated) {
    log(
      `\n  First start: created administrator "${admin.username}" with password\n\n      ${password}\n\n` +
        `  It is shown this once; sign in and change it, or set ADMIN_PASSWORD before the first start.\n`,
    );
  } else {
    log(`First start: created administrator "${admin.username}" with the password from ADMIN_PASSWORD`);
  }
}
