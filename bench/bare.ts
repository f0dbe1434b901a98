// The bare baseline of `npm run bench` (docs/performance.md, "Against the bare stack"):
// plain node:http and the same `postgres` driver, no framework, no validation, no authentication, serving the
// four hot operations with the same statements and the same JSON as the service:
//
//   GET  /api/incidents/{id}                 one incident
//   GET  /api/incidents/summary              the dashboard's counts
//   GET  /api/incidents                      the first page, default order (createdAt,desc; id,desc)
//   POST /api/incidents/{id}/acknowledge     the transition written by hand: one transaction, a conditional
//                                            UPDATE ... RETURNING and the timeline entry; 404 / 409 otherwise
//   POST /api/incidents                      a report written by hand: one transaction per report, an
//                                            INSERT ... ON CONFLICT (an unresolved twin counts an occurrence)
//                                            and its timeline entry (no check of the body: it trusts it)
//
// It is what the service would cost if every rule were written by hand for these four paths. The benchmark
// starts it beside the service on the same database and reports the service's requests/s as a share of
// this one's. Environment: BARE_DATABASE_URL (PostgreSQL) or BARE_DATA_DIR (a PGlite directory of its own:
// PGlite is one process), BARE_PORT, BARE_POOL_SIZE (the service's default, 10), TZ as the service's.
import http from 'node:http';
import postgres from 'postgres';

const PORT = Number(process.env.BARE_PORT || 3401);
const POOL_SIZE = Number(process.env.BARE_POOL_SIZE || 10);
const ACTOR = 'admin'; // who the benchmark's token acts as

/** The database, reduced to what the four operations need: a query with $n parameters, and a transaction. */
interface Queryable {
  query<T>(text: string, params: unknown[]): Promise<T[]>;
}
interface BareDatabase extends Queryable {
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
}

async function openBareDatabase(): Promise<BareDatabase> {
  if (process.env.BARE_DATABASE_URL) {
    const sql = postgres(process.env.BARE_DATABASE_URL, { max: POOL_SIZE, onnotice: () => {} });
    // Prepared (postgres.js prepares every statement it is given by default, named by its text).
    const on = (s: postgres.Sql | postgres.TransactionSql): Queryable => ({
      query: <T>(text: string, params: unknown[]) =>
        s.unsafe(text, params as postgres.ParameterOrJSON<never>[], { prepare: true }) as unknown as Promise<
          T[]
        >,
    });
    return { ...on(sql), transaction: (work) => sql.begin((tx) => work(on(tx))) as Promise<never> };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create({ dataDir: process.env.BARE_DATA_DIR, extensions: { pg_trgm } });
  const on = (s: Pick<typeof client, 'query'>): Queryable => ({
    query: async <T>(text: string, params: unknown[]) => (await s.query<T>(text, params)).rows,
  });
  return { ...on(client), transaction: (work) => client.transaction((tx) => work(on(tx))) };
}

const pad = (n: number) => String(n).padStart(2, '0');
/** server/time.ts: a local date-time without offset, in the process's time zone. */
const at = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` +
  `T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
const atOrNull = (d: Date | null) => (d ? at(d) : null);

type Row = Record<string, unknown>;

/** server/services/incidents/incident-view.ts, from the row as the driver gives it (int8 as text). */
function view(r: Row) {
  return {
    id: Number(r.id),
    processInstanceId: Number(r.process_instance_id),
    nodeId: r.node_id,
    status: r.status,
    severity: r.severity,
    source: r.source,
    message: r.message,
    technicalDetails: r.technical_details,
    externalReferenceId: r.external_reference_id,
    occurrenceCount: r.occurrence_count,
    lastOccurredAt: at(r.last_occurred_at as Date),
    createdAt: at(r.created_at as Date),
    updatedAt: at(r.updated_at as Date),
    acknowledgedAt: atOrNull(r.acknowledged_at as Date | null),
    acknowledgedBy: r.acknowledged_by,
    resolvedAt: atOrNull(r.resolved_at as Date | null),
    resolvedBy: r.resolved_by,
    resolutionNote: r.resolution_note,
    resolutionAction: r.resolution_action,
    assignee: r.assignee,
    snoozedAt: atOrNull(r.snoozed_at as Date | null),
    snoozedBy: r.snoozed_by,
    snoozedUntil: atOrNull(r.snoozed_until as Date | null),
    snoozedUntilOccurrence: r.snoozed_until_occurrence,
    // isRetryable (domain/incidents.ts): the service reads the worker request's status for these only.
    retryable: r.source === 'WORKER' && r.status !== 'RESOLVED' && r.worker_request_status === 'FAILED',
    // The benchmark makes no silence, and while none is unended the service reads none (it remembers that
    // for a second: services/incidents/silence-presence.ts), so neither side reads one per request.
    silencedBy: null,
    processDefinition: r.process_definition,
    // The benchmark writes no ownership rule, so no incident has an owner and neither side reads a team.
    owner: null,
  };
}

const COLUMNS = `id, process_instance_id, node_id, status, severity, source, message, technical_details,
  external_reference_id, occurrence_count, last_occurred_at, created_at, updated_at, acknowledged_at,
  acknowledged_by, resolved_at, resolved_by, resolution_note, resolution_action, assignee, snoozed_at,
  snoozed_by, snoozed_until, snoozed_until_occurrence, process_definition,
  (select w.status from worker_requests w where w.id = incidents.worker_request_id) as worker_request_status`;

const SUMMARY = `
  select coalesce(sum(count) filter (where status = 'OPEN'), 0)::int as open,
         coalesce(sum(count) filter (where status = 'ACKNOWLEDGED'), 0)::int as acknowledged,
         coalesce(sum(count) filter (where severity = 'CRITICAL'), 0)::int as critical,
         (select count(*) from incidents where created_at >= $1::timestamptz)::int as today
  from incident_counts where status <> 'RESOLVED'`;

const FIRST_PAGE = `
  select ${COLUMNS}, (select coalesce(sum(count), 0) from incident_counts) as total
  from incidents order by created_at desc, id desc limit $1 offset $2`;

const PAGE_SIZE = 20;

class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** A report: created, or one more occurrence of its unresolved twin, with the timeline entry. */
async function report(db: BareDatabase, body: Record<string, unknown>) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `insert into incidents (process_instance_id, node_id, source, severity, message, technical_details,
         external_reference_id)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (source, external_reference_id) where status <> 'RESOLVED'
       do update set occurrence_count = incidents.occurrence_count + 1, last_occurred_at = now(),
         updated_at = now()
       returning ${COLUMNS}`,
      [
        body.processInstanceId,
        body.nodeId,
        body.source,
        body.severity,
        body.message,
        body.technicalDetails ?? '',
        body.externalReferenceId,
      ],
    );
    const created = row.occurrence_count === 1;
    await tx.query(`insert into incident_events (incident_id, event_type, message) values ($1, $2, $3)`, [
      row.id,
      created ? 'CREATED' : 'OCCURRED_AGAIN',
      created ? `Reported: ${body.message}` : `Occurred again (${row.occurrence_count} times in all)`,
    ]);
    return view(row);
  });
}

