// Request and response shapes of the administration API; shared by procedures, OpenAPI and console forms.
import { z } from 'zod';
import { PasskeyAssertion } from './passkeys';
import { TOKEN_SCOPE_DESCRIPTIONS, TOKEN_SCOPES } from '../auth/token-scopes';
import { PERMISSION_CODES } from '../permissions';
import {
  idParam,
  jsonBoolean,
  jsonId,
  localDateBound,
  localDateTime,
  NOT_BLANK,
  pageOf,
  pageQuery,
  searchText,
} from './common';

export const permissionCode = z.enum(PERMISSION_CODES, {
  error: (issue) =>
    `unknown permission code ${JSON.stringify(issue.input)}; known: ${PERMISSION_CODES.join(', ')}`,
});
const permissionCodes = z.array(permissionCode).max(PERMISSION_CODES.length * 4);
const idList = (what: string) =>
  z
    .array(jsonId)
    .max(10_000)
    .meta({ description: `${what} ids` });

export const username = z
  .string()
  .min(3, 'must be 3 to 64 characters')
  .max(64, 'must be 3 to 64 characters')
  .regex(/^[A-Za-z0-9._@-]+$/, 'may contain only letters, digits and . _ @ -');

export const password = z
  .string()
  .min(12, 'must be 12 to 128 characters')
  .max(128, 'must be 12 to 128 characters')
  .meta({ format: 'password' });

export const groupCode = z
  .string()
  .min(1, 'must be 1 to 64 characters')
  .max(64, 'must be 1 to 64 characters')
  .regex(/^[A-Z][A-Z0-9_]*$/, 'must start with an upper-case letter and contain only A-Z, 0-9 and _');

const groupName = z
  .string()
  .trim()
  .min(1, 'must not be empty')
  .max(200, 'must be at most 200 characters')
  .meta(NOT_BLANK);

export const GroupResponse = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    permissions: z.array(z.string()),
    memberCount: z.number().int().meta({ description: 'number of users in the group' }),
  })
  .meta({ id: 'GroupResponse' });

export const UserResponse = z
  .object({
    id: z.number().int(),
    username: z.string(),
    enabled: z.boolean(),
    groups: z.array(z.string()).meta({ description: 'codes of the groups the user belongs to, sorted' }),
    permissions: z.array(z.string()).meta({ description: 'direct permission codes, sorted' }),
    effectivePermissions: z
      .array(z.string())
      .meta({ description: 'direct permissions and those of every group, sorted' }),
  })
  .meta({ id: 'UserResponse' });

export const PermissionSource = z
  .object({
    permission: z.string(),
    source: z.enum(['DIRECT', 'GROUP', 'IDENTITY_PROVIDER']).meta({
      description:
        'DIRECT: given to the user; GROUP: through a group an administrator put them in; IDENTITY_PROVIDER: through a group their identity provider gave them at their last sign-in',
    }),
    group: z.string().nullable().meta({ description: "the group's code; null for DIRECT" }),
  })
  .meta({ id: 'PermissionSource' });

export const UserDetailResponse = UserResponse.extend({
  lockedUntil: z.string().nullable().meta({
    description:
      'local date-time until which sign-in is refused after repeated failed attempts; null when not locked',
  }),
  identityProvider: z.string().nullable().meta({
    description:
      'the issuer of the OpenID provider this person signs in through (no password here); null for a local account',
  }),
  permissionSources: z.array(PermissionSource).meta({
    description: 'where each effective permission comes from, one entry per source, by permission then group',
  }),
  secondFactor: z
    .object({
      authenticatorApp: z.boolean().meta({ description: 'an authenticator app (TOTP) is confirmed' }),
      passkeys: z.number().int().meta({ description: 'how many passkeys the person has' }),
    })
    .meta({
      description:
        'the second factors asked of this person at sign-in; DELETE /admin/users/{id}/second-factor removes them all',
    }),
}).meta({ id: 'UserDetailResponse' });

export const CreateGroupRequest = z
  .object({ code: groupCode, name: groupName, permissionCodes: permissionCodes.default([]) })
  .meta({ id: 'CreateGroupRequest' });
export const UpdateGroupRequest = z
  .object({ name: groupName.optional(), permissionCodes: permissionCodes.optional() })
  .meta({ id: 'UpdateGroupRequest' });
export const UpdateGroupUsersRequest = z
  .object({ userIds: idList('user') })
  .meta({ id: 'UpdateGroupUsersRequest' });

export const CreateUserRequest = z
  .object({
    username,
    password,
    enabled: jsonBoolean.default(true),
    groupIds: idList('group').default([]),
    permissionCodes: permissionCodes.default([]),
  })
  .meta({ id: 'CreateUserRequest' });
export const UpdateUserRequest = z
  .object({
    enabled: jsonBoolean.optional(),
    groupIds: idList('group').optional(),
    permissionCodes: permissionCodes.optional(),
  })
  .meta({ id: 'UpdateUserRequest' });
