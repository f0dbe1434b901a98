'use client';
// /oncall (docs/contract.md §6, "On-call schedules"): each schedule with who is on call now and next, the
// shifts of the coming week in the schedule's own time zone, and its shifts as an iCalendar download.
import { Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PageHeader } from '@/components/admin/page-header';
import { DownloadButton } from '@/components/downloads/download-button';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import type { ScheduleView, ShiftView } from '@/server/schemas/oncall';

/** 'Mon 30 Mar, 09:00': an instant as the schedule's clocks show it. */
function formatIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(new Date(iso));
}

function handOffInWords(s: ScheduleView): string {
  if (s.handOff === 'DAILY') return `Hands off daily at ${s.handOffTime}`;
  if (s.handOff === 'WEEKLY')
    return `Hands off every ${s.handOffWeekday!.charAt(0)}${s.handOffWeekday!.slice(1).toLowerCase()} at ${s.handOffTime}`;
  return `Hands off by the recurrence ${s.rrule} from ${s.handOffTime}`;
}

export function OncallPage() {
  const trpc = useTRPC();
  const schedules = useQuery(trpc.oncall.list.queryOptions({ size: 100 }));
  return (
    <Stack>
      <PageHeader
        title="On call"
        description="Who is on call for each schedule now and next, and the shifts of the coming week, in each schedule's own time zone."
      />
      {schedules.error ? (
        <ProblemAlert error={schedules.error} onRetry={() => void schedules.refetch()} />
      ) : !schedules.data ? (
        <Text c="dimmed">Loading…</Text>
      ) : !schedules.data.content.length ? (
        <Text size="sm" c="dimmed">
          No on-call schedule yet.
        </Text>
      ) : (
        <Stack
          gap="md"
          component="ul"
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label="On-call schedules"
        >
          {schedules.data.content.map((s) => (
            <ScheduleCard key={s.id} schedule={s} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function ScheduleCard({ schedule }: { schedule: ScheduleView }) {
  const trpc = useTRPC();
  const onCall = useQuery(trpc.oncall.onCall.queryOptions({ id: schedule.id }));
  const shifts = useQuery(trpc.oncall.shifts.queryOptions({ id: schedule.id }));
  const headingId = `schedule-${schedule.id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Stack gap={2} style={{ minWidth: 0, flex: '1 1 240px' }}>
            <Title order={2} size="h4" id={headingId} style={{ overflowWrap: 'anywhere' }}>
              {schedule.name}
            </Title>
            <Text size="xs" c="dimmed">
              {handOffInWords(schedule)} · {schedule.timeZone} · rotation:{' '}
              {schedule.members.map((m) => m.username).join(', ') || 'nobody'}
            </Text>
          </Stack>
          <DownloadButton operation="oncall.calendar" input={{ id: schedule.id }}>
            Calendar (.ics)
          </DownloadButton>
        </Group>
        {onCall.error ? (
          <ProblemAlert error={onCall.error} onRetry={() => void onCall.refetch()} />
        ) : !onCall.data ? (
          <Text c="dimmed">Loading…</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <Who label="On call now" shift={onCall.data.now} timeZone={schedule.timeZone} />
            <Who label="Next" shift={onCall.data.next} timeZone={schedule.timeZone} />
          </SimpleGrid>
        )}
        {shifts.error ? (
          <ProblemAlert error={shifts.error} onRetry={() => void shifts.refetch()} />
        ) : shifts.data ? (
          <ShiftTable shifts={shifts.data} schedule={schedule} />
        ) : null}
      </Stack>
    </Paper>
  );
}

function Who({ label, shift, timeZone }: { label: string; shift: ShiftView | null; timeZone: string }) {
  return (
    <Paper bg="var(--mantine-color-default-hover)" p="sm">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      {shift ? (
        <>
          <Group gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {shift.username}
            </Text>
            {shift.overrideId !== null && (
              <Badge variant="light" color="grape" size="sm">
                override
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {formatIn(shift.start, timeZone)} → {formatIn(shift.end, timeZone)}
          </Text>
        </>
      ) : (
        <Text size="sm">Nobody</Text>
      )}
    </Paper>
  );
}

function ShiftTable({ shifts, schedule }: { shifts: ShiftView[]; schedule: ScheduleView }) {
  if (!shifts.length)
    return (
      <Text size="sm" c="dimmed">
        No shift in the coming week.
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={300}>
      <Table striped verticalSpacing={4} fz="sm">
        <Table.Caption>Shifts of the coming week ({schedule.timeZone})</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Who</Table.Th>
            <Table.Th scope="col">From</Table.Th>
            <Table.Th scope="col">Until</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shifts.map((s) => (
            <Table.Tr key={`${s.start}-${s.overrideId ?? 'rotation'}`}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                {s.username}
                {s.overrideId !== null && ' (override)'}
              </Table.Td>
              <Table.Td>{formatIn(s.start, schedule.timeZone)}</Table.Td>
              <Table.Td>{formatIn(s.end, schedule.timeZone)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
