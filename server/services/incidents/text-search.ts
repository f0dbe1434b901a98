// Text search (`q`): a case-insensitive substring of the message, of the external reference or
// of the node id. Messages are
// searched among the distinct ones (incident_messages: incidents of one failure share their message), or,
// for a text without digits, among the distinct templates (incident_message_templates: messages with their
// numbers written `#`), and their incidents found by message or template id and counted from the templates'
// counters; references through the incidents' own index; node ids among the distinct ones of the groups'
// counters (incident_group_counts), their incidents through the node's btree index. Messages, templates and
// references are searched through a trigram (pg_trgm) GIN index.
//
// A GIN scan reads the whole posting list of every trigram it is asked for, and a substring's common
// trigrams cost far more than they narrow: `worker-request:950001` made the reference index read the lists
// of `wor`, `ork`, ... `st:`, each holding every WORKER reference (some 1,300 pages at a million
// incidents), to find the one row that its digits alone find in 17 pages. So the index is asked only for
// the parts of the text whose trigrams are all rare, and every row it returns is checked against the whole
// text. Which trigrams are common comes from the statistics ANALYZE keeps on each column's trigrams
// (migration 0005_search_statistics.sql). The answer is the same either way; only its cost differs.
import { and, ilike, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import {
  incidentGroupCounts,
  incidentMessageTemplates,
  incidentMessages,
  incidentTemplateCounts,
  incidents,
} from '../../../db/schema';
import { likePattern } from '../db-errors';

/** A trigram in at most this share of the rows is worth asking an index for (10,000 of a million). */
export const RARE_TRIGRAM_SHARE = 0.01;

/** How often the trigrams of one column occur: the most common ones, and a bound for all the others. */
export interface TrigramFrequencies {
  /** Share of rows holding the trigram, for the most common trigrams. */
  listed: ReadonlyMap<string, number>;
  /** No trigram that is not listed occurs in more than this share of rows. */
  unlisted: number;
}

/**
 * The parts of `q` worth asking a trigram index for: the longest runs of `q` whose every trigram is rare.
 * `null` when the index is best asked for `q` itself: without statistics, when no trigram of `q` is rare
 * (the rows must then be narrowed by all of them), or when `q` is one run of rare trigrams already.
 *
 * Only ASCII letters and digits are judged: pg_trgm also keeps other letters, but stores a trigram of
 * multi-byte characters as a hash, which cannot be looked up here, so such a trigram counts as common.
 */
export function selectiveParts(q: string, frequencies: TrigramFrequencies | undefined): string[] | null {
  if (!frequencies) return null;
  const isRare = (trigram: string) =>
    (frequencies.listed.get(trigram.toLowerCase()) ?? frequencies.unlisted) <= RARE_TRIGRAM_SHARE;
  const parts: string[] = [];
  for (const run of q.match(/[A-Za-z0-9]{3,}/g) ?? []) {
    const rare = Array.from({ length: run.length - 2 }, (_, i) => isRare(run.slice(i, i + 3)));
    for (let first = rare.indexOf(true); first >= 0; first = rare.indexOf(true, first)) {
      let last = first; // the part is the run from trigram `first` through trigram `last`
      while (rare[last + 1]) last++;
      parts.push(run.slice(first, last + 3));
      first = last + 1;
    }
  }
  if (parts.length === 0 || (parts.length === 1 && parts[0] === q)) return null;
  return parts;
}

/**
 * `column` contains `q`, ignoring case. With selective parts, the index is asked for those and each
 * candidate is checked against `q` in an expression the planner cannot hand to the index (`column || ''`):
 * as a plain `ilike` it would ask the index for all of `q`'s trigrams after all.
 */
function contains(column: AnyColumn, q: string, parts: string[] | null): SQL {
  const pattern = likePattern(q);
  if (!parts) return ilike(column, pattern);
  return and(
    ...parts.map((part) => ilike(column, likePattern(part))),
    sql`(${column} || '') ilike ${pattern}`,
  )!;
}

export interface SearchStatistics {
  message?: TrigramFrequencies;
  template?: TrigramFrequencies;
  externalReferenceId?: TrigramFrequencies;
}

/**
 * Messages or templates found by a search are passed to its statement as values, up to this many. The
 * statement is not prepared, so PostgreSQL plans it with them: it knows which ones, and so (from the
 * column's statistics) how many incidents the text finds, and chooses between walking the order's index and
 * filtering (a common message) or fetching the few matches through incidents_message_idx or
 * incidents_template_idx and sorting them (a rare one). Beyond it the statement selects them itself
 * (`in (select ...)`, which PostgreSQL hashes); so many mean many incidents, which is what the planner
 * assumes of a set it cannot see.
 */
export const MAX_LISTED_TEXTS = 1_000;

/** The filter `q`: the references that contain the text, and the messages that do, if any. */
export interface TextSearch {
  /** The incident's reference or node id contains the text. */
  inReference: SQL;
  /** The incident's reference contains the text (its node id may or may not). */
  inReferenceAlone: SQL;
  /** The node ids that contain the text (found among the groups' counters), sorted. */
  nodeIds: string[];
  /** The incident's node id is one of nodeIds; absent when there is none. */
  atNode?: SQL;
  /** The messages or templates found to contain the text; absent when none does. */
  found?: {
    /** The incident's message is one of them. */
    incidents: SQL;
    /** The counters (incidentTemplateCounts) of the templates found, when the text has no digit. */
    templateCounters?: SQL;
    /** The group counters (incidentGroupCounts) of the templates found, when the text has no digit. */
    groupCounters?: SQL;
  };
}

/**
 * A text with no digit and no `#` occurs in a message exactly when it occurs in the message's template
 * (migration 0006 says why), so it is looked for among the templates, whose incidents are counted; any
 * other text among the messages.
 */
export function searchesTemplates(q: string): boolean {
  return !/[0-9#]/.test(q);
}

/**
 * Finds the messages or templates that contain `q` (the first of the search's two statements). One first
 * reported between the two is found from the next request on; the page and its total always agree.
 */
export async function textSearch(db: Db, q: string): Promise<TextSearch> {
  const statistics = await searchStatistics(db);
  const inReferenceAlone = contains(
    incidents.externalReferenceId,
    q,
    selectiveParts(q, statistics.externalReferenceId),
  );
  // Node ids are few (a process model's task names), so the distinct ones are looked for among the groups'
  // counters (a few hundred rows at a million incidents, every node that has an incident) and their
  // incidents found through the node's btree index: asking the node ids' trigram index instead matched
  // every incident of a node one by one (1.25 s for the 75,000 incidents of one node; docs/performance.md).
  const nodeIds = await matchingNodeIds(db, q);
  const atNode = nodeIds.length ? inArray(incidents.nodeId, nodeIds) : undefined;
  const inReference = atNode ? or(inReferenceAlone, atNode)! : inReferenceAlone;
  const reference = { inReference, inReferenceAlone, nodeIds, atNode };
  const byTemplate = searchesTemplates(q);
  const texts = byTemplate
    ? {
        table: incidentMessageTemplates,
        text: incidentMessageTemplates.template,
        frequencies: statistics.template,
      }
    : { table: incidentMessages, text: incidentMessages.message, frequencies: statistics.message };
  const inText = contains(texts.text, q, selectiveParts(q, texts.frequencies));
  const found = await db
    .select({ id: texts.table.id })
    .from(texts.table)
    .where(inText)
    .limit(MAX_LISTED_TEXTS + 1);
  if (found.length === 0) return reference;
  const foundIds =
    found.length > MAX_LISTED_TEXTS
      ? db.select({ id: texts.table.id }).from(texts.table).where(inText)
      : found.map((m) => m.id);
  return {
    ...reference,
    found: byTemplate
      ? {
          incidents: inArray(incidents.templateId, foundIds),
          templateCounters: inArray(incidentTemplateCounts.templateId, foundIds),
          groupCounters: inArray(incidentGroupCounts.templateId, foundIds),
        }
      : { incidents: inArray(incidents.messageId, foundIds) },
  };
}

/** The node ids that contain `q`, ignoring case: each distinct one once, from the groups' counters. */
async function matchingNodeIds(db: Db, q: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ nodeId: incidentGroupCounts.nodeId })
    .from(incidentGroupCounts)
    .where(ilike(incidentGroupCounts.nodeId, likePattern(q)))
    .orderBy(incidentGroupCounts.nodeId);
  return rows.map((r) => r.nodeId);
}

