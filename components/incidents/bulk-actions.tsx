'use client';
// Bulk acknowledge / resolve / retry of the selected incidents: a confirmation that lists what will be acted on,
// then the per-incident result (APPLIED, SKIPPED with the reason in words, NOT_FOUND).
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { DiscardQuestion, useDiscardGuard } from '@/components/ui/discard-guard';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentView } from '@/server/schemas/incidents';
import { SeverityBadge, StatusBadge } from './badges';
import type { IncidentStatus } from './labels';
import { BulkCorrection, useBulkCorrection } from './payload-correction';

// The resolve form validates with the API's zod schema (server/schemas/incidents.ts): loaded when the dialog
// first opens, so the board's first load carries neither zod nor the schemas (docs/performance.md).
const ResolveForm = dynamic(() => import('./resolve-form').then((m) => m.ResolveForm), {
  ssr: false,
  loading: () => <Skeleton h={220} role="status" aria-label="Loading the form" />,
});

/** What the bulk bar covers at the bottom of a phone's screen: the board keeps this much below its rows. */
export const BULK_BAR_SPACE = 120;

type BulkKind = 'acknowledge' | 'resolve' | 'retry';
type Outcome = 'APPLIED' | 'SKIPPED' | 'NOT_FOUND';
interface BulkResult {
  kind: BulkKind;
  results: { id: number; outcome: Outcome; reason?: string; detail?: string }[];
  /** What the incidents looked like when selected, to explain a skip. */
}

const ACTION: Record<BulkKind, { verb: string; done: string; allowed: IncidentStatus[]; rule: string }> = {
  acknowledge: {
    verb: 'Acknowledge',
    done: 'acknowledged',
    allowed: ['OPEN'],
    rule: 'only OPEN incidents can be acknowledged',
  },
  resolve: {
    verb: 'Resolve',
    done: 'resolved',
    allowed: ['OPEN', 'ACKNOWLEDGED'],
    rule: 'only OPEN or ACKNOWLEDGED incidents can be resolved',
  },
  retry: {
    verb: 'Retry',
    done: 'retried',
    allowed: ['OPEN', 'ACKNOWLEDGED'],
    rule: 'only unresolved WORKER incidents whose worker request has failed can be retried',
  },
};

const OUTCOME_COLOR: Record<Outcome, string> = { APPLIED: 'green', SKIPPED: 'yellow', NOT_FOUND: 'gray' };

const eligible = (kind: BulkKind, incident: IncidentView) =>
  // A retry: what the service says can work, so the dialog counts what will really be retried.
  kind === 'retry' ? incident.retryable : ACTION[kind].allowed.includes(incident.status);

/** What happened to one incident, in words: the service's own reason when it skipped one. */
function reasonInWords(
  kind: BulkKind,
  result: { outcome: Outcome; reason?: string; detail?: string },
): string {
  if (result.outcome === 'APPLIED') {
    if (kind === 'retry') return 'Retry requested; the worker reports the outcome on the incident';
    return `${ACTION[kind].done.charAt(0).toUpperCase()}${ACTION[kind].done.slice(1)}`;
  }
  if (result.outcome === 'NOT_FOUND') return 'It no longer exists';
  return result.detail ?? `Skipped${result.reason ? `: ${result.reason}` : ''}`;
}

