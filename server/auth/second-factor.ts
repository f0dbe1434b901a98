// The second factor of a person's sign-in: TOTP codes (RFC 6238, through the otpauth library: SHA-1, six
// digits, 30-second steps, one step of clock drift either way, as authenticator apps expect) and ten
// single-use recovery codes. Both are spent in one conditional statement, so a code accepted once is
// refused afterwards however many requests send it at once (docs/contract.md §4).
import { createHash, randomInt } from 'node:crypto';
import { and, count, eq, getTableName, is, isNotNull, isNull, lt, or, SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Secret, TOTP } from 'otpauth';
import { rowsOf, type Db } from '../../db/client';
import { passkeys, recoveryCodes, secondFactors, users } from '../../db/schema';

const PERIOD_SECONDS = 30;
const DIGITS = 6;
/** Steps either side of now that are accepted, for a phone's clock a little off. */
const DRIFT_STEPS = 1;
export const RECOVERY_CODE_COUNT = 10;
/** What the otpauth:// URI names as the issuer: the label an authenticator app shows. */
export const TOTP_ISSUER = 'BPM Admin Console';

/** A new TOTP secret: 160 random bits (RFC 4226's recommendation), written in base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI an authenticator app reads (from its QR code or typed in). */
export function totpUri(secret: string, username: string): string {
  return new TOTP({
    issuer: TOTP_ISSUER,
    label: username,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

/** The time step whose code `code` is, within the drift allowed around `now`, or null when it is none. */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | null {
  if (!new RegExp(`^\\d{${DIGITS}}$`).test(code)) return null;
  const delta = TOTP.validate({
    token: code,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: now,
    window: DRIFT_STEPS,
  });
  return delta === null ? null : TOTP.counter({ period: PERIOD_SECONDS, timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten new recovery codes (`xxxxx-xxxxx`, about 49 random bits each), as shown once to their owner. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
    return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
  });
}

/** What is kept of a recovery code: random codes need no slow hash; case, spaces and dashes do not count. */
export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.replace(/[\s-]/g, '').toLowerCase()).digest('hex');
}

const confirmed = (userId: number) =>
  and(eq(secondFactors.userId, userId), isNotNull(secondFactors.confirmedAt));

/** Whether the person has a confirmed authenticator app (TOTP). */
export async function hasTotp(db: Db, input: { userId: number }): Promise<boolean> {
  const [row] = await db
    .select({ userId: secondFactors.userId })
    .from(secondFactors)
    .where(confirmed(input.userId));
  return Boolean(row);
}

/** Whether the person has a second factor (a confirmed authenticator app, or a passkey): sign-in asks for it. */
export async function hasSecondFactor(db: Db, input: { userId: number }): Promise<boolean> {
  const [row] = rowsOf<{ has: boolean }>(
    await db.execute(sql`select ${hasSecondFactorOf(sql`${input.userId}::bigint`)} as has`),
  );
  return row?.has === true;
}

/**
 * `table.column`, always: Drizzle leaves a column unqualified in the selection of a query on one table, and
 * inside the subqueries below an unqualified `id` would name the passkey's (as effective-permissions.ts says).
 */
function qualified(column: AnyPgColumn): SQL {
  return sql`${sql.identifier(getTableName(column.table))}.${sql.identifier(column.name)}`;
}

/**
 * The SQL condition that the user whose id is `userId` (a value, or the id column of the surrounding query)
 * has a second factor: a confirmed authenticator app, or a passkey. Also read with their credentials.
 */
export function hasSecondFactorOf(userId: SQL | AnyPgColumn) {
  const user = is(userId, SQL) ? userId : qualified(userId);
  return sql<boolean>`(exists (select 1 from ${secondFactors}
      where ${qualified(secondFactors.userId)} = ${user} and ${qualified(secondFactors.confirmedAt)} is not null)
    or exists (select 1 from ${passkeys} where ${qualified(passkeys.userId)} = ${user}))`;
}

export type SpentCode = 'TOTP' | 'RECOVERY_CODE';

/**
 * Checks `code` against the person's second factor and spends it: a TOTP code of a later step than the
 * last one accepted (with a confirmed app), or one of their unused recovery codes (whichever factor they
 * have). Null when it is neither (or was already used).
 */
export async function spendSecondFactorCode(
  db: Db,
  input: { userId: number; code: string },
  now = Date.now(),
): Promise<SpentCode | null> {
  const code = input.code.trim();
  if (/^\d+$/.test(code)) {
    const [factor] = await db
      .select({ secret: secondFactors.totpSecret })
      .from(secondFactors)
      .where(confirmed(input.userId));
    if (!factor) return null;
    const step = stepOfCode(factor.secret, code, now);
    if (step === null) return null;
    // Only a later step than the last one accepted: the same code sent twice, even at once, passes once.
    const spent = await db
      .update(secondFactors)
      .set({ lastUsedStep: step })
      .where(
        and(
          confirmed(input.userId),
          or(isNull(secondFactors.lastUsedStep), lt(secondFactors.lastUsedStep, step)),
        ),
      )
      .returning({ userId: secondFactors.userId });
    return spent.length ? 'TOTP' : null;
  }
  // The delete is the check: of two requests sending one code at once, only one gets its row back.
  const spent = await db
    .delete(recoveryCodes)
    .where(
      and(
        eq(recoveryCodes.userId, input.userId),
        eq(recoveryCodes.codeHash, recoveryCodeHash(code)),
        // Codes left behind by a factor removed some other way open nothing.
        hasSecondFactorOf(recoveryCodes.userId),
      ),
    )
    .returning({ userId: recoveryCodes.userId });
  return spent.length ? 'RECOVERY_CODE' : null;
}

/** How many of the person's recovery codes are unused. */
export async function countRecoveryCodes(db: Db, input: { userId: number }): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(eq(recoveryCodes.userId, input.userId));
  return row?.left ?? 0;
}

/**
 * Holds the person's row until the transaction ends: changes of their second factors and recovery codes
 * (the first factor making codes, the last one taking them) then run one after another, so two at once
 * cannot both see "no factor yet", nor both see "another factor remains". A no-key lock: inserting rows
 * that merely reference the person is not held up.
 */
export async function lockSecondFactorsOf(tx: Db, input: { userId: number }): Promise<void> {
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${input.userId} for no key update`);
}

/** Ten new recovery codes for the person, in place of any they had: answered to be shown once. */
export async function replaceRecoveryCodes(tx: Db, input: { userId: number }): Promise<string[]> {
  const codes = newRecoveryCodes();
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, input.userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId: input.userId, codeHash: recoveryCodeHash(code) })));
  return codes;
}

/**
 * Removes the person's recovery codes when no second factor is left to stand in for (call after removing
 * one, under lockSecondFactorsOf). Answers how many went.
 */
export async function dropRecoveryCodesWithoutFactor(tx: Db, input: { userId: number }): Promise<number> {
  if (await hasSecondFactor(tx, input)) return 0;
  const dropped = await tx
    .delete(recoveryCodes)
    .where(eq(recoveryCodes.userId, input.userId))
    .returning({ userId: recoveryCodes.userId });
  return dropped.length;
}
