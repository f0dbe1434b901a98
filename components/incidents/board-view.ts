// The incident board's view (filters, sort, page, size) and its one representation in the URL query string,
// so that a reload or a shared link shows the same rows. Anything the URL holds that is not valid falls back
// to the default of that one setting; the rest of the view is kept.
import { parseId } from '@/domain/ids';
import { SORT_FIELDS, type SortField } from '@/domain/incidents';
import {
  INCIDENT_SEVERITIES,
  INCIDENT_SOURCES,
  INCIDENT_STATUSES,
  type IncidentSeverity,
  type IncidentSource,
  type IncidentStatus,
} from './labels';

export const PAGE_SIZES = [20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];

export interface BoardSort {
  field: SortField;
  direction: 'asc' | 'desc';
}

/** The status filter "unresolved": the API takes several statuses, matching any. */
export const UNRESOLVED = 'OPEN,ACKNOWLEDGED';
export type StatusFilter = IncidentStatus | typeof UNRESOLVED;
export const STATUS_FILTERS: readonly StatusFilter[] = [UNRESOLVED, ...INCIDENT_STATUSES];

export interface BoardView {
  status: StatusFilter | null;
  source: IncidentSource | null;
  severity: IncidentSeverity | null;
  processInstanceId: number | null;
  /** One node (the dashboard's top nodes link here), an assignee, a creation-date range. */
  nodeId: string;
  assignee: string;
  /** The owning team's code, `mine` (the viewer's teams) or `none`; '' for any owner. */
  owner: string;
  /** yyyy-MM-dd, inclusive; '' when open. */
  createdFrom: string;
  createdTo: string;
  q: string;
  sort: BoardSort;
  /** 1-based, as people count pages (the API's is 0-based). */
  page: number;
  size: PageSize;
  /** The groups instead of the rows: `view=groups`. */
  grouped: boolean;
}

/**
 * Unresolved first: the statuses rank OPEN < ACKNOWLEDGED < RESOLVED, so a responder opens the board on what
 * still needs someone (within a status the most severe, then the newest; see listInputOf), while resolved
 * incidents stay a page or a status filter away and the totals still count everything. A visible sort that
 * one click changes, not a hidden filter.
 */
export const DEFAULT_SORT: BoardSort = { field: 'status', direction: 'asc' };

export const DEFAULT_VIEW: BoardView = {
  status: null,
  source: null,
  severity: null,
  processInstanceId: null,
  nodeId: '',
  assignee: '',
  owner: '',
  createdFrom: '',
  createdTo: '',
  q: '',
  sort: DEFAULT_SORT,
  page: 1,
  size: 20,
  grouped: false,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

const text = (value: string | null) => (value ?? '').trim().slice(0, 200);
const localDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');

/** What the API's owner filter takes (a team code, `mine`, `none`); anything else is no filter. */
const ownerFilter = (value: string | null) =>
  value && /^(mine|none|[A-Z][A-Z0-9_]{0,63})$/.test(value) ? value : '';

const positiveInt = (value: string | null): number | null => (value === null ? null : parseId(value));

export function parseSort(value: string | null): BoardSort | null {
  if (!value) return null;
  const [field, direction, ...rest] = value.split(',');
  if (rest.length || !(SORT_FIELDS as readonly string[]).includes(field)) return null;
  if (direction !== 'asc' && direction !== 'desc') return null;
  return { field: field as SortField, direction };
}

/** The view a query string describes; each invalid or missing value is that setting's default. */
export function parseView(params: URLSearchParams): BoardView {
  const size = Number(params.get('size'));
  return {
    status: oneOf(STATUS_FILTERS, params.get('status')),
    source: oneOf(INCIDENT_SOURCES, params.get('source')),
    severity: oneOf(INCIDENT_SEVERITIES, params.get('severity')),
    processInstanceId: positiveInt(params.get('processInstanceId')),
    nodeId: text(params.get('nodeId')),
    assignee: text(params.get('assignee')),
    owner: ownerFilter(params.get('owner')),
    createdFrom: localDate(params.get('createdFrom')),
    createdTo: localDate(params.get('createdTo')),
    q: text(params.get('q')),
    sort: parseSort(params.get('sort')) ?? DEFAULT_SORT,
    page: Math.min(positiveInt(params.get('page')) ?? 1, 1_000_000),
    size: (PAGE_SIZES as readonly number[]).includes(size) ? (size as PageSize) : DEFAULT_VIEW.size,
    grouped: params.get('view') === 'groups',
  };
}

/** The query string of a view, defaults left out so that the plain /incidents is the default view. */
export function searchOf(view: BoardView): string {
  const params = new URLSearchParams();
  if (view.status) params.set('status', view.status);
  if (view.source) params.set('source', view.source);
  if (view.severity) params.set('severity', view.severity);
  if (view.processInstanceId) params.set('processInstanceId', String(view.processInstanceId));
  if (view.nodeId) params.set('nodeId', view.nodeId);
  if (view.assignee) params.set('assignee', view.assignee);
  if (view.owner) params.set('owner', view.owner);
  if (view.createdFrom) params.set('createdFrom', view.createdFrom);
  if (view.createdTo) params.set('createdTo', view.createdTo);
  if (view.q) params.set('q', view.q);
  if (view.sort.field !== DEFAULT_SORT.field || view.sort.direction !== DEFAULT_SORT.direction) {
    params.set('sort', `${view.sort.field},${view.sort.direction}`);
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.size !== DEFAULT_VIEW.size) params.set('size', String(view.size));
  if (view.grouped) params.set('view', 'groups');
  // Commas need no escaping in a query string, and sort=severity,desc reads better than severity%2Cdesc.
  const search = params.toString().replace(/%2C/gi, ',');
  return search ? `?${search}` : '';
}

/** How many filters besides the search text are set: what the phone's Filters button counts. */
export function filterCount(view: BoardView): number {
  return [
    view.status,
    view.source,
    view.severity,
    view.processInstanceId,
    view.nodeId,
    view.assignee,
    view.owner,
    view.createdFrom,
    view.createdTo,
  ].filter(Boolean).length;
}

/** Filters are everything that decides which incidents match (not their order or page). */
export function hasFilters(view: BoardView): boolean {
  return !!(
    view.status ||
    view.source ||
    view.severity ||
    view.processInstanceId ||
    view.nodeId ||
    view.assignee ||
    view.owner ||
    view.createdFrom ||
    view.createdTo ||
    view.q
  );
}

/**
 * The input of incidents.list. Ties of the chosen order: by status, the most severe first; then the newest
 * first (then by id, from the API).
 */
export function listInputOf(view: BoardView) {
  const sort = [`${view.sort.field},${view.sort.direction}`];
  if (view.sort.field === 'status') sort.push('severity,desc');
  if (view.sort.field !== 'createdAt' && view.sort.field !== 'id') sort.push('createdAt,desc');
  return {
    page: view.page - 1,
    size: view.size,
    status: view.status ?? undefined,
    source: view.source ?? undefined,
    severity: view.severity ?? undefined,
    processInstanceId: view.processInstanceId ?? undefined,
    nodeId: view.nodeId || undefined,
    assignee: view.assignee || undefined,
    owner: view.owner || undefined,
    createdFrom: view.createdFrom || undefined,
    createdTo: view.createdTo || undefined,
    q: view.q || undefined,
    sort,
  };
}
