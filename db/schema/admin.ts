// Users, groups, their permissions and memberships, API tokens, audit records and login throttling.
import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { xid8 } from './xid8';

export type UserKind = 'PERSON' | 'SERVICE';

const id = () => bigserial('id', { mode: 'number' }).primaryKey();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: id(),
    /** A service account's name lives here too: people and service accounts share one name space. */
    username: text('username').notNull(),
    /**
     * PERSON signs in with a password; SERVICE (a service account, for engines and workers) never does: it
     * has no password and acts only through its API tokens, which nothing done to a person touches.
     */
    kind: text('kind').$type<UserKind>().notNull().default('PERSON'),
    /**
     * Null for a service account and for a person who signs in through the identity provider
     * (users_password_by_kind_check): a person has a password or an (issuer, subject), never both.
     */
    passwordHash: text('password_hash'),
    /** The OpenID provider's issuer of a person provisioned at their first single sign-on; null otherwise. */
    oidcIssuer: text('oidc_issuer'),
    /** The `sub` claim that person has at that issuer: (issuer, subject) names them for good. */
    oidcSubject: text('oidc_subject'),
    /** What a service account is for; people have none. */
    description: text('description'),
    enabled: boolean('enabled').notNull().default(true),
    /** Direct permission codes, sorted. */
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Bumped when the user is disabled or the password is reset: every token carrying an older value dies. */
    tokenVersion: integer('token_version').notNull().default(0),
    /** Set by an administrator's password reset: the user must choose a new password at the next sign-in. */
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    /**
     * Requests per minute each of a service account's API tokens may make on the REST API, unless the token
     * sets its own; null is the process's default (API_RATE_LIMIT_PER_MINUTE). People have none.
     */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_kind_check', sql`${t.kind} in ('PERSON', 'SERVICE')`),
    check(
      'users_password_by_kind_check',
      sql`case when ${t.kind} = 'PERSON' then (${t.passwordHash} is not null) <> (${t.oidcSubject} is not null) else ${t.passwordHash} is null and ${t.oidcSubject} is null end`,
    ),
    check('users_oidc_identity_check', sql`(${t.oidcIssuer} is null) = (${t.oidcSubject} is null)`),
    uniqueIndex('users_oidc_identity_key')
      .on(t.oidcIssuer, t.oidcSubject)
      .where(sql`${t.oidcSubject} is not null`),
    check(
      'users_rate_limit_check',
      sql`${t.rateLimitPerMinute} is null or (${t.kind} = 'SERVICE' and ${t.rateLimitPerMinute} > 0)`,
    ),
  ],
);

export const groups = pgTable(
  'groups',
  {
    id: id(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    permissions: text('permissions')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('groups_code_key').on(t.code)],
);

export const userGroups = pgTable(
  'user_groups',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.groupId] }), index('user_groups_group_id_idx').on(t.groupId)],
);

export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the secret, hex. The secret itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    /** The user's token_version when the token was made; a later reset or disable makes it stale. */
    userTokenVersion: integer('user_token_version').notNull(),
    /** What the token may do, within its user's rights: READ_ONLY, INCIDENTS, WORKER, METRICS or FULL. */
    scope: text('scope').notNull().default('FULL'),
    /** Requests per minute on the REST API; null: its service account's, else the process's default. */
    rateLimitPerMinute: integer('rate_limit_per_minute'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    index('api_tokens_user_id_idx').on(t.userId),
    check(
      'api_tokens_scope_check',
      sql`${t.scope} in ('READ_ONLY', 'INCIDENTS', 'WORKER', 'METRICS', 'FULL')`,
    ),
    check('api_tokens_rate_limit_check', sql`${t.rateLimitPerMinute} is null or ${t.rateLimitPerMinute} > 0`),
  ],
);

export const auditEvents = pgTable(
  'audit_events',
  {
    id: id(),
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
    /**
     * The writing transaction's id: the security events' feed (server/services/notifications/security-events.ts)
     * reads records in (tx_id, id) order below the oldest transaction still running, as the incident feed
     * reads the timeline, so that no record commits behind a subscription's cursor (migration 0033).
     */
    txId: xid8('tx_id')
      .notNull()
      .default(sql`pg_current_xact_id()`),
  },
  (t) => [
    index('audit_events_feed_idx').on(t.txId, t.id),
    // Pages are read newest first by id (ids grow with time), optionally for an actor prefix (matched
    // case-insensitively, hence lower() with the pattern operator class), an action or a date range.
    index('audit_events_actor_prefix_idx').on(sql`lower(${t.actor}) text_pattern_ops`, t.id),
    index('audit_events_action_idx').on(t.action, t.id),
    index('audit_events_created_idx').on(t.createdAt, t.id),
  ],
);

