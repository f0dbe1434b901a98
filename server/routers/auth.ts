// Sign-in for API clients and the console's view of the caller.
import { z } from 'zod';
import { changeOwnPassword, verifyCredentialsForToken } from '../auth/password-change';
import { sessionLimits } from '../auth/console-sessions';
import { issueAccessToken } from '../auth/tokens';
import { ChangePasswordRequest, TokenRequest, TokenResponse } from '../schemas/admin';
import { noContent } from '../schemas/common';
import { EndedSessionsResponse, OwnSessionInput, SessionResponse } from '../schemas/sessions';
import { endSession } from '../services/sessions/end-session';
import { endSessions } from '../services/sessions/end-sessions';
import { listSessions } from '../services/sessions/list-sessions';
import { ownUserId } from '../services/sessions/session-view';
import {
  ConfirmTotpRequest,
  RecoveryCodesResponse,
  RemoveSecondFactorRequest,
  SecondFactorResponse,
  TotpEnrolmentResponse,
} from '../schemas/second-factor';
import {
  confirmTotpEnrolment,
  getSecondFactor,
  removeOwnSecondFactor,
  startTotpEnrolment,
} from '../services/account/second-factor';
import { getEnv } from '../runtime/env';
import { operations, publicOperation, signedInOperation } from '../transport/trpc';

const sessionsTag = ['Sessions'];
const secondFactorTag = ['Second factor'];

