'use client';
// The head of the incident board: its title, whether live updates work, and the counts of unresolved
// incidents as buttons that filter the board to them.
import { Button, Group, Skeleton, Text, Title } from '@mantine/core';
import { Freshness } from '../live/freshness';
import { UNRESOLVED, type BoardView } from './board-view';
import { formatCount } from '../format-count';

export function BoardTitle({ failing }: { failing: string | null }) {
  return (
    <Group justify="space-between" align="flex-end" wrap="wrap" gap="xs">
      <Title order={1} size="h2">
        Incidents
      </Title>
      <Freshness failing={failing} />
    </Group>
  );
}

export interface SummaryCounts {
  openIncidents: number;
  acknowledgedIncidents: number;
  criticalIncidents: number;
  incidentsCreatedToday: number;
}

export function SummaryButtons({
  summary,
  view,
  filter,
}: {
  summary: SummaryCounts | undefined;
  view: BoardView;
  filter: (patch: Partial<BoardView>) => void;
}) {
  // The summary's "critical" counts unresolved ones only, and so does the board when its button is on.
  const criticalUnresolved = view.status === UNRESOLVED && view.severity === 'CRITICAL';
  return (
    <Group gap="xs" aria-label="Unresolved incidents" role="group">
      <SummaryButton
        count={summary?.openIncidents}
        label="open"
        color="red"
        active={view.status === 'OPEN'}
        onClick={() => filter({ status: view.status === 'OPEN' ? null : 'OPEN' })}
      />
      <SummaryButton
        count={summary?.acknowledgedIncidents}
        label="acknowledged"
        color="blue"
        active={view.status === 'ACKNOWLEDGED'}
        onClick={() => filter({ status: view.status === 'ACKNOWLEDGED' ? null : 'ACKNOWLEDGED' })}
      />
      <SummaryButton
        count={summary?.criticalIncidents}
        label="critical unresolved"
        // Filled red draws the eye: only when there is something to look at.
        color={summary?.criticalIncidents ? 'red' : 'gray'}
        variant={summary?.criticalIncidents ? 'filled' : 'light'}
        active={criticalUnresolved}
        onClick={() =>
          filter(
            criticalUnresolved
              ? { status: null, severity: null }
              : { status: UNRESOLVED, severity: 'CRITICAL' },
          )
        }
      />
      {summary && (
        <Text size="sm" c="dimmed">
          {formatCount(summary.incidentsCreatedToday)} created today
        </Text>
      )}
    </Group>
  );
}

function SummaryButton({
  count,
  label,
  color,
  variant = 'light',
  active,
  onClick,
}: {
  count: number | undefined;
  label: string;
  color: string;
  variant?: 'light' | 'filled';
  active: boolean;
  onClick: () => void;
}) {
  if (count === undefined) return <Skeleton h={26} w={110} radius="xl" />;
  return (
    <Button
      size="compact-sm"
      radius="xl"
      color={color}
      variant={active ? 'outline' : variant}
      aria-pressed={active}
      onClick={onClick}
    >
      {`${formatCount(count)} ${label}`}
    </Button>
  );
}
