'use client';
// Acting on everything a filter matches, beyond one page and beyond 250 (docs/contract.md §6, bulk
// actions by filter): a confirmation stating the count, then the service's chunks of 250 called one after
// another (each chunk goes on from the previous one's nextAfterId), with progress between them and every
// per-incident result at the end. Used by the board ("all matching the filter") and by each group.
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Modal,
  Progress,
  ScrollArea,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRef, useState } from 'react';
import { problemOf } from '@/components/forms/zod-form';
import { useTRPC } from '@/components/trpc';
import type { IncidentFilterInput } from '@/server/schemas/incidents';
import { listInputOf, type BoardView } from './board-view';
import { BulkCorrection, useBulkCorrection } from './payload-correction';
import { ResolveForm } from './resolve-form';

export type MatchingKind = 'acknowledge' | 'resolve' | 'retry';
type Outcome = 'APPLIED' | 'SKIPPED' | 'NOT_FOUND';
type ItemResult = { id: number; outcome: Outcome; reason?: string; detail?: string };

/** One call's share: the service's limit per call is 1000; 250 keeps the progress moving. */
const CHUNK = 250;
/** Results listed one by one in the dialog; the counts cover all of them. */
const LISTED = 500;

const VERB: Record<MatchingKind, string> = { acknowledge: 'Acknowledge', resolve: 'Resolve', retry: 'Retry' };
const WHICH: Record<MatchingKind, string> = {
  acknowledge: 'the OPEN ones',
  resolve: 'the OPEN and ACKNOWLEDGED ones',
  retry: 'the unresolved WORKER ones whose worker request can run again',
};
const OUTCOME_COLOR: Record<Outcome, string> = { APPLIED: 'green', SKIPPED: 'yellow', NOT_FOUND: 'gray' };

export interface MatchingTarget {
  kind: MatchingKind;
  /** What the action is on, in words: "all 312 incidents matching the filter", "the group …". */
  label: string;
  /** How many it applies to, as last counted (the service counts again when it starts). */
  count: number;
  filter: IncidentFilterInput;
}

const plural = (n: number) => `${n.toLocaleString()} incident${n === 1 ? '' : 's'}`;
/**
 * The count a confirmation states. A retry's is a bound: the service retries only incidents whose worker
 * request can run again, which no filter counts beforehand (the progress then shows the real number).
 */
const howMany = (kind: MatchingKind, n: number) => (kind === 'retry' ? `up to ${plural(n)}` : plural(n));

