'use client';
// /silences (docs/contract.md §6, "Silences"): the silences in effect or scheduled, the recently ended ones,
// a form that makes one (matchers, window, and how many unresolved incidents it would match now), and End.
import {
  Badge,
  Button,
  Checkbox,
  Group,
  Modal,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { PageHeader } from '@/components/admin/page-header';
import { formatExact } from '@/components/incidents/relative-time';
import { SOURCE_LABEL } from '@/components/incidents/labels';
import { getServiceTimeZone, serviceLocalDateTime } from '@/components/service-time';
import { useTRPC } from '@/components/trpc';
import { ProblemAlert } from '@/components/ui/problem';
import { INCIDENT_SEVERITIES, INCIDENT_SOURCES, silencesEverything } from '@/domain/incidents';
import type { SilenceView } from '@/server/schemas/silences';

type Severity = (typeof INCIDENT_SEVERITIES)[number];
type Source = (typeof INCIDENT_SOURCES)[number];

const HOUR = 3_600_000;
/** A toast's close button, named for screen readers. */
const CLOSE = { 'aria-label': 'Close' };
const STATE_COLOR = { ACTIVE: 'grape', SCHEDULED: 'blue', ENDED: 'gray' } as const;

/** 'node ServiceTask_1 · message contains "gateway"': what a silence matches, in words. */
export function matchersInWords(
  s: Pick<SilenceView, 'source' | 'nodeId' | 'groupKey' | 'severities' | 'messageText'>,
) {
  return [
    s.source && `source ${SOURCE_LABEL[s.source]}`,
    s.nodeId && `node ${s.nodeId}`,
    s.groupKey && `group ${s.groupKey}`,
    s.severities && `severity ${s.severities.join(' or ')}`,
    s.messageText && `message contains "${s.messageText}"`,
  ]
    .filter(Boolean)
    .join(' · ');
}

export function SilencesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const current = useQuery(trpc.silences.list.queryOptions({ state: ['ACTIVE', 'SCHEDULED'], size: 100 }));
  const ended = useQuery(trpc.silences.list.queryOptions({ state: ['ENDED'], size: 20 }));
  const [creating, setCreating] = useState(false);
  const [endingId, setEndingId] = useState<number>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.silences.list.queryKey() });
  const end = useMutation(
    trpc.silences.end.mutationOptions({
      onSuccess: (s) => {
        notifications.show({
          closeButtonProps: CLOSE,
          message: `Silence "${s.name}" ended: its summaries are on their way`,
        });
        return refresh();
      },
      onError: (error) => {
        notifications.show({
          closeButtonProps: CLOSE,
          color: 'red',
          message: `Could not end the silence: ${error.message}`,
        });
        return refresh();
      },
    }),
  );

  return (
    <Stack>
      <PageHeader
        title="Silences"
        description="Incidents a silence matches are recorded and shown as silenced; what they do by themselves is not notified until it ends, when each subscription gets one summary."
        actions={<Button onClick={() => setCreating(true)}>New silence…</Button>}
      />
      <Title order={2} size="h4">
        In effect and scheduled
      </Title>
      <SilenceList
        query={current}
        label="Silences in effect and scheduled"
        empty="No silence is in effect or scheduled."
        ending={end.isPending ? endingId : undefined}
        onEnd={(id) => {
          setEndingId(id);
          end.mutate({ id });
        }}
      />
      <Title order={2} size="h4">
        Recently ended
      </Title>
      <SilenceList query={ended} label="Recently ended silences" empty="No silence has ended yet." />
      <CreateSilenceModal
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={() => {
          setCreating(false);
          void refresh();
        }}
      />
    </Stack>
  );
}

