'use client';
// The console's first page: what is on fire now (the four counts) and how the last 30 days went (incidents
// per day by severity, the nodes that fail most, mean response times). Both follow the change stream
// (components/live/live-updates.tsx); while it is down they are polled, every 10 s and 60 s, with back-off.
import { Card, Code, EmptyState, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTRPC } from '@/components/trpc';
import { CountCards } from './count-cards';
import { formatClock, formatDayLong } from './format';
import { IncidentsChart } from './incidents-chart';
import { MeanTimes } from './mean-times';
import { NotificationsAttention } from './notifications-attention';
import { QueryError } from './query-error';
import { TopNodes } from './top-nodes';
import type { IncidentStats, IncidentSummary } from './types';
import { formatCount } from '../format-count';
import { Freshness } from '../live/freshness';
import { usePollingFallback } from '../live/live-updates';

const DAYS = 30;
const SUMMARY_EVERY_MS = 10_000;
const STATS_EVERY_MS = 60_000;

function isQuiet(summary: IncidentSummary | undefined, stats: IncidentStats | undefined): boolean {
  if (!summary || !stats) return false;
  const unresolved = summary.openIncidents + summary.acknowledgedIncidents;
  const recent = stats.perDay.reduce((sum, d) => sum + d.LOW + d.MEDIUM + d.HIGH + d.CRITICAL, 0);
  return unresolved === 0 && recent === 0 && stats.topNodes.length === 0;
}

function NoIncidents() {
  return (
    <Card withBorder padding="xl" component="section" aria-label="No incidents">
      <EmptyState
        title="All quiet: no incidents yet"
        description={
          <>
            Nothing is open and nothing was reported in the last {DAYS} days. Process engines and workers
            report incidents through <Code>POST /api/incidents</Code>; to watch the console at work, run{' '}
            <Code>npm run worker:demo</Code> against this service.
          </>
        }
      />
    </Card>
  );
}

function Section({
  title,
  hint,
  grow,
  children,
}: {
  title: string;
  hint?: string;
  /** Take the rest of a column (the side column) rather than all of it. */
  grow?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-label={title}
      h={grow ? undefined : '100%'}
      style={{ display: 'flex', flexDirection: 'column', flex: grow ? 1 : undefined }}
    >
      <Group justify="space-between" align="baseline" mb="sm" gap="xs">
        <Title order={2} size="h4">
          {title}
        </Title>
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
      {children}
    </Card>
  );
}

export function Dashboard() {
  const trpc = useTRPC();
  const summaryPolling = usePollingFallback(SUMMARY_EVERY_MS);
  const statsPolling = usePollingFallback(STATS_EVERY_MS);
  const summary = useQuery(
    trpc.incidents.summary.queryOptions(
      {},
      { refetchInterval: summaryPolling, placeholderData: keepPreviousData },
    ),
  );
  const stats = useQuery(
    trpc.incidents.stats.queryOptions(
      { days: DAYS },
      { refetchInterval: statsPolling, placeholderData: keepPreviousData },
    ),
  );

  const failed = [summary, stats].filter((q) => q.isError);
  const perDay = stats.data?.perDay;
  const today = perDay?.at(-1);
  const total = perDay?.reduce((sum, d) => sum + d.LOW + d.MEDIUM + d.HIGH + d.CRITICAL, 0);
  const todayTotal = today ? today.LOW + today.MEDIUM + today.HIGH + today.CRITICAL : undefined;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={1} size="h2">
          Dashboard
        </Title>
        <Freshness
          failing={
            summary.isError
              ? summary.dataUpdatedAt
                ? `last update ${formatClock(summary.dataUpdatedAt)}`
                : 'not loaded'
              : null
          }
        />
      </Group>
      <NotificationsAttention enabled={summary.isSuccess} />

      {failed.length > 0 && (
        <QueryError
          what={failed.length === 2 ? 'dashboard' : summary.isError ? 'counts' : 'statistics'}
          error={failed[0].error}
          staleSince={
            failed.every((q) => q.data) ? Math.min(...failed.map((q) => q.dataUpdatedAt)) : undefined
          }
          onRetry={() => failed.forEach((q) => void q.refetch())}
        />
      )}
      <CountCards summary={summary.data} failed={summary.isError} />

      {isQuiet(summary.data, stats.data) ? (
        <NoIncidents />
      ) : (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, lg: 7, xl: 8 }}>
            <Section
              title="Incidents per day"
              hint={
                total === undefined
                  ? `last ${DAYS} days, by severity`
                  : `last ${DAYS} days: ${formatCount(total)} in total, ${formatCount(todayTotal!)} today (${formatDayLong(today!.day)})`
              }
            >
              {stats.isError && !stats.data ? (
                <Text size="sm" c="dimmed">
                  The chart is not available.
                </Text>
              ) : (
                <IncidentsChart perDay={perDay} />
              )}
            </Section>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 5, xl: 4 }}>
            <Stack gap="md" h="100%">
              <MeanTimes stats={stats.data} failed={stats.isError} days={DAYS} />
              <Section title="Top failing nodes" hint={`last ${DAYS} days`} grow>
                {stats.isError && !stats.data ? (
                  <Text size="sm" c="dimmed">
                    The list is not available.
                  </Text>
                ) : (
                  <TopNodes nodes={stats.data?.topNodes} days={DAYS} />
                )}
              </Section>
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </Stack>
  );
}