export function BulkMatchingDialog({
  target,
  onClose,
}: {
  target: MatchingTarget | null;
  onClose: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const acknowledge = useMutation(trpc.incidents.bulkAcknowledgeMatching.mutationOptions());
  const resolve = useMutation(trpc.incidents.bulkResolveMatching.mutationOptions());
  const retry = useMutation(trpc.incidents.bulkRetryMatching.mutationOptions());
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [results, setResults] = useState<ItemResult[] | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const running = useRef(false);
  const stopped = useRef(false);
  const correction = useBulkCorrection();

  const reset = () => {
    setProgress(null);
    setResults(null);
    setProblem(null);
    correction.reset();
  };
  const close = () => {
    if (running.current) {
      stopped.current = true; // stops after the chunk under way: what was done stays done
      return;
    }
    reset();
    onClose();
  };

  /** Runs the chunks until nothing remains (or Stop); every result kept. */
  const run = async (extra: Record<string, unknown> = {}) => {
    if (!target) return;
    running.current = true;
    stopped.current = false;
    setProblem(null);
    const all: ItemResult[] = [];
    let afterId = 0;
    let done = 0;
    setProgress({ done: 0, total: target.count });
    try {
      for (;;) {
        const input = { filter: target.filter, afterId, limit: CHUNK, ...extra };
        const answer =
          target.kind === 'acknowledge'
            ? await acknowledge.mutateAsync(input)
            : target.kind === 'resolve'
              ? await resolve.mutateAsync(input)
              : await retry.mutateAsync(input);
        all.push(...answer.results);
        done += answer.results.length;
        setProgress({ done, total: done + answer.remaining });
        if (answer.remaining === 0 || answer.results.length === 0 || stopped.current) break;
        afterId = answer.nextAfterId;
      }
    } catch (error) {
      setProblem(
        `${problemOf(error).detail} (stopped after ${plural(done)}; the results below were applied)`,
      );
    } finally {
      running.current = false;
      setResults(all);
      void queryClient.invalidateQueries({ queryKey: trpc.incidents.pathKey() });
    }
  };

  const kind = target?.kind;
  const busy = progress !== null && results === null;
  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target ? `${VERB[target.kind]} ${target.label}` : ''}
      size="lg"
    >
      {target && kind && (
        <Stack>
          {!progress && (
            <Text size="sm">
              {`${VERB[kind]} ${howMany(kind, target.count)}: ${WHICH[kind]} of ${target.label}. Each is ${
                kind === 'retry' ? 'retried' : `${kind}d`
              } on its own, ${CHUNK} at a time; incidents that change meanwhile are skipped.`}
            </Text>
          )}
          {progress && (
            <Stack gap={4}>
              <Progress
                value={progress.total ? (100 * progress.done) / progress.total : 100}
                aria-label="Progress"
                animated={busy}
              />
              <Text size="sm" aria-live="polite">
                {`${progress.done.toLocaleString()} of ${progress.total.toLocaleString()} handled`}
                {busy ? '…' : '.'}
              </Text>
            </Stack>
          )}
          {problem && (
            <Alert color="red" role="alert" title="Stopped">
              {problem}
            </Alert>
          )}
          {results && <MatchingResults results={results} />}
          {!progress && kind === 'resolve' && (
            <ResolveForm
              submitLabel={`Resolve ${plural(target.count)}`}
              onCancel={close}
              onSubmit={(request) => run(request)}
            />
          )}
          {!progress && kind === 'retry' && <BulkCorrection state={correction} />}
          {!progress && kind !== 'resolve' && (
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button
                color={kind === 'retry' ? 'violet' : undefined}
                disabled={target.count === 0 || Boolean(correction.invalid)}
                onClick={() => run(correction.patch ? { payloadPatch: correction.patch } : {})}
              >
                {`${VERB[kind]} ${howMany(kind, target.count)}`}
              </Button>
            </Group>
          )}
          {progress && (
            <Group justify="flex-end">
              <Button variant={busy ? 'default' : 'filled'} onClick={close}>
                {busy ? 'Stop' : 'Done'}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Modal>
  );
}

function MatchingResults({ results }: { results: ItemResult[] }) {
  const count = (outcome: Outcome) => results.filter((r) => r.outcome === outcome).length;
  return (
    <Stack gap="xs">
      <Group gap="xs" aria-label="Summary">
        <Badge color="green" variant="light">{`${count('APPLIED')} applied`}</Badge>
        <Badge color="yellow" variant="light">{`${count('SKIPPED')} skipped`}</Badge>
        <Badge color="gray" variant="light">{`${count('NOT_FOUND')} not found`}</Badge>
      </Group>
      <ScrollArea.Autosize mah={300} type="auto">
        <Table withTableBorder fz="sm" verticalSpacing={2} aria-label="Results per incident">
          <Table.Tbody>
            {results.slice(0, LISTED).map((r) => (
              <Table.Tr key={r.id}>
                <Table.Td>
                  <Anchor component={Link} href={`/incidents/${r.id}`} prefetch={false} size="sm">
                    #{r.id}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge color={OUTCOME_COLOR[r.outcome]} variant="light" size="sm">
                    {r.outcome}
                  </Badge>
                </Table.Td>
                <Table.Td>{r.detail ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
      {results.length > LISTED && (
        <Text size="sm" c="dimmed">{`and ${(results.length - LISTED).toLocaleString()} more`}</Text>
      )}
    </Stack>
  );
}

const APPLIES_TO: Record<MatchingKind, { status: string[]; source?: string[] }> = {
  acknowledge: { status: ['OPEN'] },
  resolve: { status: ['OPEN', 'ACKNOWLEDGED'] },
  retry: { status: ['OPEN', 'ACKNOWLEDGED'], source: ['WORKER'] },
};

const valuesOf = (value: unknown): string[] | undefined =>
  typeof value === 'string' ? value.split(',') : Array.isArray(value) ? (value as string[]) : undefined;
const both = (chosen: unknown, allowed: string[] | undefined) => {
  const values = valuesOf(chosen);
  if (!allowed) return values;
  return values ? values.filter((v) => allowed.includes(v)) : allowed;
};

/**
 * The filter narrowed to what `kind` applies to (as the service narrows it), so that its total is the count
 * the confirmation states; null when nothing can match (an acknowledge of RESOLVED incidents).
 */
export function applicableFilter(
  kind: MatchingKind,
  filter: IncidentFilterInput,
): IncidentFilterInput | null {
  const status = both(filter.status, APPLIES_TO[kind].status);
  const source = both(filter.source, APPLIES_TO[kind].source);
  if (status?.length === 0 || source?.length === 0) return null;
  return { ...filter, status, source };
}

/**
 * "Everything matching the filter" on the flat board: each action counts what it applies to first (the
 * list's total with the filter narrowed), then runs in BulkMatchingDialog.
 */
export function MatchingActions({ filter, total }: { filter: IncidentFilterInput; total?: number }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [target, setTarget] = useState<MatchingTarget | null>(null);
  const [counting, setCounting] = useState<MatchingKind | null>(null);
  const start = async (kind: MatchingKind) => {
    const narrowed = applicableFilter(kind, filter);
    setCounting(kind);
    try {
      const count = narrowed
        ? (await queryClient.fetchQuery(trpc.incidents.list.queryOptions({ ...narrowed, size: 1 })))
            .totalElements
        : 0;
      setTarget({ kind, label: 'everything matching the filter', count, filter: narrowed ?? filter });
    } finally {
      setCounting(null);
    }
  };
  if (!total) return null;
  return (
    <Group gap="xs" role="toolbar" aria-label="Actions on everything matching the filter">
      <Text size="sm">{`All ${plural(total)} matching the filter:`}</Text>
      <Button
        size="compact-xs"
        variant="light"
        loading={counting === 'acknowledge'}
        onClick={() => start('acknowledge')}
      >
        Acknowledge all…
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="green"
        loading={counting === 'resolve'}
        onClick={() => start('resolve')}
      >
        Resolve all…
      </Button>
      <Button
        size="compact-xs"
        variant="light"
        color="violet"
        loading={counting === 'retry'}
        onClick={() => start('retry')}
      >
        Retry all…
      </Button>
      <BulkMatchingDialog target={target} onClose={() => setTarget(null)} />
    </Group>
  );
}

/** The board's filters without its page and order: what the grouped view and the actions by filter take. */
export function filterOfView(view: BoardView): IncidentFilterInput {
  const { page: _page, size: _size, sort: _sort, ...filter } = listInputOf(view);
  return filter;
}