function SilenceList({
  query,
  label,
  empty,
  ending,
  onEnd,
}: {
  query: { data?: { content: SilenceView[] }; error: unknown; refetch: () => unknown };
  label: string;
  empty: string;
  ending?: number;
  onEnd?: (id: number) => void;
}) {
  if (query.error) return <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) return <Text c="dimmed">Loading…</Text>;
  if (!query.data.content.length)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={label}>
      {query.data.content.map((s) => (
        <Paper key={s.id} withBorder p="sm" component="li" aria-label={`Silence ${s.name}`}>
          <Group justify="space-between" align="flex-start" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
              <Group gap="xs">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {s.name}
                </Text>
                <Badge color={STATE_COLOR[s.state]} variant="light" size="sm">
                  {s.state.toLowerCase()}
                </Badge>
              </Group>
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {matchersInWords(s)}
              </Text>
              <Text size="xs" c="dimmed">
                {formatExact(s.startsAt)} → {formatExact(s.endedAt ?? s.endsAt)} · by {s.createdBy}
                {s.endedBy ? ` · ended early by ${s.endedBy}` : ''} · {s.heldEvents} held
              </Text>
              {s.comment && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {s.comment}
                </Text>
              )}
            </Stack>
            {onEnd && s.state !== 'ENDED' && (
              <Button variant="light" color="red" loading={ending === s.id} onClick={() => onEnd(s.id)}>
                End now
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

interface Draft {
  name: string;
  comment: string;
  source: Source | null;
  nodeId: string;
  groupKey: string;
  severities: Severity[];
  messageText: string;
  startsAt: string;
  endsAt: string;
}

const freshDraft = (): Draft => ({
  name: '',
  comment: '',
  source: null,
  nodeId: '',
  groupKey: '',
  severities: [],
  messageText: '',
  startsAt: '',
  endsAt: serviceLocalDateTime(new Date(Date.now() + 2 * HOUR)).slice(0, 16),
});

/** The draft's matchers as the API takes them: blanks left out. */
function matchersOf(d: Draft) {
  return {
    ...(d.source && { source: d.source }),
    ...(d.nodeId.trim() && { nodeId: d.nodeId.trim() }),
    ...(d.groupKey.trim() && { groupKey: d.groupKey.trim() }),
    ...(d.severities.length && { severities: d.severities }),
    ...(d.messageText.trim() && { messageText: d.messageText.trim() }),
  };
}

/** A datetime-local field's yyyy-MM-ddTHH:mm, as the service writes a time. */
const withSeconds = (value: string) => (value.length === 16 ? `${value}:00` : value);

function CreateSilenceModal({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const trpc = useTRPC();
  const [draft, setDraft] = useState<Draft>(freshDraft);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const matchers = matchersOf(draft);
  const [debounced] = useDebouncedValue(matchers, 300);
  // Every severity ticked and nothing else narrows nothing: the service refuses it as it refuses no matcher.
  const hasMatcher = !silencesEverything(debounced);
  const preview = useQuery({
    ...trpc.silences.preview.queryOptions(debounced),
    enabled: opened && hasMatcher,
    placeholderData: keepPreviousData,
  });
  const create = useMutation(
    trpc.silences.create.mutationOptions({
      onSuccess: (s) => {
        notifications.show({ closeButtonProps: CLOSE, message: `Silence "${s.name}" created` });
        setDraft(freshDraft());
        create.reset();
        onCreated();
      },
    }),
  );
  const submit = () =>
    create.mutate({
      name: draft.name,
      ...(draft.comment.trim() && { comment: draft.comment }),
      ...matchers,
      ...(draft.startsAt && { startsAt: withSeconds(draft.startsAt) }),
      endsAt: withSeconds(draft.endsAt),
    });
  const zone = getServiceTimeZone();

  return (
    <Modal
      opened={opened}
      onClose={create.isPending ? () => {} : onClose}
      title="New silence"
      closeButtonProps={{ 'aria-label': 'Close' }}
      size="lg"
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack>
          <TextInput
            label="Name"
            description="Shown on every incident it silences"
            required
            value={draft.name}
            onChange={(e) => set('name', e.currentTarget.value)}
            data-autofocus
          />
          <Text size="sm" fw={500}>
            Matches the incidents that have all of these (at least one)
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Source"
              placeholder="Any source"
              clearable
              data={INCIDENT_SOURCES.map((value) => ({ value, label: SOURCE_LABEL[value] }))}
              value={draft.source}
              onChange={(v) => set('source', v as Source | null)}
            />
            <TextInput
              label="Node"
              placeholder="Any node"
              value={draft.nodeId}
              onChange={(e) => set('nodeId', e.currentTarget.value)}
            />
            <TextInput
              label="Incident group"
              description="The group's key, as on the grouped board"
              placeholder="WORKER:12:charge-card"
              value={draft.groupKey}
              onChange={(e) => set('groupKey', e.currentTarget.value)}
            />
            <TextInput
              label="Message contains"
              description="Whatever the case"
              value={draft.messageText}
              onChange={(e) => set('messageText', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Checkbox.Group
            label="Severities"
            description="Any severity when none is ticked"
            value={draft.severities}
            onChange={(v) => set('severities', v as Severity[])}
          >
            <Group gap="md" mt={6}>
              {INCIDENT_SEVERITIES.map((s) => (
                <Checkbox key={s} value={s} label={s} />
              ))}
            </Group>
          </Checkbox.Group>
          <Text size="sm" role="status" aria-live="polite">
            {!hasMatcher
              ? 'Give at least one matcher that narrows them (every severity alone does not): a silence of everything is refused.'
              : preview.data
                ? `Matches ${preview.data.matching} unresolved incident${preview.data.matching === 1 ? '' : 's'} now.`
                : preview.error
                  ? 'Cannot count the matching incidents (check the matchers).'
                  : 'Counting matching incidents…'}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              type="datetime-local"
              label={`Starts (${zone})`}
              description="Now when left empty"
              value={draft.startsAt}
              onChange={(e) => set('startsAt', e.currentTarget.value)}
            />
            <TextInput
              type="datetime-local"
              label={`Ends (${zone})`}
              required
              value={draft.endsAt}
              onChange={(e) => set('endsAt', e.currentTarget.value)}
            />
          </SimpleGrid>
          <Textarea
            label="Comment"
            autosize
            minRows={2}
            value={draft.comment}
            onChange={(e) => set('comment', e.currentTarget.value)}
          />
          {create.error ? <ProblemAlert error={create.error} title="Could not create the silence" /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending}>
              Create silence
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
