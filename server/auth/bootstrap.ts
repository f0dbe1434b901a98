// First start: when no user exists, create the administrator (contract section 4).
import { randomBytes } from 'node:crypto';
import { count } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { getEnv } from '../env';
import { ADMIN_PERMISSION } from '../permissions';
import { password as passwordSchema } from '../schemas/admin';
import { hashPassword } from './passwords';

export async function bootstrapAdmin(db: Db, log: (line: string) => void = console.log): Promise<void> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (Number(n) > 0) return;
  const env = getEnv();
  let password = env.ADMIN_PASSWORD;
  if (password) {
    const check = passwordSchema.safeParse(password);
    if (!check.success) throw new Error(`ADMIN_PASSWORD ${check.error.issues[0].message}`);
  }
  const generated = !password;
  password ??= randomBytes(18).toString('base64url');
  const inserted = await db
    .insert(users)
    .values({
      username: env.ADMIN_USERNAME,
      passwordHash: await hashPassword(password),
      permissions: [ADMIN_PERMISSION],
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.length) return; // another instance bootstrapped at the same moment
  if (generated) {
    log(
      `\n  First start: created administrator "${env.ADMIN_USERNAME}" with password\n\n      ${password}\n\n` +
        `  It is shown this once; sign in and change it, or set ADMIN_PASSWORD before the first start.\n`,
    );
  } else {
    log(`First start: created administrator "${env.ADMIN_USERNAME}" with the password from ADMIN_PASSWORD`);
  }
}
