// POST /incidents/batch (docs/contract.md §8): up to 500 reports in one request, each checked, written and
// answered on its own terms. The valid ones are written together (report-batches.ts); a bad one is a problem
// of its own and changes nothing, and the others go in.
import type { Db } from '../../../db/client';
import { isDatabaseUnavailable } from '../../../db/availability';
import { domainErrorOf, domainProblem, validationError, type Problem } from '../../errors';
import { log } from '../../observability/log';
import {
  ReportIncidentRequest,
  type ReportBatchResult,
  type ReportIncidentInput,
} from '../../schemas/incidents';
import { incidentViews } from './incident-view';
import { writeTogether } from './report-batches';

/** `traceparent`: the request's trace context, kept with every timeline entry it writes. */
export async function reportIncidents(
  db: Db,
  items: unknown[],
  traceparent?: string,
): Promise<ReportBatchResult> {
  const results: ReportBatchResult['results'] = new Array(items.length);
  const valid: { index: number; input: ReportIncidentInput }[] = [];
  items.forEach((item, index) => {
    const parsed = ReportIncidentRequest.safeParse(item);
    if (parsed.success) valid.push({ index, input: parsed.data });
    else {
      const errors = parsed.error.issues.map((issue) => ({
        field: ['reports', index, ...issue.path].join('.'),
        message: issue.message,
      }));
      const error = validationError(errors.map((e) => `${e.field}: ${e.message}`).join('; '), errors);
      results[index] = { index, outcome: 'REJECTED', problem: problemOfReport(error) };
    }
  });

  const written = valid.length
    ? await writeTogether(
        db,
        valid.map(({ input }) => ({ input, traceparent })),
      )
    : [];
  // Unavailable is every report's fault alike: the whole request's answer, as for a single report.
  const unavailable = written.find((w) => w instanceof Error && isDatabaseUnavailable(w));
  if (unavailable) throw unavailable;

  // Its reports carry no keys of their own (the request's key covers the whole batch), so none is a repeat.
  const recorded = written.map((w) => (w instanceof Error || 'repeated' in w ? undefined : w));
  const views = await incidentViews(
    db,
    recorded.flatMap((r) => (r ? [r.row] : [])),
  );
  let view = 0;
  written.forEach((w, i) => {
    const { index } = valid[i];
    const r = recorded[i];
    results[index] = r
      ? { index, outcome: r.outcome, incident: views[view++] }
      : { index, outcome: 'REJECTED', problem: problemOfReport(w) };
  });
  return { results };
}

/** The problem of one report; a fault of ours is logged, and its problem says nothing more. */
function problemOfReport(error: unknown): Problem {
  const domain = domainErrorOf(error);
  if (domain) return domainProblem(domain);
  log.error({ err: error }, 'a report of a batch failed');
  return {
    type: 'about:blank',
    title: 'Internal Server Error',
    status: 500,
    detail: 'An unexpected error occurred while writing this report',
    code: 'INTERNAL',
    errors: [],
  };
}
