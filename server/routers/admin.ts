// The administration API: the seed's eleven operations plus permissions, API tokens and the audit log.
import { z } from 'zod';
import {
  ApiTokenResponse,
  AuditPage,
  AuditQuery,
  ExportAuditQuery,
  CreateApiTokenRequest,
  CreatedApiTokenResponse,
  CreateGroupRequest,
  CreateUserRequest,
  GroupResponse,
  ListQuery,
  PermissionResponse,
  GeneratedPasswordResponse,
  ResetUserPasswordRequest,
  UpdateGroupRequest,
  UpdateGroupUsersRequest,
  UpdateUserRequest,
  UserDetailResponse,
  UserResponse,
  CreateServiceAccountRequest,
  CreatedServiceAccountTokenResponse,
  ServiceAccountResponse,
  ServiceAccountTokenResponse,
  UpdateServiceAccountRequest,
} from '../schemas/admin';
import { IdInput, idParam, noContent, streamedFile } from '../schemas/common';
import { EndedSessionsResponse, SessionResponse, UserSessionInput } from '../schemas/sessions';
import { sessionLimits } from '../auth/console-sessions';
import { endSession } from '../services/sessions/end-session';
import { endSessions } from '../services/sessions/end-sessions';
import { listSessions } from '../services/sessions/list-sessions';
import { PERMISSIONS, PERMISSION_CODES } from '../permissions';
import { createApiToken } from '../services/admin/create-api-token';
import { listApiTokens } from '../services/admin/list-api-tokens';
import { revokeApiToken } from '../services/admin/revoke-api-token';
import { exportAuditEvents, listAuditEvents } from '../services/admin/audit';
import { createGroup } from '../services/admin/create-group';
import { deleteGroup } from '../services/admin/delete-group';
import { updateGroup } from '../services/admin/update-group';
import { updateGroupUsers } from '../services/admin/update-group-users';
import { getGroupUsers, listGroups } from '../services/admin/groups';
import { resetPassword } from '../services/admin/reset-password';
import { unlockUser } from '../services/admin/unlock-user';
import { resetSecondFactor } from '../services/admin/reset-second-factor';
import { createUser } from '../services/admin/create-user';
import { deleteUser } from '../services/admin/delete-user';
import { updateUser } from '../services/admin/update-user';
import { getUserDetail, listUsers } from '../services/admin/users';
import { createServiceAccount } from '../services/admin/create-service-account';
import { deleteServiceAccount } from '../services/admin/delete-service-account';
import { getServiceAccount, listServiceAccounts } from '../services/admin/service-accounts';
import {
  createServiceAccountToken,
  listServiceAccountTokens,
} from '../services/admin/service-account-tokens';
import { updateServiceAccount } from '../services/admin/update-service-account';
import { permissionOperation, operations } from '../transport/trpc';

const admin = permissionOperation('ACCESS_BPM_ADMIN').meta({
  conflict:
    'Duplicate username, service account name or group code, deleting yourself, LAST_ADMIN, or a password for a person of the identity provider',
});
/** Ending sessions finds nothing in a state that refuses it: no 409 to document. */
const sessionsAdmin = permissionOperation('ACCESS_BPM_ADMIN');
const sessionsTag = ['Sessions'];
const groupsTag = ['Groups'];
const usersTag = ['Users'];
const serviceAccountsTag = ['Service accounts'];