/** The incident's message, reference or node id contains the text, ignoring case. */
export function matchesText({ inReference, found }: TextSearch): SQL {
  return found ? or(found.incidents, inReference)! : inReference;
}

const STATISTICS_NAMES = {
  incident_messages_trigrams: 'message',
  incident_message_templates_trigrams: 'template',
  incidents_reference_trigrams: 'externalReferenceId',
} as const;

/** Statistics change only when the table is analysed; reading them again after this long is plenty. */
const STATISTICS_TTL_MS = 5 * 60_000;
const remembered = new WeakMap<Db, { until: number; statistics: Promise<SearchStatistics> }>();

/** The trigram statistics of the searched columns (empty until the table is first analysed). */
export function searchStatistics(db: Db): Promise<SearchStatistics> {
  const entry = remembered.get(db);
  if (entry && entry.until > Date.now()) return entry.statistics;
  const statistics = readSearchStatistics(db);
  remembered.set(db, { until: Date.now() + STATISTICS_TTL_MS, statistics });
  statistics.catch(() => remembered.delete(db));
  return statistics;
}

/** Forgets the statistics read, so that the next search reads them again (after an ANALYZE in tests). */
export function forgetSearchStatistics(db: Db): void {
  remembered.delete(db);
}

async function readSearchStatistics(db: Db): Promise<SearchStatistics> {
  const rows = rowsOf<{
    name: keyof typeof STATISTICS_NAMES;
    trigrams: string[] | null;
    shares: number[] | null;
  }>(
    await db.execute(sql`
      select statistics_name as name, most_common_elems::text::text[] as trigrams,
             most_common_elem_freqs as shares
      from pg_stats_ext_exprs
      where statistics_schemaname = current_schema()
        and statistics_name in ${Object.keys(STATISTICS_NAMES)}`),
  );
  const statistics: SearchStatistics = {};
  for (const { name, trigrams, shares } of rows) {
    if (!trigrams || !shares) continue; // analysed, but no trigram common enough to list
    // most_common_elem_freqs ends with the smallest and largest listed share and the share of nulls.
    statistics[STATISTICS_NAMES[name]] = {
      listed: new Map(trigrams.map((trigram, i) => [trigram, Number(shares[i])])),
      unlisted: Number(shares[trigrams.length]),
    };
  }
  return statistics;
}
