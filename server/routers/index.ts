import { parseSchemasSynchronously } from '../sync-parsing';
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

// Validation by zod's synchronous parse, for every entry point (server/sync-parsing.ts).
parseSchemasSynchronously(appRouter._def.procedures as Record<string, unknown>);

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
        },
      ]
    : [];
});
