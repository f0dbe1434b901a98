'use client';
// /admin/audit: every admin change, newest first; filters and paging in the URL; each row expands to a
// readable before/after comparison and the raw JSON.
import {
  ActionIcon,
  Anchor,
  Autocomplete,
  Badge,
  Button,
  Code,
  Group,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { useTRPC } from '@/components/trpc';
import { QueryTable } from '@/components/ui/query-table';
import { auditDiff, auditSummary, auditTargetName, showValue } from './audit-diff';
import { AUDIT_ACTIONS, auditActionColor, formatDateTimeSeconds } from './format';
import { PageHeader } from './page-header';
import { DownloadButton } from '@/components/downloads/download-button';
import { useUrlState } from './url-state';
import { formatCount } from '../format-count';

const PAGE_SIZES = [20, 50, 100];

type AuditEvent = {
  id: number;
  actor: string;
  action: string;
  targetType: string;
  targetId: string | null;
  /** The console page of the target; null once it is gone. */
  targetPath: string | null;
  before?: unknown;
  after?: unknown;
  createdAt: string;
};

const ACTION_GROUPS = ['Users', 'Service accounts', 'Groups', 'API tokens', 'Sessions'].map((group) => ({
  group,
  items: AUDIT_ACTIONS.filter((a) => a.group === group).map((a) => ({ value: a.value, label: a.label })),
}));

function positiveInt(raw: string, fallback: number): number {
  return /^[1-9][0-9]{0,6}$/.test(raw) ? Number(raw) : fallback;
}

/** A `from` or `to` of the URL when it is a date the API takes, else nothing. */
function urlDate(raw: string): string | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(raw) ? raw : null;
}

