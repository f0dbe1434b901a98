// Helpers for the incident API tests: a report factory with unique references, shortcuts for the lifecycle
// actions, direct writes of timestamps (for sort and summary tests), and a snapshot of the incident tables
// to prove that a refused request changed nothing.
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../../db/client';
import { LOCAL_DATE_TIME, type ApiResponse, type Client, type TestApi } from './http-helpers';

export interface Incident {
  id: number;
  processInstanceId: number;
  nodeId: string;
  status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED';
  severity: 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
  source: 'PROCESS_ENGINE' | 'WORKER' | 'CODE_TASK' | 'AI_TASK' | 'MESSAGE';
  message: string;
  technicalDetails: string;
  externalReferenceId: string;
  occurrenceCount: number;
  lastOccurredAt: string;
  createdAt: string;
  updatedAt: string;
  acknowledgedAt: string | null;
  acknowledgedBy: string | null;
  resolvedAt: string | null;
  resolvedBy: string | null;
  resolutionNote: string | null;
  resolutionAction: string | null;
  assignee?: string | null;
  snoozedAt?: string | null;
  snoozedBy?: string | null;
  snoozedUntil?: string | null;
  snoozedUntilOccurrence?: number | null;
  silencedBy?: { id: number; name: string; createdBy: string; endsAt: string } | null;
}

export interface IncidentEvent {
  id: number;
  incidentId: number;
  eventType: string;
  message: string;
  actor: string | null;
  createdAt: string;
  /** OCCURRED_AGAIN only: how many occurrences the entry stands for. */
  occurrences?: number;
  silenceId?: number | null;
}