export const ResetPasswordRequest = z
  .object({
    password: password.optional().meta({ description: 'the new password; omit it when `generate` is true' }),
    generate: jsonBoolean.optional().meta({
      description: 'true: the service generates a strong password and answers it, once (200)',
    }),
    requireChange: jsonBoolean.default(false).meta({
      description: 'true: the user must change the password before doing anything else',
    }),
  })
  .superRefine((value, ctx) => {
    if (value.generate && value.password !== undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'must be omitted when generate is true' });
    if (!value.generate && value.password === undefined)
      ctx.addIssue({ code: 'custom', path: ['password'], message: 'is required unless generate is true' });
  })
  .meta({ id: 'ResetPasswordRequest' });
/** A user's password reset: the same rule, stated for the document (a password, or generate and none). */
export const ResetUserPasswordRequest = ResetPasswordRequest.safeExtend({ id: idParam }).meta({
  anyOf: [
    { required: ['password'], properties: { generate: { const: false } } },
    { required: ['generate'], properties: { generate: { const: true }, password: false } },
  ],
});
export const GeneratedPasswordResponse = z
  .object({ password: z.string().meta({ description: 'the generated password, shown in this answer only' }) })
  .meta({ id: 'GeneratedPasswordResponse' });
/** A TOTP code or a recovery code, asked only of a person who has a second factor. */
const secondFactorCode = z.string().max(100).optional().meta({
  description:
    'Only for an account with a second factor: a current six-digit code from the authenticator app, or one of the recovery codes (each works once)',
});

export const ChangePasswordRequest = z
  .object({
    username: z.string().min(1).max(200),
    currentPassword: z.string().min(1).max(1000).meta({ format: 'password' }),
    newPassword: password,
    code: secondFactorCode,
    passkey: PasskeyAssertion.optional().meta({
      description:
        'Only for an account with a passkey, instead of `code`: its assertion for a challenge from POST /tokens/passkey-challenge',
    }),
  })
  .meta({ id: 'ChangePasswordRequest' });

export const ListQuery = z.object({ q: searchText });

export const PermissionResponse = z
  .object({ code: z.string(), description: z.string() })
  .meta({ id: 'PermissionResponse' });

const scopeList = TOKEN_SCOPES.map((s) => `${s}: ${TOKEN_SCOPE_DESCRIPTIONS[s]}`).join('; ');
export const tokenScope = z
  .enum(TOKEN_SCOPES, {
    error: (issue) => `unknown scope ${JSON.stringify(issue.input)}; known: ${TOKEN_SCOPES.join(', ')}`,
  })
  .meta({ description: `What the token may do, never more than its user may. ${scopeList}.` });

/** The largest rate limit that may be set: beyond it a limit stops meaning anything. */
export const MAX_RATE_LIMIT_PER_MINUTE = 1_000_000;

const rateLimitPerMinute = (description: string) =>
  z
    .number({ error: 'must be a whole number of requests per minute, or null' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_RATE_LIMIT_PER_MINUTE, `must be at most ${MAX_RATE_LIMIT_PER_MINUTE}`)
    .nullable()
    .meta({ description });

const TOKEN_RATE_LIMIT =
  "requests per minute the token may make on the REST API (the engine-rest paths included); null: its service account's limit, else the service's default (API_RATE_LIMIT_PER_MINUTE)";
const SERVICE_ACCOUNT_RATE_LIMIT =
  "requests per minute each of its API tokens may make on the REST API, unless the token sets its own; null: the service's default (API_RATE_LIMIT_PER_MINUTE)";

/** How long a new API token lives when its creator does not say. */
export const DEFAULT_API_TOKEN_DAYS = 90;

export const CreateApiTokenRequest = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'must not be empty')
      .max(100, 'must be at most 100 characters')
      .meta(NOT_BLANK),
    // The example a client may send as it is: an expiry in the past is refused.
    expiresAt: localDateTime
      .meta({ example: '2099-12-31T23:59:59' })
      .nullable()
      .optional()
      .meta({
        description: `expiry as a local date-time; ${DEFAULT_API_TOKEN_DAYS} days from now when omitted; null for a token that never expires`,
      }),
    scope: tokenScope.default('FULL'),
    rateLimitPerMinute: rateLimitPerMinute(TOKEN_RATE_LIMIT).default(null),
  })
  .meta({ id: 'CreateApiTokenRequest' });

export const ApiTokenResponse = z
  .object({
    id: z.number().int(),
    active: z.boolean().meta({
      description:
        'whether it authenticates now: false once its user is disabled, has the password reset, or it expired',
    }),
    name: z.string(),
    userId: z.number().int(),
    scope: tokenScope,
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
    rateLimitPerMinute: rateLimitPerMinute(TOKEN_RATE_LIMIT),
  })
  .meta({ id: 'ApiTokenResponse' });

export const CreatedApiTokenResponse = ApiTokenResponse.extend({
  token: z.string().meta({ description: 'the secret, shown in this answer only' }),
}).meta({ id: 'CreatedApiTokenResponse' });