export function AuditPage() {
  const trpc = useTRPC();
  const url = useUrlState();
  const page = positiveInt(url.get('page'), 1);
  const sizeParam = positiveInt(url.get('size'), 20);
  const size = PAGE_SIZES.includes(sizeParam) ? sizeParam : 20;
  const actor = url.get('actor');
  const action = url.get('action');
  const from = urlDate(url.get('from'));
  const to = urlDate(url.get('to'));
  // A range being picked (its first day chosen) stays here until its last day is chosen too.
  const [range, setRange] = useState<DatesRangeValue<string>>([from, to]);
  useEffect(() => setRange([from, to]), [from, to]);

  const [actorText, setActorText] = useState(actor);
  const lastActor = useRef(actor);
  const pushActor = useDebouncedCallback((value: string) => {
    lastActor.current = value.trim();
    url.set({ actor: value.trim(), page: null });
  }, 400);
  useEffect(() => {
    if (actor !== lastActor.current) {
      lastActor.current = actor;
      setActorText(actor);
    }
  }, [actor]);

  const filter = {
    ...(actor ? { actor } : {}),
    ...(action ? { action } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  };
  const events = useQuery({
    ...trpc.admin.listAuditEvents.queryOptions({ page: page - 1, size, ...filter }),
    placeholderData: keepPreviousData,
  });
  const users = useQuery(trpc.admin.listUsers.queryOptions({}));
  const groups = useQuery(trpc.admin.listGroups.queryOptions({}));
  const groupCode = new Map((groups.data ?? []).map((g) => [String(g.id), g.code]));
  const [expanded, setExpanded] = useState<number[]>([]);
  const records: AuditEvent[] = events.data?.content ?? [];
  const filtered = !!(actor || action || from || to);

  const targetOf = (e: AuditEvent) => {
    const name =
      auditTargetName(e.targetType, e.before, e.after) ??
      (e.targetType === 'group' && e.targetId ? groupCode.get(e.targetId) : undefined);
    const type = e.targetType.replace('_', ' ');
    return { type, name, id: e.targetId };
  };

  return (
    <Stack>
      <PageHeader
        title="Audit log"
        description="Every change to users, groups, memberships and API tokens, newest first. Passwords and token secrets are never recorded."
        actions={
          <>
            <DownloadButton operation="admin.exportAuditEvents" input={{ ...filter, format: 'csv' }}>
              Export CSV
            </DownloadButton>
            <DownloadButton operation="admin.exportAuditEvents" input={{ ...filter, format: 'ndjson' }}>
              Export NDJSON
            </DownloadButton>
          </>
        }
      />
      <Group align="flex-end" gap="sm">
        <Autocomplete
          label="Actor"
          placeholder="Any user"
          description="Start of a username, any case"
          data={[...new Set((users.data ?? []).map((u) => u.username))]}
          value={actorText}
          onChange={(v) => {
            setActorText(v);
            pushActor(v);
          }}
          onOptionSubmit={(v) => {
            setActorText(v);
            pushActor(v);
            pushActor.flush();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') pushActor.flush();
          }}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
        <Select
          label="Action"
          description="What was done"
          placeholder="Any action"
          data={ACTION_GROUPS}
          value={action || null}
          onChange={(v) => url.set({ action: v, page: null })}
          clearable
          w={{ base: '100%', xs: 260 }}
          comboboxProps={{ withinPortal: true }}
        />
        <DatePickerInput
          type="range"
          allowSingleDateInRange
          label="Dates"
          description="In the service's time zone, both days included"
          placeholder="Any day"
          valueFormat="D MMM YYYY"
          value={range}
          onChange={(value) => {
            setRange(value);
            const [first, last] = value;
            if ((first && last) || (!first && !last)) url.set({ from: first, to: last, page: null });
          }}
          clearable
          w={{ base: '100%', xs: 260 }}
          popoverProps={{ withinPortal: true }}
          nextLabel="Next month"
          previousLabel="Previous month"
        />
        {filtered && (
          <Button
            variant="subtle"
            onClick={() => {
              lastActor.current = '';
              setActorText('');
              url.set({ actor: null, action: null, from: null, to: null, page: null });
            }}
          >
            Clear filters
          </Button>
        )}
      </Group>

      <QueryTable<AuditEvent>
        query={events}
        loadingLabel="Loading audit events"
        skeletonRows={8}
        aria-label="Audit events"
        phoneFirst={['action', 'target', 'actor', 'createdAt']}
        records={records}
        noRecordsText={filtered ? 'No audit events match these filters' : 'No audit events yet'}
        page={page}
        onPageChange={(p) => url.set({ page: p === 1 ? null : p })}
        totalRecords={events.data?.totalElements ?? 0}
        recordsPerPage={size}
        recordsPerPageOptions={PAGE_SIZES}
        onRecordsPerPageChange={(s) => url.set({ size: s === 20 ? null : s, page: null })}
        recordsPerPageLabel="Events per page"
        paginationText={({ from, to, totalRecords }) =>
          `${formatCount(from)}–${formatCount(to)} of ${formatCount(totalRecords)}`
        }
        verticalAlign="top"
        rowExpansion={{
          trigger: 'never',
          allowMultiple: true,
          expanded: { recordIds: expanded, onRecordIdsChange: setExpanded },
          content: ({ record }) => <AuditDetails event={record} />,
        }}
        columns={[
          {
            accessor: 'expand',
            title: <VisuallyHidden>Details</VisuallyHidden>,
            width: 44,
            render: (e) => {
              const open = expanded.includes(e.id);
              return (
                <Tooltip label={open ? 'Hide details' : 'Show details'} withArrow openDelay={400}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-expanded={open}
                    aria-label={`${open ? 'Hide' : 'Show'} details of event ${e.id}`}
                    onClick={() =>
                      setExpanded((ids) => (open ? ids.filter((x) => x !== e.id) : [...ids, e.id]))
                    }
                  >
                    <span
                      aria-hidden
                      style={{
                        display: 'inline-block',
                        transition: 'transform 150ms',
                        transform: open ? 'rotate(90deg)' : 'none',
                      }}
                    >
                      ▸
                    </span>
                  </ActionIcon>
                </Tooltip>
              );
            },
          },
          {
            accessor: 'createdAt',
            title: 'Time',
            width: 170,
            noWrap: true,
            render: (e) => formatDateTimeSeconds(e.createdAt),
          },
          { accessor: 'actor', title: 'Actor', width: 130 },
          {
            accessor: 'action',
            title: 'Action',
            width: 190,
            render: (e) => (
              <Badge color={auditActionColor(e.action)} variant="light" tt="none" radius="sm">
                {e.action}
              </Badge>
            ),
          },
          {
            accessor: 'target',
            title: 'Target',
            noWrap: true,
            render: (e) => {
              const t = targetOf(e);
              const label = t.name ?? (t.id ? `#${t.id}` : '—');
              return (
                <Text size="sm">
                  <Text span c="dimmed" inherit>
                    {t.type}{' '}
                  </Text>
                  {e.targetPath ? (
                    <Anchor component={Link} href={e.targetPath} fw={600} inherit>
                      {label}
                    </Anchor>
                  ) : (
                    <Text span fw={600} inherit>
                      {label}
                    </Text>
                  )}
                </Text>
              );
            },
          },
          {
            accessor: 'summary',
            title: 'Change',
            render: (e) => (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {auditSummary(e.action, e.before, e.after) || '—'}
              </Text>
            ),
          },
        ]}
      />
    </Stack>
  );
}

function AuditDetails({ event }: { event: AuditEvent }) {
  const [raw, setRaw] = useState(false);
  const diff = auditDiff(event.before, event.after);
  return (
    <Stack gap="xs" p="xs" aria-label={`Details of event ${event.id}`} role="group">
      {diff.length ? (
        <Table
          withTableBorder
          withColumnBorders
          verticalSpacing={4}
          fz="sm"
          aria-label={`Changes of event ${event.id}`}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={180}>Field</Table.Th>
              <Table.Th>Before</Table.Th>
              <Table.Th>After</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {diff.map((d) => (
              <Table.Tr key={d.field}>
                <Table.Td ff="monospace">{d.field}</Table.Td>
                {d.kind === 'set' ? (
                  <>
                    <SetCell values={d.before} changed={d.removed} as="removed" />
                    <SetCell values={d.after} changed={d.added} as="added" />
                  </>
                ) : (
                  <>
                    <Table.Td c={d.before === undefined ? 'dimmed' : 'red.8'}>{showValue(d.before)}</Table.Td>
                    <Table.Td c={d.after === undefined ? 'dimmed' : 'green.8'}>{showValue(d.after)}</Table.Td>
                  </>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">
          No field changes recorded
          {event.action === 'user.password_reset' ? ' (passwords are never recorded)' : ''}.
        </Text>
      )}
      <Group gap="xs">
        <Button size="compact-xs" variant="subtle" onClick={() => setRaw((r) => !r)} aria-expanded={raw}>
          {raw ? 'Hide JSON' : 'Show JSON'}
        </Button>
        <Text size="xs" c="dimmed">
          event {event.id} · {event.targetType} {event.targetId ?? ''}
        </Text>
      </Group>
      {raw && (
        <Code block aria-label={`JSON of event ${event.id}`}>
          {JSON.stringify({ before: event.before, after: event.after }, null, 2)}
        </Code>
      )}
    </Stack>
  );
}

/** One side of a changed set: its members, those that went (struck out) or came (marked +). */
function SetCell({ values, changed, as }: { values: unknown; changed: string[]; as: 'removed' | 'added' }) {
  const members = Array.isArray(values) ? values.map(String) : [];
  return (
    <Table.Td>
      <Group gap={4}>
        {members.map((x) => {
          const isChanged = changed.includes(x);
          return (
            <Badge
              key={x}
              variant="light"
              tt="none"
              color={isChanged ? (as === 'removed' ? 'red' : 'green') : 'gray'}
              td={isChanged && as === 'removed' ? 'line-through' : undefined}
            >
              {isChanged && as === 'added' ? '+ ' : ''}
              {x}
            </Badge>
          );
        })}
        {!members.length && (
          <Text size="sm" c="dimmed">
            none
          </Text>
        )}
      </Group>
    </Table.Td>
  );
}
