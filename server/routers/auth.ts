// Sign-in for API clients and the console's view of the caller.
import { z } from 'zod';
import { changeOwnPassword, verifyCredentialsForToken } from '../auth/password-change';
import { issueAccessToken } from '../auth/tokens';
import { ChangePasswordRequest, TokenRequest, TokenResponse } from '../schemas/admin';
import { noContent } from '../schemas/common';
import { getEnv } from '../runtime/env';
import { operations, publicOperation, signedInOperation } from '../transport/trpc';

export const authRouter = operations({
  createToken: publicOperation
    .meta({
      openapi: {
        method: 'POST',
        path: '/tokens',
        operationId: 'createToken',
        description:
          'Checks the username and password (throttled against guessing) and answers a bearer access token that expires after `expiresIn` seconds.',
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
});