async function acknowledge(db: BareDatabase, id: number) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query<Row>(
      `update incidents set status = 'ACKNOWLEDGED', acknowledged_at = now(), acknowledged_by = $2,
         updated_at = now()
       where id = $1 and status in ('OPEN') returning ${COLUMNS}`,
      [id, ACTOR],
    );
    if (row) {
      await tx.query(
        `insert into incident_events (incident_id, event_type, message, actor) values ($1, 'ACKNOWLEDGED', $2, $3)`,
        [id, `Acknowledged by ${ACTOR}`, ACTOR],
      );
      return view(row);
    }
    const [current] = await tx.query<{ status: string }>(`select status from incidents where id = $1`, [id]);
    if (!current) throw new Refusal(404, 'Not Found', `Incident ${id} not found`);
    throw new Refusal(
      409,
      'Conflict',
      `Incident ${id} is ${current.status}; only OPEN incidents can be acknowledged`,
    );
  });
}

const db = await openBareDatabase();

function send(res: http.ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.statusCode = status;
  res.setHeader('Content-Type', type);
  res.end(JSON.stringify(body));
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const path = (req.url ?? '/').split('?')[0];
  if (req.method === 'GET' && path === '/api/incidents/summary') {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const [row] = await db.query<Record<string, number>>(SUMMARY, [today.toISOString()]);
    return send(res, 200, {
      openIncidents: Number(row.open),
      criticalIncidents: Number(row.critical),
      acknowledgedIncidents: Number(row.acknowledged),
      incidentsCreatedToday: Number(row.today),
    });
  }
  if (req.method === 'GET' && path === '/api/incidents') {
    const rows = await db.query<Row>(FIRST_PAGE, [PAGE_SIZE, 0]);
    const total = rows.length ? Number(rows[0].total) : 0;
    const totalPages = Math.ceil(total / PAGE_SIZE);
    return send(res, 200, {
      content: rows.map(view),
      number: 0,
      size: PAGE_SIZE,
      totalElements: total,
      totalPages,
      numberOfElements: rows.length,
      first: true,
      last: 0 >= totalPages - 1,
      empty: rows.length === 0,
    });
  }
  if (req.method === 'POST' && path === '/api/incidents') {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return send(res, 200, await report(db, JSON.parse(Buffer.concat(chunks).toString('utf8'))));
  }
  const match = /^\/api\/incidents\/(\d+)(\/acknowledge)?$/.exec(path);
  if (match && req.method === 'GET' && !match[2]) {
    const [row] = await db.query<Row>(`select ${COLUMNS} from incidents where id = $1`, [Number(match[1])]);
    if (!row) throw new Refusal(404, 'Not Found', `Incident ${match[1]} not found`);
    return send(res, 200, view(row));
  }
  if (match && req.method === 'POST' && match[2]) {
    for await (const _ of req); // the body ({}) says nothing the bare stack reads
    return send(res, 200, await acknowledge(db, Number(match[1])));
  }
  throw new Refusal(404, 'Not Found', `No route for ${req.method} ${path}`);
}

http
  .createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const refusal =
        error instanceof Refusal ? error : new Refusal(500, 'Internal Server Error', String(error));
      send(
        res,
        refusal.status,
        { type: 'about:blank', title: refusal.title, status: refusal.status, detail: refusal.message },
        'application/problem+json',
      );
    });
  })
  .listen(PORT, () => console.log(`bare baseline listening on http://127.0.0.1:${PORT}`));
