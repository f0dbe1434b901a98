import { operationsOf } from '../transport/operation';
import { operations } from '../transport/trpc';
import { adminRouter } from './admin';
import { authRouter } from './auth';
import { incidentsRouter } from './incidents';
import { oncallRouter } from './oncall';
import { silencesRouter } from './silences';
import { teamsRouter } from './teams';
import { viewsRouter } from './views';
import { webhooksRouter } from './webhooks';
import { workersRouter } from './workers';

export const appRouter = operations({
  auth: authRouter,
  admin: adminRouter,
  incidents: incidentsRouter,
  views: viewsRouter,
  silences: silencesRouter,
  oncall: oncallRouter,
  workers: workersRouter,
  webhooks: webhooksRouter,
  teams: teamsRouter,
});

export type AppRouter = typeof appRouter;

/** Every operation of the API by its path (`incidents.get`): what the REST transport serves. */
export const appOperations = operationsOf(appRouter);

/** Every operation served as REST, with its method and path (for the transport and the tests). */
export const restProcedures = [...appOperations].flatMap(([procedurePath, { meta }]) =>
  meta.openapi
    ? [
        {
          procedurePath,
          method: meta.openapi.method,
          path: meta.openapi.path,
          consoleSessionOnly: meta.consoleSessionOnly,
        },
      ]
    : [],
);
