import { runChainsAsOneStep } from '../procedure-chain';
import type { AppMeta } from '../trpc';
import { router } from '../trpc';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { incidentsRouter } from './incidents';
import { webhooksRouter } from './webhooks';
import { workersRouter } from './workers';

export const appRouter = router({
  auth: authRouter,
  admin: adminRouter,
  incidents: incidentsRouter,
  workers: workersRouter,
  webhooks: webhooksRouter,
});

// Each procedure's rules, validation and resolver run as one step, for every entry point
// (server/procedure-chain.ts).
runChainsAsOneStep(appRouter._def.procedures as Record<string, unknown>);

export type AppRouter = typeof appRouter;

/** Every procedure served as REST, with its method, path and success status (for the transport and the docs). */
export const restProcedures = Object.entries(
  appRouter._def.procedures as unknown as Record<string, { _def: { meta?: AppMeta } }>,
).flatMap(([procedurePath, procedure]) => {
  const meta = procedure._def.meta;
  return meta?.openapi
    ? [
        {
          procedurePath,
          method: meta.openapi.method,
          path: meta.openapi.path,
          successStatus: meta.successStatus,
          maxBodyBytes: meta.maxBodyBytes,
          idempotent: meta.idempotent,
        },
      ]
    : [];
});