export function BulkActions({ selected, onClear }: { selected: IncidentView[]; onClear: () => void }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [confirm, setConfirm] = useState<BulkKind | null>(null);
  const [result, setResult] = useState<BulkResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.incidents.pathKey() });
  const acknowledge = useMutation(trpc.incidents.bulkAcknowledge.mutationOptions({ onSettled: refresh }));
  const resolve = useMutation(trpc.incidents.bulkResolve.mutationOptions({ onSettled: refresh }));
  const retry = useMutation(trpc.incidents.bulkRetry.mutationOptions({ onSettled: refresh }));
  const busy = acknowledge.isPending || resolve.isPending || retry.isPending;

  const ids = selected.map((i) => i.id);
  const finish = (kind: BulkKind, results: BulkResult['results']) => {
    setResult({ kind, results });
    setConfirm(null);
    onClear();
  };
  const correction = useBulkCorrection();
  const run = async (kind: 'acknowledge' | 'retry') => {
    setProblem(null);
    try {
      const answer =
        kind === 'acknowledge'
          ? await acknowledge.mutateAsync({ ids })
          : await retry.mutateAsync({ ids, ...(correction.patch && { payloadPatch: correction.patch }) });
      finish(kind, answer.results);
    } catch (error) {
      setProblem(problemOf(error).detail);
    }
  };

  const n = selected.length;
  const plural = (count: number) => `${count} incident${count === 1 ? '' : 's'}`;
  const open = (kind: BulkKind) => {
    setProblem(null);
    correction.reset();
    setConfirm(kind);
  };
  // A typed resolution note is not thrown away by a stray Escape.
  const [resolveDirty, setResolveDirty] = useState(false);
  const guard = useDiscardGuard(confirm === 'resolve' && resolveDirty, () => {
    setResolveDirty(false);
    setConfirm(null);
  });
  const eligibleCount = confirm ? selected.filter((i) => eligible(confirm, i)).length : 0;

  return (
    <>
      {/* On a phone: only once something is selected, and then at the bottom of the screen, in a thumb's
          reach (the board keeps a space under its rows meanwhile: BULK_BAR_SPACE). */}
      <Paper
        withBorder
        px="sm"
        py={6}
        role="toolbar"
        aria-label="Bulk actions"
        display={{ base: n ? 'block' : 'none', sm: 'block' }}
        pos={{ base: 'fixed', sm: 'static' }}
        bottom={{ base: 0, sm: 'auto' }}
        left={{ base: 0, sm: 'auto' }}
        right={{ base: 0, sm: 'auto' }}
        style={{ zIndex: 'var(--mantine-z-index-app)' }}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm" c={n ? undefined : 'dimmed'} aria-live="polite">
            {n ? `${plural(n)} selected` : 'Select incidents to act on several at once'}
          </Text>
          <Group gap="xs">
            <Button size="xs" disabled={!n} onClick={() => open('acknowledge')}>
              Acknowledge
            </Button>
            <Button size="xs" color="green" disabled={!n} onClick={() => open('resolve')}>
              Resolve…
            </Button>
            <Button size="xs" color="violet" disabled={!n} onClick={() => open('retry')}>
              Retry
            </Button>
            <Button size="xs" variant="subtle" disabled={!n} onClick={onClear}>
              Clear selection
            </Button>
          </Group>
        </Group>
      </Paper>

      <Modal
        opened={confirm !== null}
        onClose={() => !busy && guard.requestClose()}
        title={confirm ? `${ACTION[confirm].verb} ${plural(n)}?` : ''}
        size="lg"
      >
        <DiscardQuestion guard={guard} />
        {confirm && (
          <Stack>
            <SelectedList incidents={selected} />
            <Text size="sm">
              {eligibleCount === n
                ? `All ${plural(n)} can be ${ACTION[confirm].done}.`
                : `${eligibleCount} of ${n} look eligible: ${ACTION[confirm].rule}. The others will be skipped.`}
              {confirm === 'retry' &&
                ' A retry republishes the failed service task, so the worker runs it again.'}
            </Text>
            {confirm === 'retry' && <BulkCorrection state={correction} />}
            {problem && (
              <Alert color="red" role="alert" title="Nothing was changed">
                {problem}
              </Alert>
            )}
            {confirm === 'resolve' ? (
              <ResolveForm
                onDirtyChange={setResolveDirty}
                submitLabel={`Resolve ${plural(n)}`}
                onCancel={() => setConfirm(null)}
                onSubmit={async (request) =>
                  finish('resolve', (await resolve.mutateAsync({ ids, ...request })).results)
                }
              />
            ) : (
              <Group justify="flex-end">
                <Button variant="default" onClick={() => setConfirm(null)} disabled={busy}>
                  Cancel
                </Button>
                <Button
                  loading={busy}
                  color={confirm === 'retry' ? 'violet' : undefined}
                  disabled={confirm === 'retry' && Boolean(correction.invalid)}
                  onClick={() => run(confirm)}
                >
                  {`${ACTION[confirm].verb} ${plural(n)}`}
                </Button>
              </Group>
            )}
          </Stack>
        )}
      </Modal>

      <Modal
        opened={result !== null}
        onClose={() => setResult(null)}
        title={result ? `${ACTION[result.kind].verb}: results` : ''}
        size="lg"
      >
        {result && <ResultList result={result} onClose={() => setResult(null)} />}
      </Modal>
    </>
  );
}

function SelectedList({ incidents }: { incidents: IncidentView[] }) {
  return (
    <ScrollArea.Autosize mah={220} type="auto">
      <Table withTableBorder fz="sm" verticalSpacing={4} aria-label="Selected incidents">
        <Table.Tbody>
          {incidents.map((i) => (
            <Table.Tr key={i.id}>
              <Table.Td>#{i.id}</Table.Td>
              <Table.Td>
                <SeverityBadge severity={i.severity} size="sm" />
              </Table.Td>
              <Table.Td>
                <StatusBadge status={i.status} size="sm" />
              </Table.Td>
              <Table.Td>
                <Text size="sm" lineClamp={1}>
                  {i.message}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

function ResultList({ result, onClose }: { result: BulkResult; onClose: () => void }) {
  const count = (outcome: Outcome) => result.results.filter((r) => r.outcome === outcome).length;
  return (
    <Stack>
      <Group gap="xs" aria-label="Summary">
        <Badge color="green" variant="light">{`${count('APPLIED')} applied`}</Badge>
        <Badge color="yellow" variant="light">{`${count('SKIPPED')} skipped`}</Badge>
        <Badge color="gray" variant="light">{`${count('NOT_FOUND')} not found`}</Badge>
      </Group>
      <ScrollArea.Autosize mah={360} type="auto">
        <Table withTableBorder fz="sm" aria-label="Results per incident">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Incident</Table.Th>
              <Table.Th>Outcome</Table.Th>
              <Table.Th>Details</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.results.map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} href={`/incidents/${r.id}`} prefetch={false} size="sm">
                    #{r.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge
                    color={OUTCOME_COLOR[r.outcome]}
                    variant="light"
                    size="sm"
                    style={{ minWidth: 'max-content' }}
                  >
                    {r.outcome}
                  </Badge>
                </Table.Td>
                <Table.Td>{reasonInWords(result.kind, r)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      <Group justify="flex-end">
        <Button onClick={onClose}>Done</Button>
      </Group>
    </Stack>
  );
}
