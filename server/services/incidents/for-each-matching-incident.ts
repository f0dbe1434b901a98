// The bulk actions by filter (docs/contract.md §6): one action applied to the incidents a filter
// matches, up to `limit` per call in id order, each on its own (as forEachIncident does). The caller goes on
// from the answer's nextAfterId until remaining is 0: the console does so chunk by chunk, showing progress.
import { and, asc, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { incidents } from '../../../db/schema';
import type { MatchingRequest } from '../../schemas/incidents';
import { forEachIncident } from './for-each-incident';
import { filters, type Viewer } from './list-incidents';
import { textSearch } from './text-search';

/**
 * Applies `action` to each incident that matches `request.filter` and `applicable` (the statuses and
 * sources its action can apply to, so that a filter of "everything" does not answer thousands of skips),
 * with an id above `afterId`, at most `limit` of them. An incident changed by someone else between the
 * selection and its turn is answered SKIPPED, as in any bulk action; each transitions at most once.
 */
export async function forEachMatchingIncident(
  db: Db,
  request: MatchingRequest,
  applicable: SQL,
  action: (id: number) => Promise<unknown>,
  viewer?: Viewer,
) {
  const { filter, afterId, limit } = request;
  const search = filter.q ? await textSearch(db, filter.q) : undefined;
  const rows = await db
    .select({ id: incidents.id, matched: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(incidents)
    .where(and(filters(filter, search, viewer), applicable, gt(incidents.id, afterId)))
    .orderBy(asc(incidents.id))
    .limit(limit);
  const { results } = await forEachIncident(
    rows.map((r) => r.id),
    action,
  );
  const matched = rows.length ? rows[0].matched : 0;
  const tally = (outcome: string) => results.filter((r) => r.outcome === outcome).length;
  return {
    matched,
    applied: tally('APPLIED'),
    skipped: tally('SKIPPED'),
    notFound: tally('NOT_FOUND'),
    remaining: matched - results.length,
    nextAfterId: rows.length ? rows[rows.length - 1].id : afterId,
    results,
  };
}
