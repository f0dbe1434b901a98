// The one severity palette: the colour and word of each severity wherever the console shows one (the
// badges of the board, incident and process instance pages, the dashboard's chart).
import type { MantineColor } from '@mantine/core';
import type { IncidentView } from '@/server/schemas/incidents';

export type Severity = IncidentView['severity'];

/** Worst first, the order in which the dashboard stacks and lists them. */
export const SEVERITIES_WORST_FIRST = [
  'CRITICAL',
  'HIGH',
  'MEDIUM',
  'LOW',
] as const satisfies readonly Severity[];

/**
 * `color` is the hue: a filled badge draws it at the theme's primary shade. The chart's bars take
 * `chartShade` of the same hue, lighter for MEDIUM and LOW.
 */
export const SEVERITY_PALETTE: Record<Severity, { color: MantineColor; chartShade: number; label: string }> =
  {
    CRITICAL: { color: 'red', chartShade: 6, label: 'Critical' },
    HIGH: { color: 'orange', chartShade: 6, label: 'High' },
    MEDIUM: { color: 'yellow', chartShade: 5, label: 'Medium' },
    LOW: { color: 'gray', chartShade: 5, label: 'Low' },
  };

/** A chart's colour for a severity, e.g. `yellow.5`. */
export const severityChartColor = (severity: Severity): string =>
  `${SEVERITY_PALETTE[severity].color}.${SEVERITY_PALETTE[severity].chartShade}`;
