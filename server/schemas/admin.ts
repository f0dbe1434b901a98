// Request and response shapes of the administration API; shared by procedures, OpenAPI and console forms.
import { z } from 'zod';
import { PERMISSION_CODES } from '../permissions';
import { jsonBoolean, jsonId, localDateTime, pageOf, pageQuery, searchText } from './common';

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

const groupName = z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters');

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
export const ResetPasswordRequest = z.object({ password }).meta({ id: 'ResetPasswordRequest' });

export const ListQuery = z.object({ q: searchText });

export const PermissionResponse = z
  .object({ code: z.string(), description: z.string() })
  .meta({ id: 'PermissionResponse' });

export const CreateApiTokenRequest = z
  .object({
    name: z.string().trim().min(1, 'must not be empty').max(100, 'must be at most 100 characters'),
    expiresAt: localDateTime
      .optional()
      .meta({ description: 'expiry as a local date-time; never when omitted' }),
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
    createdAt: z.string(),
    expiresAt: z.string().nullable(),
    lastUsedAt: z.string().nullable(),
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
    before: z.unknown().nullable(),
    after: z.unknown().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditEventResponse' });

export const AuditQuery = pageQuery.extend({
  actor: z.string().trim().max(64).optional(),
  action: z.string().trim().max(64).optional(),
});
export const AuditPage = pageOf(AuditEventResponse, 'AuditEventPage');

export const TokenRequest = z
  .object({ username: z.string().min(1).max(200), password: z.string().min(1).max(1000) })
  .meta({ id: 'TokenRequest' });
export const TokenResponse = z
  .object({ accessToken: z.string(), tokenType: z.literal('Bearer'), expiresIn: z.number().int() })
  .meta({ id: 'TokenResponse' });

export type UserView = z.infer<typeof UserResponse>;
export type GroupView = z.infer<typeof GroupResponse>;