export const adminRouter = operations({
  listPermissions: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/permissions',
        operationId: 'listPermissions',
        description:
          'Lists every permission code the service knows, with what it allows; these are the codes that groups and users are given.',
        tags: ['Permissions'],
        summary: 'The permission catalogue',
      },
    })
    .input(z.object({}))
    .output(z.array(PermissionResponse))
    .query(() => PERMISSION_CODES.map((code) => ({ code, description: PERMISSIONS[code] }))),

  listGroups: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/groups',
        description:
          'Lists every group with its permission codes and member count, ordered by id; `q` keeps those whose code or name contains it.',
        operationId: 'listGroups',
        tags: groupsTag,
        summary: 'List groups, ordered by id',
      },
    })
    .input(ListQuery)
    .output(z.array(GroupResponse))
    .query(({ ctx, input }) => listGroups(ctx.db, input)),

  createGroup: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/groups',
        description: 'Creates a group with a unique code (case-insensitive) and answers it.',
        operationId: 'createGroup',
        tags: groupsTag,
        summary: 'Create a group',
      },
    })
    .input(CreateGroupRequest)
    .output(GroupResponse)
    .mutation(({ ctx, input }) => createGroup(ctx.db, input, ctx.principal)),

  updateGroup: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/groups/{id}',
        description:
          'Changes the name and permission codes of a group; a field left out keeps its value, and the code never changes.',
        operationId: 'updateGroup',
        tags: groupsTag,
        summary: 'Update a group (omitted fields keep their value)',
      },
    })
    .input(UpdateGroupRequest.extend({ id: idParam }))
    .output(GroupResponse)
    .mutation(({ ctx, input }) => updateGroup(ctx.db, input, ctx.principal)),

  deleteGroup: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/groups/{id}',
        description:
          'Deletes a group; its members lose its permissions, unless that would leave no enabled administrator (409 LAST_ADMIN).',
        operationId: 'deleteGroup',
        tags: groupsTag,
        summary: 'Delete a group and its memberships',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteGroup(ctx.db, input, ctx.principal)),

  getGroupUsers: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/groups/{id}/users',
        description: 'Lists the users who belong to a group, ordered by id.',
        operationId: 'getGroupUsers',
        tags: groupsTag,
        summary: 'Members of a group',
      },
    })
    .input(IdInput)
    .output(z.array(UserResponse))
    .query(({ ctx, input }) => getGroupUsers(ctx.db, input)),

  updateGroupUsers: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/groups/{id}/users',
        description:
          'Replaces the members of a group with exactly the users named and answers the new members.',
        operationId: 'updateGroupUsers',
        tags: groupsTag,
        summary: 'Replace the members of a group',
      },
    })
    .input(UpdateGroupUsersRequest.extend({ id: idParam }))
    .output(z.array(UserResponse))
    .mutation(({ ctx, input }) => updateGroupUsers(ctx.db, input, ctx.principal)),

  listUsers: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users',
        description:
          'Lists every user with groups and permissions, ordered by id; `q` keeps those whose username contains it.',
        operationId: 'listUsers',
        tags: usersTag,
        summary: 'List users, ordered by id',
      },
    })
    .input(ListQuery)
    .output(z.array(UserResponse))
    .query(({ ctx, input }) => listUsers(ctx.db, input)),

  getUser: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{id}',
        tags: usersTag,
        summary: 'One user',
        operationId: 'getUser',
        description: 'Answers one user, with effective permissions and whether sign-in is locked.',
      },
    })
    .input(IdInput)
    .output(UserDetailResponse)
    .query(({ ctx, input }) => getUserDetail(ctx.db, input)),

  unlockUser: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/unlock',
        description:
          'Lifts the lock that repeated failed sign-ins put on a user, so that the right password works again at once.',
        operationId: 'unlockUser',
        tags: usersTag,
        summary: 'Lift the sign-in lock that repeated failed attempts put on a user',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => unlockUser(ctx.db, input, ctx.principal)),

  resetSecondFactor: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}/second-factor',
        description:
          "Removes the user's authenticator app, recovery codes and every passkey (a lost phone or key): they sign in with the password alone " +
          'and may enrol again. Audited as `user.second_factor_reset` (with the passkeys removed); a user without one is answered 204 all the same.',
        operationId: 'resetSecondFactor',
        tags: usersTag,
        summary: "Remove a user's second factors (authenticator app and passkeys)",
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => resetSecondFactor(ctx.db, input, ctx.principal)),

  createUser: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users',
        description:
          'Creates a user with a unique username (case-insensitive), groups and direct permissions, and answers it.',
        operationId: 'createUser',
        tags: usersTag,
        summary: 'Create a user',
      },
    })
    .input(CreateUserRequest)
    .output(UserResponse)
    .mutation(({ ctx, input }) => createUser(ctx.db, input, ctx.principal)),

  updateUser: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/users/{id}',
        description:
          'Changes whether a user is enabled, their groups and direct permissions; a field left out keeps its value.',
        operationId: 'updateUser',
        tags: usersTag,
        summary: 'Update a user (omitted fields keep their value)',
      },
    })
    .input(UpdateUserRequest.extend({ id: idParam }))
    .output(UserResponse)
    .mutation(({ ctx, input }) => updateUser(ctx.db, input, ctx.principal)),

  deleteUser: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}',
        description:
          'Deletes a user with their memberships and API tokens; deleting yourself or the last enabled administrator is refused (409).',
        operationId: 'deleteUser',
        tags: usersTag,
        summary: 'Delete a user, their memberships and API tokens',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteUser(ctx.db, input, ctx.principal)),

  resetPassword: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/users/{id}/password',
        operationId: 'resetPassword',
        tags: usersTag,
        summary: "Set a user's password, or have one generated; their tokens and sessions stop working",
        description:
          'With `password`: answers 204 with an empty body. With `"generate": true` instead: answers 200 ' +
          'with the generated password, which is never shown again. `"requireChange": true` makes the user ' +
          'change it (POST /password) before signing in to anything else. A person who signs in through the ' +
          'identity provider has no password here: 409.',
      },
      // Only when nothing is answered (a password was given): a generated one comes back with a 200.
      successStatus: 204,
    })
    .input(ResetUserPasswordRequest)
    .output(GeneratedPasswordResponse.optional())
    .mutation(({ ctx, input }) => resetPassword(ctx.db, input, ctx.principal)),

  createApiToken: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/users/{id}/api-tokens',
        tags: ['API tokens'],
        summary: 'Create an API token for a user (the secret is shown once)',
        operationId: 'createApiToken',
        description:
          'Creates an API token for an external system, acting as the user within the chosen scope; the secret is in this answer only.',
      },
    })
    .input(CreateApiTokenRequest.extend({ id: idParam }))
    .output(CreatedApiTokenResponse)
    .mutation(({ ctx, input: { id, ...token } }) =>
      createApiToken(ctx.db, { ...token, userId: id }, ctx.principal),
    ),

  listApiTokens: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{id}/api-tokens',
        tags: ['API tokens'],
        summary: "A user's API tokens, without secrets",
        operationId: 'listApiTokens',
        description:
          "Lists a user's API tokens, ordered by id, with whether each authenticates now; never their secrets.",
      },
    })
    .input(IdInput)
    .output(z.array(ApiTokenResponse))
    .query(({ ctx, input }) => listApiTokens(ctx.db, { userId: input.id })),

  revokeApiToken: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/api-tokens/{tokenId}',
        operationId: 'revokeApiToken',
        description: 'Revokes an API token at once; requests that carry it are answered 401 from then on.',
        tags: ['API tokens'],
        summary: 'Revoke an API token',
      },
      successStatus: 204,
    })
    .input(z.object({ tokenId: idParam }))
    .output(noContent)
    .mutation(({ ctx, input }) => revokeApiToken(ctx.db, { id: input.tokenId }, ctx.principal)),

  listServiceAccounts: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/service-accounts',
        description:
          'Lists every service account (a principal for engines and workers, with no password and no sign-in) ' +
          'with groups and permissions, ordered by id; `q` keeps those whose name contains it.',
        operationId: 'listServiceAccounts',
        tags: serviceAccountsTag,
        summary: 'List service accounts, ordered by id',
      },
    })
    .input(ListQuery)
    .output(z.array(ServiceAccountResponse))
    .query(({ ctx, input }) => listServiceAccounts(ctx.db, input)),

  createServiceAccount: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/service-accounts',
        description:
          'Creates a service account with a name unique among users and service accounts (case-insensitive), ' +
          'groups and direct permissions, and answers it. It has no password: it acts only through its API tokens.',
        operationId: 'createServiceAccount',
        tags: serviceAccountsTag,
        summary: 'Create a service account',
      },
    })
    .input(CreateServiceAccountRequest)
    .output(ServiceAccountResponse)
    .mutation(({ ctx, input }) => createServiceAccount(ctx.db, input, ctx.principal)),

  getServiceAccount: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/service-accounts/{id}',
        description: 'Answers one service account, with its effective permissions.',
        operationId: 'getServiceAccount',
        tags: serviceAccountsTag,
        summary: 'One service account',
      },
    })
    .input(IdInput)
    .output(ServiceAccountResponse)
    .query(({ ctx, input }) => getServiceAccount(ctx.db, input)),

  updateServiceAccount: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/service-accounts/{id}',
        description:
          'Changes the description, whether it is enabled, its groups and direct permissions; a field left ' +
          'out keeps its value. Disabling ends its tokens at once.',
        operationId: 'updateServiceAccount',
        tags: serviceAccountsTag,
        summary: 'Update a service account (omitted fields keep their value)',
      },
    })
    .input(UpdateServiceAccountRequest.extend({ id: idParam }))
    .output(ServiceAccountResponse)
    .mutation(({ ctx, input }) => updateServiceAccount(ctx.db, input, ctx.principal)),

  deleteServiceAccount: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/service-accounts/{id}',
        description:
          'Deletes a service account with its memberships and API tokens, which stop working at once; a ' +
          'service account deleting itself is refused (409).',
        operationId: 'deleteServiceAccount',
        tags: serviceAccountsTag,
        summary: 'Delete a service account and its API tokens',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteServiceAccount(ctx.db, input, ctx.principal)),

  createServiceAccountToken: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/service-accounts/{id}/tokens',
        description:
          'Creates an API token acting as the service account within the chosen scope; the secret is in this ' +
          'answer only. Revoke it with DELETE /admin/api-tokens/{tokenId}.',
        operationId: 'createServiceAccountToken',
        tags: serviceAccountsTag,
        summary: 'Create an API token for a service account (the secret is shown once)',
      },
    })
    .input(CreateApiTokenRequest.extend({ id: idParam }))
    .output(CreatedServiceAccountTokenResponse)
    .mutation(({ ctx, input: { id, ...token } }) =>
      createServiceAccountToken(ctx.db, { ...token, serviceAccountId: id }, ctx.principal),
    ),

  listServiceAccountTokens: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/service-accounts/{id}/tokens',
        description:
          "Lists a service account's API tokens, ordered by id, with whether each authenticates now; never their secrets.",
        operationId: 'listServiceAccountTokens',
        tags: serviceAccountsTag,
        summary: "A service account's API tokens, without secrets",
      },
    })
    .input(IdInput)
    .output(z.array(ServiceAccountTokenResponse))
    .query(({ ctx, input }) => listServiceAccountTokens(ctx.db, { serviceAccountId: input.id })),

  listUserSessions: sessionsAdmin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/users/{id}/sessions',
        tags: sessionsTag,
        summary: "A user's console sessions that work now",
        operationId: 'listUserSessions',
        description:
          "Lists a user's console sign-ins that have not ended or expired, the newest first, each by its " +
          'public handle (never the secret its cookie carries), with browser, address, sign-in and last request.',
      },
    })
    .input(IdInput)
    .output(z.array(SessionResponse))
    .query(({ ctx, input }) =>
      listSessions(ctx.db, { userId: input.id }, ctx.principal, { limits: sessionLimits() }),
    ),

  revokeUserSession: sessionsAdmin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}/sessions/{sessionId}',
        tags: sessionsTag,
        summary: "End one of a user's console sessions",
        operationId: 'revokeUserSession',
        description:
          'Ends the session at once on every instance; audited as `session.end`. A handle that names none ' +
          "of the user's live sessions is 404.",
      },
      successStatus: 204,
    })
    .input(UserSessionInput)
    .output(noContent)
    .mutation(({ ctx, input }) =>
      endSession(ctx.db, { userId: input.id, sessionId: input.sessionId }, ctx.principal, {
        limits: sessionLimits(),
      }),
    ),

  revokeUserSessions: sessionsAdmin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/users/{id}/sessions',
        tags: sessionsTag,
        summary: "End all of a user's console sessions",
        operationId: 'revokeUserSessions',
        description:
          "Ends every console session of the user at once on every instance (the caller's own too, when " +
          'the user is the caller); each is audited as `session.end`.',
      },
    })
    .input(IdInput)
    .output(EndedSessionsResponse)
    .mutation(({ ctx, input }) =>
      endSessions(ctx.db, { userId: input.id }, ctx.principal, { limits: sessionLimits() }),
    ),

  listAuditEvents: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit-events',
        operationId: 'listAuditEvents',
        description:
          'Pages through the audit records of administrative changes, newest first, filtered by actor, action and time.',
        tags: ['Audit'],
        summary: 'Audit records of admin changes, newest first',
      },
    })
    .input(AuditQuery)
    .output(AuditPage)
    .query(({ ctx, input }) => listAuditEvents(ctx.db, input)),

  /** The audit log as a file (docs/contract.md §5, "Export"), written as server/routers/incidents.ts's export is. */
  exportAuditEvents: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/audit-events/export',
        operationId: 'exportAuditEvents',
        description:
          'Answers every audit record the filters of GET /admin/audit-events match, newest first, as NDJSON (each line a record as the list answers it) or CSV, written while it is read, whatever the count.',
        tags: ['Audit'],
        summary: 'Audit records as an NDJSON or CSV file',
      },
      file: { formats: ['csv', 'ndjson'] },
    })
    .input(ExportAuditQuery)
    .output(streamedFile)
    .query(({ ctx, input }) => exportAuditEvents(ctx.db, input)),
});