export interface IncidentPage {
  content: Incident[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  numberOfElements: number;
  first: boolean;
  last: boolean;
  empty: boolean;
}

// Written out from the contract rather than imported from the implementation: a value it lost must fail here.
/** An SQL array literal of the contract's constants (drizzle would expand an array parameter into a list). */
export const textArray = (values: readonly string[]) =>
  sql.raw(`array[${values.map((v) => `'${v}'`).join(', ')}]`);

export const STATUSES = ['OPEN', 'ACKNOWLEDGED', 'RESOLVED'] as const;
export const SOURCES = ['PROCESS_ENGINE', 'WORKER', 'CODE_TASK', 'AI_TASK', 'MESSAGE'] as const;
export const SEVERITIES = ['LOW', 'MEDIUM', 'HIGH', 'CRITICAL'] as const;
export const RESOLUTION_ACTIONS = [
  'RETRIED_SUCCESSFULLY',
  'FIXED_MANUALLY',
  'WORKAROUND_APPLIED',
  'NOT_AN_ISSUE',
  'DUPLICATE',
  'OTHER',
] as const;
export const SORT_FIELDS = [
  'id',
  'createdAt',
  'updatedAt',
  'lastOccurredAt',
  'severity',
  'status',
  'source',
  'occurrenceCount',
  'processInstanceId',
] as const;

/** The seed's Incident fields (docs/contract.md §2: responses may carry more, never fewer). */
export const INCIDENT_FIELDS = [
  'id',
  'processInstanceId',
  'nodeId',
  'status',
  'severity',
  'source',
  'message',
  'technicalDetails',
  'externalReferenceId',
  'occurrenceCount',
  'lastOccurredAt',
  'createdAt',
  'updatedAt',
  'acknowledgedAt',
  'acknowledgedBy',
  'resolvedAt',
  'resolvedBy',
  'resolutionNote',
  'resolutionAction',
] as const;

export const ACKNOWLEDGED_FIELDS = ['acknowledgedAt', 'acknowledgedBy'] as const;
export const RESOLVED_FIELDS = ['resolvedAt', 'resolvedBy', 'resolutionNote', 'resolutionAction'] as const;

let counter = 0;
const stamp = `${Date.now()}${process.pid}`;

/** A reference `<kind>:<number>` no other test uses. */
export const newReference = (kind = 'test-ref') => `${kind}:${stamp}${String(++counter).padStart(4, '0')}`;

/** A process instance id no other test uses (positive, well under 2^53). */
let pid = 0;
export const newProcessInstanceId = () => (Date.now() % 1_000_000_000) * 1000 + (++pid % 1000);

export type ReportBody = {
  processInstanceId: number;
  nodeId: string;
  source: string;
  severity: string;
  message: string;
  technicalDetails?: string;
  externalReferenceId: string;
};

/** A valid report body with a fresh reference and process instance. */
export function reportBody(overrides: Partial<ReportBody> = {}): ReportBody {
  return {
    processInstanceId: newProcessInstanceId(),
    nodeId: 'ServiceTask_1',
    source: 'PROCESS_ENGINE',
    severity: 'HIGH',
    message: 'Connection refused by the payment gateway',
    externalReferenceId: newReference(),
    ...overrides,
  };
}

/** POST /api/incidents, asserting 200; the reported incident. */
export async function report(as: Client, overrides: Partial<ReportBody> = {}): Promise<Incident> {
  const res = await as.post('/incidents', reportBody(overrides));
  expect(res.status, res.text).toBe(200);
  return res.body as Incident;
}

/** Every seed field present, nullable ones null or a value, timestamps as local date-times. */
export function expectIncidentShape(incident: Incident) {
  for (const field of INCIDENT_FIELDS) expect(incident, `field ${field}`).toHaveProperty(field);
  expect(incident).toMatchObject({
    id: expect.any(Number),
    processInstanceId: expect.any(Number),
    nodeId: expect.any(String),
    status: expect.stringMatching(/^(OPEN|ACKNOWLEDGED|RESOLVED)$/),
    severity: expect.stringMatching(/^(LOW|MEDIUM|HIGH|CRITICAL)$/),
    source: expect.stringMatching(/^(PROCESS_ENGINE|WORKER|CODE_TASK|AI_TASK|MESSAGE)$/),
    message: expect.any(String),
    technicalDetails: expect.any(String),
    externalReferenceId: expect.any(String),
    occurrenceCount: expect.any(Number),
    lastOccurredAt: expect.stringMatching(LOCAL_DATE_TIME),
    createdAt: expect.stringMatching(LOCAL_DATE_TIME),
    updatedAt: expect.stringMatching(LOCAL_DATE_TIME),
  });
  for (const field of ['acknowledgedAt', 'resolvedAt'] as const) {
    if (incident[field] !== null) expect(incident[field]).toMatch(LOCAL_DATE_TIME);
  }
  for (const field of ['acknowledgedBy', 'resolvedBy', 'resolutionNote', 'resolutionAction'] as const) {
    if (incident[field] !== null) expect(typeof incident[field]).toBe('string');
  }
}

export function expectEventShape(event: IncidentEvent) {
  expect(event).toMatchObject({
    id: expect.any(Number),
    incidentId: expect.any(Number),
    eventType: expect.any(String),
    message: expect.any(String),
    createdAt: expect.stringMatching(LOCAL_DATE_TIME),
  });
  expect(event).toHaveProperty('actor');
  if (event.actor !== null) expect(typeof event.actor).toBe('string');
}

export async function getIncident(as: Client, id: number): Promise<Incident> {
  const res = await as.get(`/incidents/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body as Incident;
}

export async function eventsOf(as: Client, id: number): Promise<IncidentEvent[]> {
  const res = await as.get(`/incidents/${id}/events`);
  expect(res.status, res.text).toBe(200);
  return res.body as IncidentEvent[];
}

/**
 * The occurrences the timeline's OCCURRED_AGAIN entries stand for, by their `occurrences`: reports written
 * together fold into one entry, "Occurred again 37 times (52 times in all)", whose prose agrees.
 */
export function occurrencesIn(events: IncidentEvent[]): number {
  return events
    .filter((e) => e.eventType === 'OCCURRED_AGAIN')
    .reduce((sum, e) => {
      expect(e.occurrences, e.message).toBe(Number(/^Occurred again (\d+) times/.exec(e.message)?.[1] ?? 1));
      return sum + e.occurrences!;
    }, 0);
}

export const typesOf = (events: IncidentEvent[]) => events.map((e) => e.eventType);

/** GET /api/incidents with the query string, asserting 200; the page. */
export async function list(as: Client, query = ''): Promise<IncidentPage> {
  const res = await as.get(`/incidents${query ? `?${query}` : ''}`);
  expect(res.status, res.text).toBe(200);
  return res.body as IncidentPage;
}

export async function summary(as: Client) {
  const res = await as.get('/incidents/summary');
  expect(res.status, res.text).toBe(200);
  return res.body as {
    openIncidents: number;
    criticalIncidents: number;
    acknowledgedIncidents: number;
    incidentsCreatedToday: number;
  };
}

/** Runs a lifecycle action and asserts 200; the updated incident. */
export async function act(
  as: Client,
  action: 'acknowledge' | 'unacknowledge' | 'resolve' | 'reopen',
  id: number,
  body?: unknown,
): Promise<Incident> {
  const res = await as.post(`/incidents/${id}/${action}`, body);
  expect(res.status, res.text).toBe(200);
  return res.body as Incident;
}

/** A new incident brought to `status` through the API. */
export async function incidentIn(
  as: Client,
  status: Incident['status'],
  overrides: Partial<ReportBody> = {},
): Promise<Incident> {
  const incident = await report(as, overrides);
  if (status === 'ACKNOWLEDGED') return act(as, 'acknowledge', incident.id, {});
  if (status === 'RESOLVED') return act(as, 'resolve', incident.id, {});
  return incident;
}

type TimestampColumn = 'created_at' | 'updated_at' | 'last_occurred_at';

/** Writes a timestamp column of incidents directly (no API sets them). */
export async function setTimestamp(t: TestApi, ids: number[], column: TimestampColumn, at: Date) {
  if (!ids.length) return;
  await t.database.db.execute(
    sql`update incidents set ${sql.identifier(column)} = ${at.toISOString()}::timestamptz
        where id in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`,
  );
}

/** Writes occurrence_count directly. */
export async function setOccurrenceCount(t: TestApi, id: number, n: number) {
  await t.database.db.execute(sql`update incidents set occurrence_count = ${n} where id = ${id}`);
}

export async function countRows(t: TestApi, query: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(await t.database.db.execute(sql.raw(query)));
  return Number(row.n);
}

/** Every row of the incident tables. */
export async function incidentSnapshot(t: TestApi) {
  const rows = async (query: string) => rowsOf<unknown>(await t.database.db.execute(sql.raw(query)));
  return {
    incidents: await rows('select * from incidents order by id'),
    events: await rows('select * from incident_events order by id'),
  };
}

/** Runs `request` and asserts that the incident tables are exactly as before it. */
export async function withoutIncidentChange(
  t: TestApi,
  request: () => Promise<ApiResponse>,
): Promise<ApiResponse> {
  const before = await incidentSnapshot(t);
  const res = await request();
  expect(await incidentSnapshot(t), `the incident tables changed on ${res.status}: ${res.text}`).toEqual(
    before,
  );
  return res;
}

/** Local midnight today in this process's time zone (the test server runs in-process, same TZ). */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
