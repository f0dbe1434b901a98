// The console's server components ask here who is signed in, with the same rules as the API.
import { cookies } from 'next/headers';
import { getProcessDatabase } from '../../db/client';
import { getEnv } from '../runtime/env';
import { authenticate, type Principal } from './principal';

export async function getConsolePrincipal(): Promise<Principal | null> {
  const jar = await cookies();
  const cookie = jar
    .getAll()
    .map((c) => `${c.name}=${encodeURIComponent(c.value)}`)
    .join('; ');
  const { db } = await getProcessDatabase();
  return (await authenticate(db, { cookie })).principal;
}

export function isSecurityDisabled(): boolean {
  return getEnv().SECURITY_DISABLED;
}
