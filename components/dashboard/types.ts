import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type IncidentSummary = Outputs['incidents']['summary'];
export type IncidentStats = Outputs['incidents']['stats'];