/** Failed sign-ins per (lower-cased) username; kept in the database so that every instance sees them. */
export const loginFailures = pgTable('login_failures', {
  usernameKey: text('username_key').primaryKey(),
  failures: integer('failures').notNull(),
  lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
});

/**
 * Console sign-in sessions. The session cookie names a row here; signing out deletes it, which ends the
 * session at once on every instance (a trigger announces the delete on bpm_auth_changed).
 */
export const consoleSessions = pgTable(
  'console_sessions',
  {
    /** Random, 256 bits, base64url; carried inside the encrypted session cookie. */
    id: text('id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    /** Moved forward while the session is used (to the minute): the idle limit counts from here. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    address: text('address'),
    userAgent: text('user_agent'),
  },
  (t) => [index('console_sessions_user_id_idx').on(t.userId)],
);

/**
 * Fixed-window counters shared by every instance (for example password checks per client address).
 * `key` names the limit and its subject; a row whose window has passed starts again at the next use.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

/**
 * Each bearer token's request budget as every API process and instance has reported it
 * (server/transport/shared-rate-limit.ts): the time at which it is full again were no request to come, in
 * milliseconds since the epoch, and what the last report spent. Unlogged: a crash gives every token a full
 * budget, as a restart of the processes does, and the reports write no WAL.
 */
export const tokenRateBudgets = pgTable('token_rate_budgets', {
  key: text('key').primaryKey(),
  fullAt: doublePrecision('full_at').notNull(),
  lastSpentMs: doublePrecision('last_spent_ms').notNull().default(0),
});

export const usersRelations = relations(users, ({ many }) => ({ memberships: many(userGroups) }));
export const groupsRelations = relations(groups, ({ many }) => ({ memberships: many(userGroups) }));
export const userGroupsRelations = relations(userGroups, ({ one }) => ({
  user: one(users, { fields: [userGroups.userId], references: [users.id] }),
  group: one(groups, { fields: [userGroups.groupId], references: [groups.id] }),
}));

/**
 * A person's authenticator app: a TOTP secret (RFC 6238), pending until a code from it was entered
 * (confirmed_at); only a confirmed row is an app. One row per user: enrolling again replaces a pending
 * secret, never a confirmed one.
 */
export const secondFactors = pgTable('second_factors', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Base32; the server must compute codes from it, so it cannot be hashed. */
  totpSecret: text('totp_secret').notNull(),
  /** The TOTP time step of the last code accepted: a code of that step or an earlier one is refused (replay). */
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  /** Null while enrolment waits for a first valid code; only a confirmed factor is asked at sign-in. */
  confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/**
 * A person's passkeys (WebAuthn credentials), each a second factor of its own: any one of them signs in
 * after the password. The public key is kept as the authenticator gave it (COSE); the signature counter
 * is the last one accepted, and an assertion that does not raise it (when the authenticator counts) is
 * refused as a possible clone.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url, as the browser names it; one credential belongs to one person. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach the authenticator (usb, internal, hybrid...), given back in challenges. */
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('passkeys_credential_id_key').on(t.credentialId),
    index('passkeys_user_id_idx').on(t.userId),
  ],
);

/**
 * A person's unused recovery codes, SHA-256 of each. They stand in for the second factor as a whole (an
 * authenticator app, passkeys, or both), so they live apart from either: made with the first factor, gone
 * with the last. A use deletes its row in the same statement that checks it.
 */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.codeHash] })],
);

export type WebauthnChallengePurpose = 'REGISTRATION' | 'AUTHENTICATION';

/**
 * WebAuthn challenges issued and not used yet: each is bound to one person and one ceremony, short-lived,
 * and removed by the statement that accepts it, so it is accepted once however many requests carry it.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    /** base64url of 32 random bytes, as it comes back in the browser's clientDataJSON. */
    challenge: text('challenge').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<WebauthnChallengePurpose>().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('webauthn_challenges_purpose_check', sql`${t.purpose} in ('REGISTRATION', 'AUTHENTICATION')`),
    index('webauthn_challenges_expires_at_idx').on(t.expiresAt),
  ],
);
