// A sign-in through the OpenID provider, once next-auth has checked its answer (state, PKCE, the ID token's
// signature, issuer, audience and expiry): the person named by (issuer, subject) is provisioned at their
// first sign-in, with no password, and their groups are set from the groups claim through the mapping at
// every sign-in, in one transaction under the administrators' lock (the last-administrator rule holds). The
// console's next-auth options (next-auth.ts) call it; it is audited as a password sign-in is.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { groups, users } from '../../db/schema';
import type { SsoRefusal } from '../../lib/single-sign-on';
import { DomainError } from '../errors';
import { countAuthFailure } from '../observability/metrics';
import { username as usernameSchema } from '../schemas/admin';
import { runAdminChange } from '../services/admin/admin-change';
import { recordAudit } from '../services/admin/audit';
import { sortedSet } from '../services/db-errors';
import { setMemberships } from '../services/admin/user-rules';
import type { SignedInUser } from './login';
import type { OidcSettings } from './oidc-settings';

export interface ProviderSignIn {
  /** The ID token's claims, as next-auth verified them. */
  claims: Record<string, unknown>;
}

export type ProviderSignInResult = { ok: true; user: SignedInUser } | { ok: false; refusal: SsoRefusal };

export interface ProviderSignInOrigin {
  clientAddress?: string;
}

/** The claim values the groups claim holds: a string or strings; absent is none; anything else is invalid. */
function claimValues(claim: unknown): string[] | null {
  if (claim === undefined || claim === null) return [];
  if (typeof claim === 'string') return [claim];
  if (Array.isArray(claim) && claim.every((v) => typeof v === 'string')) return claim;
  return null;
}

/** The group codes the claim values map to, each once, sorted. */
export function mappedGroupCodes(values: readonly string[], settings: Pick<OidcSettings, 'groupMapping'>) {
  return sortedSet(values.flatMap((value) => settings.groupMapping.get(value) ?? []));
}

class Refused extends Error {
  constructor(readonly refusal: SsoRefusal) {
    super(refusal);
  }
}

/** The person's row and groups, inside the admin change; throws Refused. */
async function provisionAndApply(
  tx: Tx,
  identity: { issuer: string; subject: string; username: string; groupCodes: string[] },
  origin: ProviderSignInOrigin,
): Promise<SignedInUser> {
  const { issuer, subject } = identity;
  let [user] = await tx
    .select({
      id: users.id,
      username: users.username,
      enabled: users.enabled,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)));
  if (!user) {
    // Never linked to an existing account by name: whoever controls a name at the provider would take over
    // the local account (the break-glass administrator's included).
    const inserted = await tx
      .insert(users)
      .values({ username: identity.username, kind: 'PERSON', oidcIssuer: issuer, oidcSubject: subject })
      .onConflictDoNothing()
      .returning({
        id: users.id,
        username: users.username,
        enabled: users.enabled,
        tokenVersion: users.tokenVersion,
      });
    if (!inserted.length) throw new Refused('OidcNameTaken');
    user = inserted[0];
    await recordAudit(tx, {
      actor: user.username,
      action: 'user.create',
      targetType: 'user',
      targetId: user.id,
      after: { username: user.username, identityProvider: issuer, subject },
    });
  }
  if (!user.enabled) throw new Refused('OidcDisabled');
  const before = await tx
    .select({ code: groups.code })
    .from(groups)
    .where(sql`${groups.id} in (select group_id from user_groups where user_id = ${user.id})`);
  // A code the mapping names but no group has (not made yet, or deleted) gives nothing.
  const found = identity.groupCodes.length
    ? await tx
        .select({ id: groups.id, code: groups.code })
        .from(groups)
        .where(inArray(groups.code, identity.groupCodes))
    : [];
  await setMemberships(
    tx,
    user.id,
    found.map((g) => g.id),
  );
  const groupsBefore = sortedSet(before.map((g) => g.code));
  const groupsAfter = sortedSet(found.map((g) => g.code));
  if (groupsBefore.join() !== groupsAfter.join()) {
    await recordAudit(tx, {
      actor: user.username,
      action: 'user.groups_from_provider',
      targetType: 'user',
      targetId: user.id,
      before: { groups: groupsBefore },
      after: { groups: groupsAfter },
    });
  }
  await recordAudit(tx, {
    actor: user.username,
    action: 'auth.sign_in',
    targetType: 'user',
    targetId: user.id,
    after: { address: origin.clientAddress ?? null, via: 'single_sign_on', groups: groupsAfter },
  });
  return { id: user.id, username: user.username, tokenVersion: user.tokenVersion };
}

export async function signInThroughProvider(
  db: Db,
  input: ProviderSignIn,
  origin: ProviderSignInOrigin,
  settings: Pick<OidcSettings, 'groupMapping' | 'groupsClaim' | 'usernameClaim'>,
): Promise<ProviderSignInResult> {
  const { claims } = input;
  const issuer = typeof claims.iss === 'string' ? claims.iss : '';
  const subject = typeof claims.sub === 'string' ? claims.sub : '';
  const username = usernameSchema.safeParse(claims[settings.usernameClaim]);
  const values = claimValues(claims[settings.groupsClaim]);
  const refuse = async (refusal: SsoRefusal, actor: string, targetId: number | null) => {
    countAuthFailure('single_sign_on');
    await recordAudit(db, {
      actor,
      action: 'auth.sign_in_failed',
      targetType: 'user',
      targetId,
      after: { address: origin.clientAddress ?? null, via: 'single_sign_on', reason: refusal, subject },
    });
    return { ok: false as const, refusal };
  };
  if (!issuer || !subject || subject.length > 255 || !username.success || values === null) {
    const named = claims[settings.usernameClaim];
    return refuse(
      'OidcClaimsInvalid',
      typeof named === 'string' ? named.slice(0, 64) : '(identity provider)',
      null,
    );
  }
  const identity = {
    issuer,
    subject,
    username: username.data,
    groupCodes: mappedGroupCodes(values, settings),
  };
  try {
    const user = await runAdminChange(db, (tx) => provisionAndApply(tx, identity, origin));
    return { ok: true, user };
  } catch (error) {
    if (error instanceof Refused) return refuse(error.refusal, identity.username, null);
    if (error instanceof DomainError && error.kind === 'LAST_ADMIN')
      return refuse('OidcLastAdmin', identity.username, null);
    throw error;
  }
}
