'use client';
import { Box, Skeleton, Table, VisuallyHidden } from '@mantine/core';
import dynamic from 'next/dynamic';
import { formatDayLong, formatDayShort } from './format';
import {
  SEVERITIES_WORST_FIRST as SEVERITIES,
  SEVERITY_PALETTE,
  severityChartColor,
} from '@/components/ui/severity';
import type { IncidentStats } from './types';

type PerDay = IncidentStats['perDay'];

// The chart library (recharts, about 430 KB of script) loads after the page is interactive rather than with
// it: evaluating it was most of the dashboard's blocking time (docs/performance.md, "The console"). Until
// then the chart's place is held at its size.
const BarChart = dynamic(() => import('./bar-chart').then((m) => m.BarChart), {
  ssr: false,
  loading: () => <Skeleton style={{ flex: 1 }} mih={280} role="status" aria-label="Loading the chart" />,
});

const SERIES = SEVERITIES.map((s) => ({
  name: s,
  label: SEVERITY_PALETTE[s].label,
  color: severityChartColor(s),
}));

const totalOf = (d: PerDay[number]) => d.LOW + d.MEDIUM + d.HIGH + d.CRITICAL;

/**
 * Incidents created per day, stacked by severity (critical at the base, where it is seen first). The last
 * entry is today in the service's time zone. The same numbers are in a table for screen readers.
 */
export function IncidentsChart({ perDay }: { perDay: PerDay | undefined }) {
  if (!perDay) return <Skeleton h={280} role="status" aria-label="Loading the chart" />;
  const today = perDay.at(-1)?.day;
  return (
    // Fills the card when the side column makes it taller than the chart's own 280 px.
    <Box style={{ flex: 1, minHeight: 280, display: 'flex', flexDirection: 'column' }}>
      <BarChart
        h="100%"
        style={{ flex: 1 }}
        data={perDay}
        dataKey="day"
        type="stacked"
        series={SERIES}
        withLegend
        // Recharts sorts legend entries by name unless told otherwise; keep the severity order.
        legendProps={{ verticalAlign: 'bottom', height: 36, itemSorter: null }}
        tickLine="y"
        maxBarWidth={28}
        minBarSize={0}
        tooltipAnimationDuration={100}
        xAxisProps={{ tickFormatter: formatDayShort, minTickGap: 16, interval: 'preserveEnd' }}
        yAxisProps={{ allowDecimals: false, width: 36 }}
        tooltipProps={{
          labelFormatter: (day: unknown) =>
            typeof day === 'string' ? formatDayLong(day) + (day === today ? ' (today)' : '') : String(day),
        }}
        // The table below speaks for the chart; recharts' keyboard layer would put a focusable element
        // inside this aria-hidden one (axe aria-hidden-focus).
        barChartProps={{ accessibilityLayer: false }}
        aria-hidden
      />
      <VisuallyHidden>
        <Table>
          <caption>Incidents created per day, by severity</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              {SEVERITIES.map((s) => (
                <th key={s} scope="col">
                  {SEVERITY_PALETTE[s].label}
                </th>
              ))}
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {perDay.map((d) => (
              <tr key={d.day} data-day={d.day}>
                <th scope="row">{formatDayLong(d.day) + (d.day === today ? ' (today)' : '')}</th>
                {SEVERITIES.map((s) => (
                  <td key={s}>{d[s]}</td>
                ))}
                <td>{totalOf(d)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Box>
  );
}