export const AuditEventResponse = z
  .object({
    id: z.number().int(),
    actor: z.string(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    targetPath: z.string().nullable().meta({
      description:
        "the console page of the target (a user's, its group searched, an API token's user, an incident); null once the target is gone",
    }),
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEventResponse' });

export const AuditQuery = pageQuery.extend({
  actor: z.string().trim().max(64).optional().meta({
    description: "the start of the actor's name, any case (ad finds admin); % and _ match themselves",
  }),
  action: z.string().trim().max(64).optional(),
  from: localDateBound.optional().meta({ description: 'records made at or after this local date or time' }),
  to: localDateBound
    .optional()
    .meta({ description: 'records made at or before this local date or time (inclusive)' }),
});
export type AuditQuery = z.infer<typeof AuditQuery>;
/** The audit log's filters without its paging. */
export type AuditFilter = Omit<AuditQuery, 'page' | 'size'>;
/** The export of the audit log: the list's filters, as NDJSON or CSV (docs/contract.md §5). */
export const ExportAuditQuery = AuditQuery.omit({ page: true, size: true }).extend({
  format: z.enum(['csv', 'ndjson']).default('csv').meta({
    description:
      'csv (RFC 4180, a header row, times in UTC) or ndjson (one record per line); when absent, the one the Accept header prefers (text/csv or application/x-ndjson), else csv',
  }),
});
export type ExportAuditQuery = z.infer<typeof ExportAuditQuery>;
export const AuditPage = pageOf(AuditEventResponse, 'AuditEventPage');

export const TokenRequest = z
  .object({
    username: z.string().min(1).max(200),
    password: z.string().min(1).max(1000),
    code: secondFactorCode,
    passkey: PasskeyAssertion.optional().meta({
      description:
        'Only for an account with a passkey, instead of `code`: its assertion for a challenge from POST /tokens/passkey-challenge',
    }),
  })
  .meta({ id: 'TokenRequest' });
export const TokenResponse = z
  .object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number().int() })
  .meta({ id: 'TokenResponse' });

export type UserView = z.infer<typeof UserResponse>;
export type UserDetailView = z.infer<typeof UserDetailResponse>;
export type GroupView = z.infer<typeof GroupResponse>;

const serviceAccountDescription = z
  .string()
  .trim()
  .max(500, 'must be at most 500 characters')
  .meta({ description: 'what the service account is for (which engine or worker holds its tokens)' });

export const ServiceAccountResponse = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string().nullable(),
    enabled: z.boolean(),
    groups: z.array(z.string()).meta({ description: 'codes of the groups it belongs to, sorted' }),
    permissions: z.array(z.string()).meta({ description: 'direct permission codes, sorted' }),
    effectivePermissions: z
      .array(z.string())
      .meta({ description: 'direct permissions and those of every group, sorted' }),
    rateLimitPerMinute: rateLimitPerMinute(SERVICE_ACCOUNT_RATE_LIMIT),
    createdAt: z.string(),
  })
  .meta({ id: 'ServiceAccountResponse' });

export const CreateServiceAccountRequest = z
  .object({
    name: username.meta({
      description:
        'unique among users and service accounts (case-insensitive); the actor name in the audit log',
    }),
    description: serviceAccountDescription.optional(),
    enabled: jsonBoolean.default(true),
    groupIds: idList('group').default([]),
    permissionCodes: permissionCodes.default([]),
    rateLimitPerMinute: rateLimitPerMinute(SERVICE_ACCOUNT_RATE_LIMIT).default(null),
  })
  .meta({ id: 'CreateServiceAccountRequest' });

export const UpdateServiceAccountRequest = z
  .object({
    description: serviceAccountDescription.nullable().optional(),
    enabled: jsonBoolean.optional().meta({
      description: 'false: its tokens stop working at once and stay dead if it is enabled again',
    }),
    groupIds: idList('group').optional(),
    permissionCodes: permissionCodes.optional(),
    rateLimitPerMinute: rateLimitPerMinute(SERVICE_ACCOUNT_RATE_LIMIT).optional(),
  })
  .meta({ id: 'UpdateServiceAccountRequest' });

export const ServiceAccountTokenResponse = ApiTokenResponse.omit({ userId: true })
  .extend({
    active: z.boolean().meta({
      description: 'whether it authenticates now: false once its service account is disabled, or it expired',
    }),
    serviceAccountId: z.number().int(),
  })
  .meta({ id: 'ServiceAccountTokenResponse' });

export const CreatedServiceAccountTokenResponse = ServiceAccountTokenResponse.extend({
  token: z.string().meta({ description: 'the secret, shown in this answer only' }),
}).meta({ id: 'CreatedServiceAccountTokenResponse' });

export type ServiceAccountView = z.infer<typeof ServiceAccountResponse>;
export type ServiceAccountTokenView = z.infer<typeof ServiceAccountTokenResponse>;