export const authRouter = operations({
  createToken: publicOperation
    .meta({
      openapi: {
        method: 'POST',
        path: '/tokens',
        operationId: 'createToken',
        description:
          'Checks the username and password (throttled against guessing) and answers a bearer access token that expires after `expiresIn` seconds. ' +
          'An account with a second factor also sends `code` (a current TOTP code or a recovery code) in the same request: ' +
          'the right password without it is 401 SECOND_FACTOR_REQUIRED and yields nothing; a wrong or replayed code is 401 and counts toward the lock like a wrong password. ' +
          'Scripts should use an API token instead.',
        protect: false,
        tags: ['Authentication'],
        summary: 'Exchange username and password for a short-lived access token',
      },
    })
    .input(TokenRequest)
    .output(TokenResponse)
    .mutation(async ({ ctx, input }) =>
      issueAccessToken(
        await verifyCredentialsForToken(ctx.db, input, {
          clientAddress: ctx.clientAddress,
          via: 'api',
        }),
      ),
    ),

  /** Public: the person proves the current password, as at sign-in (a session may already be over). */
  changePassword: publicOperation
    .meta({
      conflict:
        'The new password equals the username or the current one, or the password was changed meanwhile',
      openapi: {
        method: 'POST',
        path: '/password',
        operationId: 'changePassword',
        protect: false,
        tags: ['Authentication'],
        summary: 'Change your own password (required after an administrator set it with requireChange)',
        description:
          'Checked and throttled like POST /tokens. The new password must differ from the current one. ' +
          'Every token and console session of the user ends; sign in again with the new password.',
      },
      successStatus: 204,
    })
    .input(ChangePasswordRequest)
    .output(noContent)
    .mutation(({ ctx, input }) =>
      changeOwnPassword(ctx.db, input, { clientAddress: ctx.clientAddress, via: 'api' }),
    ),

  /** Who the console is signed in as; any signed-in user may ask (the console shows "no access" from it). */
  me: signedInOperation
    .meta({ beforeSecondFactor: true })
    .input(z.void())
    .output(
      z.object({
        username: z.string(),
        permissions: z.array(z.string()),
        securityDisabled: z.boolean(),
      }),
    )
    .query(({ ctx }) => ({
      username: ctx.principal.username,
      permissions: [...ctx.principal.permissions].sort(),
      securityDisabled: getEnv().SECURITY_DISABLED,
    })),

  listSessions: signedInOperation
    .meta({
      openapi: {
        method: 'GET',
        path: '/sessions',
        operationId: 'listSessions',
        tags: sessionsTag,
        summary: 'Your console sessions that work now',
        description:
          'Lists your console sign-ins that have not ended or expired, the newest first: each by a public ' +
          'handle (never the secret its cookie carries), with its browser, address, sign-in and last request. ' +
          '`current` marks the session this request came with (none over a bearer token).',
      },
    })
    .input(z.object({}))
    .output(z.array(SessionResponse))
    .query(({ ctx }) =>
      listSessions(ctx.db, { userId: ownUserId(ctx.principal) }, ctx.principal, { limits: sessionLimits() }),
    ),

  revokeSession: signedInOperation
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/sessions/{sessionId}',
        operationId: 'revokeSession',
        tags: sessionsTag,
        summary: 'End one of your console sessions',
        description:
          'Ends the session at once on every instance: its next request is 401 and its pages go to sign-in. ' +
          'Audited as `session.end`. A handle that names none of your live sessions is 404.',
      },
      successStatus: 204,
    })
    .input(OwnSessionInput)
    .output(noContent)
    .mutation(({ ctx, input }) =>
      endSession(ctx.db, { userId: ownUserId(ctx.principal), sessionId: input.sessionId }, ctx.principal, {
        limits: sessionLimits(),
      }),
    ),

  revokeOtherSessions: signedInOperation
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/sessions',
        operationId: 'revokeOtherSessions',
        tags: sessionsTag,
        summary: 'End all your console sessions but this one',
        description:
          'Ends every console session of yours except the one this request came with, at once on every ' +
          'instance; over a bearer token (no session) it ends them all. Each is audited as `session.end`.',
      },
    })
    .input(z.object({}))
    .output(EndedSessionsResponse)
    .mutation(({ ctx }) =>
      endSessions(
        ctx.db,
        { userId: ownUserId(ctx.principal), except: ctx.principal.sessionId },
        ctx.principal,
        { limits: sessionLimits() },
      ),
    ),

  getSecondFactor: signedInOperation
    .meta({
      beforeSecondFactor: true,
      openapi: {
        method: 'GET',
        path: '/account/second-factor',
        operationId: 'getSecondFactor',
        tags: secondFactorTag,
        summary: 'Whether you have a second factor, and how many recovery codes are left',
        description:
          'Whether an authenticator app is enrolled (and so asked for at sign-in), since when, and how many of the ten recovery codes are unused.',
      },
    })
    .input(z.object({}))
    .output(SecondFactorResponse)
    .query(({ ctx, input }) => getSecondFactor(ctx.db, input, ctx.principal)),

  startTotpEnrolment: signedInOperation
    .meta({
      beforeSecondFactor: true,
      conflict: 'A second factor is already enrolled: remove it first',
      openapi: {
        method: 'POST',
        path: '/account/second-factor',
        operationId: 'startTotpEnrolment',
        tags: secondFactorTag,
        summary: 'Start enrolling an authenticator app (TOTP): a new secret, pending until confirmed',
        description:
          'Answers a new secret in base32 and its otpauth:// URI (for a QR code). Nothing is asked at sign-in ' +
          'until POST /account/second-factor/confirm accepts a code from it; starting again replaces a pending secret.',
      },
    })
    .input(z.object({}))
    .output(TotpEnrolmentResponse)
    .mutation(({ ctx, input }) => startTotpEnrolment(ctx.db, input, ctx.principal)),

  confirmTotpEnrolment: signedInOperation
    .meta({
      beforeSecondFactor: true,
      conflict:
        'No enrolment was started, it was restarted meanwhile, or a second factor is already enrolled',
      openapi: {
        method: 'POST',
        path: '/account/second-factor/confirm',
        operationId: 'confirmTotpEnrolment',
        tags: secondFactorTag,
        summary: 'Complete enrolment with a code from the app; answers ten recovery codes, shown only now',
        description:
          'A code that is not the current one of the pending secret is 400 and changes nothing. From now on, ' +
          'sign-in asks for a code after the password. Audited as `user.second_factor_enrol`.',
      },
    })
    .input(ConfirmTotpRequest)
    .output(RecoveryCodesResponse)
    .mutation(({ ctx, input }) => confirmTotpEnrolment(ctx.db, input, ctx.principal)),

  removeSecondFactor: signedInOperation
    .meta({
      conflict: 'You have no second factor',
      openapi: {
        method: 'POST',
        path: '/account/second-factor/remove',
        operationId: 'removeSecondFactor',
        tags: secondFactorTag,
        summary: 'Remove your second factor, proven with a current code or a recovery code',
        description:
          'A wrong code is 400 and counts toward the sign-in lock like a wrong password (429 while locked). ' +
          'Audited as `user.second_factor_remove`.',
      },
      successStatus: 204,
    })
    .input(RemoveSecondFactorRequest)
    .output(noContent)
    .mutation(({ ctx, input }) => removeOwnSecondFactor(ctx.db, input, ctx.principal)),
});
