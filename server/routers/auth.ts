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
  regenerateRecoveryCodes,
  removeOwnSecondFactor,
  startTotpEnrolment,
} from '../services/account/second-factor';
import {
  PasskeyCreationOptions,
  PasskeyRequestOptions,
  PasskeyResponse,
  RegenerateRecoveryCodesRequest,
  RegisteredPasskeyResponse,
  RegisterPasskeyRequest,
  RemovePasskeyRequest,
} from '../schemas/passkeys';
import {
  listPasskeys,
  registerPasskey,
  removePasskey,
  startPasskeyProof,
  startPasskeyRegistration,
} from '../services/account/passkeys';
import { startPasskeySignIn } from '../auth/login';
import { getEnv } from '../runtime/env';
import { operations, publicOperation, signedInOperation } from '../transport/trpc';

/** Why an operation on your own account may answer 404 (ownUserId). */
const OWN_USER_NOT_FOUND = 'No user of your own: the anonymous caller while SECURITY_DISABLED is set';

const sessionsTag = ['Sessions'];
const secondFactorTag = ['Second factor'];
const passkeysTag = ['Passkeys'];

export const authRouter = operations({
  createToken: publicOperation
    .meta({
      signIn: true,
      forbidden:
        'PASSWORD_CHANGE_REQUIRED: the password was set by an administrator; change it first (POST /password)',
      openapi: {
        method: 'POST',
        path: '/tokens',
        operationId: 'createToken',
        description:
          'Checks the username and password (throttled against guessing) and answers a bearer access token that expires after `expiresIn` seconds. ' +
          'An account with a second factor also sends `code` (a current TOTP code or a recovery code) in the same request: ' +
          'the right password without it is 401 SECOND_FACTOR_REQUIRED and yields nothing; a wrong or replayed code is 401 and counts toward the lock like a wrong password. ' +
          'An account with a passkey may send `passkey` instead: its assertion for a challenge from POST /tokens/passkey-challenge (refused, replayed or foreign: 401, counted the same). ' +
          'Scripts should use an API token instead.',
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
          requestId: ctx.requestId,
        }),
      ),
    ),

  startPasskeySignIn: publicOperation
    .meta({
      signIn: true,
      conflict: 'This account has no passkey',
      openapi: {
        method: 'POST',
        path: '/tokens/passkey-challenge',
        operationId: 'startPasskeySignIn',
        tags: passkeysTag,
        summary: 'A challenge for one of your passkeys to sign, for this sign-in: asked with the password',
        description:
          'Checked, throttled and counted like POST /tokens (it tells whether the password is right): a wrong one is 401. ' +
          'Answers the options for navigator.credentials.get() over your passkeys, with a challenge that is ' +
          'bound to you, valid five minutes and accepted once; send its assertion as `passkey` with the password ' +
          "to POST /tokens (or the console's sign-in). The attempt counts toward the lock until that sign-in succeeds. " +
          'An account without a passkey is 409.',
      },
    })
    .input(TokenRequest.pick({ username: true, password: true }))
    .output(PasskeyRequestOptions)
    .mutation(({ ctx, input }) =>
      startPasskeySignIn(ctx.db, input, { clientAddress: ctx.clientAddress, via: 'api' }),
    ),

  /** Public: the person proves the current password, as at sign-in (a session may already be over). */
  changePassword: publicOperation
    .meta({
      signIn: true,
      conflict:
        'The new password equals the username or the current one, or the password was changed meanwhile',
      openapi: {
        method: 'POST',
        path: '/password',
        operationId: 'changePassword',
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
      changeOwnPassword(ctx.db, input, {
        clientAddress: ctx.clientAddress,
        via: 'api',
        requestId: ctx.requestId,
      }),
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
        /** Signed in through the identity provider: the account page offers no second factor of its own. */
        viaIdentityProvider: z.boolean(),
      }),
    )
    .query(({ ctx }) => ({
      username: ctx.principal.username,
      permissions: [...ctx.principal.permissions].sort(),
      securityDisabled: getEnv().SECURITY_DISABLED,
      viaIdentityProvider: ctx.principal.viaIdentityProvider ?? false,
    })),

  listSessions: signedInOperation
    .meta({
      notFound: OWN_USER_NOT_FOUND,
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
      notFound: OWN_USER_NOT_FOUND,
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
      notFound: OWN_USER_NOT_FOUND,
      beforeSecondFactor: true,
      openapi: {
        method: 'GET',
        path: '/account/second-factor',
        operationId: 'getSecondFactor',
        tags: secondFactorTag,
        summary: 'Whether you have an authenticator app, and how many recovery codes are left',
        description:
          'Whether an authenticator app is enrolled (and so asked for at sign-in), since when, and how many of the ten recovery codes are unused: ' +
          'those of your second factor as a whole, so a person with passkeys only has them too (GET /account/passkeys lists the passkeys).',
      },
    })
    .input(z.object({}))
    .output(SecondFactorResponse)
    .query(({ ctx, input }) => getSecondFactor(ctx.db, input, ctx.principal)),

  startTotpEnrolment: signedInOperation
    .meta({
      beforeSecondFactor: true,
      consoleSessionOnly: true,
      conflict:
        'A second factor is already enrolled (remove it first), or you sign in through the identity provider',
      openapi: {
        method: 'POST',
        path: '/account/second-factor',
        operationId: 'startTotpEnrolment',
        tags: secondFactorTag,
        summary: 'Start enrolling an authenticator app (TOTP): a new secret, pending until confirmed',
        description:
          'Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. ' +
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
      consoleSessionOnly: true,
      conflict:
        'No enrolment was started, it was restarted meanwhile, a second factor is already enrolled, or you sign in through the identity provider',
      openapi: {
        method: 'POST',
        path: '/account/second-factor/confirm',
        operationId: 'confirmTotpEnrolment',
        tags: secondFactorTag,
        summary: 'Complete enrolment with a code from the app; answers ten recovery codes, shown only now',
        description:
          'Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. ' +
          'A code that is not the current one of the pending secret is 400 and changes nothing. With passkeys, ' +
          'send `proof` of one of them (or a recovery code): without it 400 on `proof`, a wrong one 400 counted toward the sign-in lock. From now on, ' +
          'sign-in asks for a code after the password. The ten recovery codes replace any you had (made with a ' +
          'passkey): only these work from now on. Audited as `user.second_factor_enrol`.',
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
        summary: 'Remove your authenticator app, proven with a current code or a recovery code',
        description:
          'A wrong code is 400 and counts toward the sign-in lock like a wrong password (429 while locked). ' +
          'The recovery codes stay while you have a passkey, and go with the app otherwise. ' +
          'Audited as `user.second_factor_remove`.',
      },
      successStatus: 204,
    })
    .input(RemoveSecondFactorRequest)
    .output(noContent)
    .mutation(({ ctx, input }) => removeOwnSecondFactor(ctx.db, input, ctx.principal)),
  listPasskeys: signedInOperation
    .meta({
      notFound: OWN_USER_NOT_FOUND,
      beforeSecondFactor: true,
      openapi: {
        method: 'GET',
        path: '/account/passkeys',
        operationId: 'listPasskeys',
        tags: passkeysTag,
        summary: 'Your passkeys',
        description:
          'Each passkey you registered, the oldest first: its name, when it was registered and last used. Any ' +
          'one of them is a second factor: with one, sign-in asks for it (or a code) after the password.',
      },
    })
    .input(z.object({}))
    .output(z.array(PasskeyResponse))
    .query(({ ctx, input }) => listPasskeys(ctx.db, input, ctx.principal)),

  startPasskeyRegistration: signedInOperation
    .meta({
      beforeSecondFactor: true,
      consoleSessionOnly: true,
      conflict: 'You sign in through the identity provider, whose second factor is yours',
      openapi: {
        method: 'POST',
        path: '/account/passkeys/registration',
        operationId: 'startPasskeyRegistration',
        tags: passkeysTag,
        summary: 'Options to make a new passkey (navigator.credentials.create), with a single-use challenge',
        description:
          'Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. ' +
          "The relying party is the console (its public URL's host as the RP ID); the challenge is bound to you, " +
          'valid five minutes and accepted once by POST /account/passkeys. Your passkeys are excluded, so one ' +
          'authenticator is not registered twice.',
      },
    })
    .input(z.object({}))
    .output(PasskeyCreationOptions)
    .mutation(({ ctx, input }) => startPasskeyRegistration(ctx.db, input, ctx.principal)),

  registerPasskey: signedInOperation
    .meta({
      beforeSecondFactor: true,
      consoleSessionOnly: true,
      conflict:
        'This passkey is already registered, or you sign in through the identity provider, whose second factor is yours',
      openapi: {
        method: 'POST',
        path: '/account/passkeys',
        operationId: 'registerPasskey',
        tags: passkeysTag,
        summary: "Keep a new passkey, from the browser's answer to the registration options",
        description:
          'Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. ' +
          'Verified here: it must answer a registration challenge issued to you (spent by this request whatever ' +
          "the outcome), from the console's origin and RP ID; else 400 on `response` and no passkey is kept. " +
          'Attestation is not asked for (format `none`). With a second factor already (an app or a passkey), send `proof` of it: ' +
          'without it 400 on `proof` and nothing spent, a wrong one 400 counted toward the sign-in lock. From now on sign-in asks for a second factor. ' +
          'When it is your first second factor (no authenticator app, no other passkey), the answer holds ten ' +
          'recovery codes, shown only this once. Audited as `user.passkey_add`.',
      },
    })
    .input(RegisterPasskeyRequest)
    .output(RegisteredPasskeyResponse)
    .mutation(({ ctx, input }) => registerPasskey(ctx.db, input, ctx.principal)),

  startPasskeyProof: signedInOperation
    .meta({
      conflict: 'You have no passkey',
      openapi: {
        method: 'POST',
        path: '/account/passkeys/challenge',
        operationId: 'startPasskeyProof',
        tags: passkeysTag,
        summary: 'A challenge for one of your passkeys to sign, to prove a current second factor',
        description:
          'Options for navigator.credentials.get() over your passkeys, with a challenge bound to you, valid five ' +
          'minutes and accepted once: its assertion is the `passkey` of POST /account/passkeys/{id}/remove and ' +
          'of POST /account/recovery-codes.',
      },
    })
    .input(z.object({}))
    .output(PasskeyRequestOptions)
    .mutation(({ ctx, input }) => startPasskeyProof(ctx.db, input, ctx.principal)),

  removePasskey: signedInOperation
    .meta({
      openapi: {
        method: 'POST',
        path: '/account/passkeys/{id}/remove',
        operationId: 'removePasskey',
        tags: passkeysTag,
        summary: 'Remove one of your passkeys, proven with a current second factor',
        description:
          'Send exactly one of `code` (a current code from your authenticator app, or a recovery code) and ' +
          '`passkey` (an assertion of any of your passkeys for a challenge from POST /account/passkeys/challenge). ' +
          'A wrong proof is 400 and counts toward the sign-in lock like a wrong password (429 while locked). ' +
          'A passkey that is not yours is 404. Removing your last passkey when you have no authenticator app ' +
          'removes your recovery codes too. Audited as `user.passkey_remove`.',
      },
      successStatus: 204,
    })
    .input(RemovePasskeyRequest)
    .output(noContent)
    .mutation(({ ctx, input }) => removePasskey(ctx.db, input, ctx.principal)),

  regenerateRecoveryCodes: signedInOperation
    .meta({
      consoleSessionOnly: true,
      conflict: 'You have no second factor',
      openapi: {
        method: 'POST',
        path: '/account/recovery-codes',
        operationId: 'regenerateRecoveryCodes',
        tags: secondFactorTag,
        summary: 'Ten new recovery codes in place of yours, proven with a current second factor',
        description:
          'Only from a console session: a bearer token (API token or access token) is 403 CONSOLE_SESSION_REQUIRED, so over REST it is always refused. ' +
          'Send exactly one of `code` (a current code from your authenticator app, or a recovery code) and ' +
          '`passkey` (an assertion of any of your passkeys for a challenge from POST /account/passkeys/challenge). ' +
          'Answers ten new codes, shown only this once; the old ones no longer work. A wrong proof is 400 and ' +
          'counts toward the sign-in lock like a wrong password (429 while locked); without a second factor, 409. ' +
          'Audited as `user.recovery_codes_regenerate`.',
      },
    })
    .input(RegenerateRecoveryCodesRequest)
    .output(RecoveryCodesResponse)
    .mutation(({ ctx, input }) => regenerateRecoveryCodes(ctx.db, input, ctx.principal)),
});
