'use client';
import { Card, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import Link from 'next/link';
import { DEFAULT_VIEW, UNRESOLVED, searchOf } from '@/components/incidents/board-view';
import classes from './dashboard.module.css';
import type { IncidentSummary } from './types';
import { formatCount } from '../format-count';

interface CountCardSpec {
  key: keyof IncidentSummary;
  label: string;
  hint: string;
  href: string;
  /** The colour of the number when it is not zero. */
  alarm?: string;
}

/** The four counts, each a link to the incident board filtered the same way: its total is the card's count. */
const CARDS: CountCardSpec[] = [
  {
    key: 'openIncidents',
    label: 'Open',
    hint: 'not acknowledged yet',
    href: '/incidents?status=OPEN',
    alarm: 'orange.8',
  },
  {
    key: 'criticalIncidents',
    label: 'Critical',
    hint: 'still unresolved',
    href: `/incidents${searchOf({ ...DEFAULT_VIEW, status: UNRESOLVED, severity: 'CRITICAL' })}`,
    alarm: 'red.8',
  },
  {
    key: 'acknowledgedIncidents',
    label: 'Acknowledged',
    hint: 'someone is on it',
    href: '/incidents?status=ACKNOWLEDGED',
  },
  {
    key: 'incidentsCreatedToday',
    label: 'Created today',
    hint: 'since midnight',
    href: '/incidents?sort=createdAt,desc',
  },
];

function CountCard({
  spec,
  value,
  failed,
}: {
  spec: CountCardSpec;
  value: number | undefined;
  failed: boolean;
}) {
  const alarming = spec.alarm !== undefined && value !== undefined && value > 0;
  return (
    <Card
      withBorder
      padding="md"
      component={Link}
      href={spec.href}
      aria-busy={value === undefined && !failed}
      className={alarming ? `${classes.countCard} ${classes.alarm}` : classes.countCard}
      style={
        alarming ? { '--alarm-color': `var(--mantine-color-${spec.alarm!.replace('.', '-')})` } : undefined
      }
    >
      <Text size="sm" fw={600} c="dimmed" tt="uppercase" lts={0.3}>
        {spec.label}
      </Text>
      {value === undefined && failed ? (
        <Text fz={36} fw={700} lh={1.35} c="dimmed" aria-label="not available">
          —
        </Text>
      ) : value === undefined ? (
        <Skeleton h={40} w={72} my={4} />
      ) : (
        <Text fz={36} fw={700} lh={1.35} c={alarming ? spec.alarm : undefined}>
          {formatCount(value)}
        </Text>
      )}
      <Group gap={4} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {spec.hint}
        </Text>
        <Text size="xs" c="dimmed" aria-hidden ml="auto">
          →
        </Text>
      </Group>
    </Card>
  );
}

export function CountCards({ summary, failed }: { summary: IncidentSummary | undefined; failed: boolean }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: 'sm', sm: 'md' }}>
      {CARDS.map((spec) => (
        <CountCard key={spec.key} spec={spec} value={summary?.[spec.key]} failed={failed} />
      ))}
    </SimpleGrid>
  );
}
