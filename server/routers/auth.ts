// Sign-in for API clients and the console's view of the caller.
import { z } from 'zod';
import { verifyCredentials } from '../auth/login';
import { issueAccessToken } from '../auth/tokens';
import { TokenRequest, TokenResponse } from '../schemas/admin';
import { getEnv } from '../env';
import { publicProcedure, router, signedInProcedure } from '../trpc';

export const authRouter = router({
  createToken: publicProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/tokens',
        protect: false,
        tags: ['Authentication'],
        summary: 'Exchange username and password for a short-lived access token',
      },
    })
    .input(TokenRequest)
    .output(TokenResponse)
    .mutation(async ({ ctx, input }) =>
      issueAccessToken(await verifyCredentials(ctx.db, input.username, input.password)),
    ),

  /** Who the console is signed in as; any signed-in user may ask (the console shows "no access" from it). */
  me: signedInProcedure
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
