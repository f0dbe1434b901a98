import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@/server/routers';

type Outputs = inferRouterOutputs<AppRouter>;
export type IncidentSummary = Outputs['incidents']['summary'];
export type IncidentStats = Outputs['incidents']['stats'];

export const SEVERITIES = ['CRITICAL', 'HIGH', 'MEDIUM', 'LOW'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** One colour per severity, everywhere on the dashboard. */
export const SEVERITY_COLORS: Record<Severity, string> = {
  CRITICAL: 'red.6',
  HIGH: 'orange.6',
  MEDIUM: 'yellow.5',
  LOW: 'gray.5',
};

export const SEVERITY_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  LOW: 'Low',
};
