// Demo incidents for the console: a few hundred over the last 30 days, every source, severity and state,
// each with the timeline its history would have written (the same event types, messages and actors as the
// services in server/services/incidents/). Deterministic: the same `now` gives the same data.
import { count } from 'drizzle-orm';
import type { Db } from '../db/client';
import { incidentEvents, incidents } from '../db/schema';
import { INCIDENT_SEVERITIES, INCIDENT_SOURCES, type RESOLUTION_ACTIONS } from '../domain/incidents';
import { REOPENED_FIELDS } from '../server/services/incidents/transitions';

type Source = (typeof INCIDENT_SOURCES)[number];
type Severity = (typeof INCIDENT_SEVERITIES)[number];
const SOURCES = INCIDENT_SOURCES;
const SEVERITIES = INCIDENT_SEVERITIES;
type ResolutionAction = (typeof RESOLUTION_ACTIONS)[number];
type NewIncident = typeof incidents.$inferInsert;
type NewEvent = Omit<typeof incidentEvents.$inferInsert, 'incidentId'>;

interface SourceCatalog {
  /** externalReferenceId is `<kind>:<number>`. */
  kind: string;
  weight: number;
  severities: [Severity, number][];
  nodes: string[];
  messages: string[];
  details: string[];
  resolutions: [ResolutionAction, number][];
  /** How often the same failure is reported again before someone handles it. */
  repeats: number;
}

/** What each source reports, with realistic node ids, messages and technical details. */
export const INCIDENT_CATALOG: Record<Source, SourceCatalog> = {
  PROCESS_ENGINE: {
    kind: 'job',
    weight: 30,
    severities: [
      ['LOW', 15],
      ['MEDIUM', 40],
      ['HIGH', 35],
      ['CRITICAL', 10],
    ],
    nodes: [
      'Gateway_CreditDecision',
      'Timer_PaymentReminder',
      'Task_CalculateDiscount',
      'SubProcess_Dunning',
    ],
    messages: [
      'No outgoing sequence flow of Gateway_CreditDecision matched (creditScore is null)',
      'Timer job failed after 3 retries: due date expression could not be evaluated',
      "Expression '${order.total > approvalLimit}' failed: unknown property 'approvalLimit'",
      'Optimistic locking conflict while completing the job, retries exhausted',
      'Call activity failed: process definition "dunning-v3" is not deployed',
    ],
    details: [
      'io.bpm.engine.ProcessEngineException: no outgoing sequence flow matched\n\tat io.bpm.engine.gateway.ExclusiveGatewayBehavior.leave(ExclusiveGatewayBehavior.java:112)\n\tat io.bpm.engine.runtime.ExecutionImpl.take(ExecutionImpl.java:418)',
      'io.bpm.engine.ExpressionEvaluationException: Unknown property used in expression\n\tat io.bpm.engine.el.JuelExpression.getValue(JuelExpression.java:63)\n\tat io.bpm.engine.job.TimerJobHandler.execute(TimerJobHandler.java:77)',
    ],
    resolutions: [
      ['FIXED_MANUALLY', 45],
      ['WORKAROUND_APPLIED', 25],
      ['RETRIED_SUCCESSFULLY', 15],
      ['OTHER', 15],
    ],
    repeats: 0.2,
  },
  WORKER: {
    kind: 'worker-request',
    weight: 35,
    severities: [
      ['LOW', 20],
      ['MEDIUM', 35],
      ['HIGH', 30],
      ['CRITICAL', 15],
    ],
    nodes: ['Task_ChargePayment', 'Task_ReserveStock', 'Task_SendInvoice', 'Task_CreateShipment'],
    messages: [
      'payment-service answered HTTP 503 Service Unavailable',
      'inventory-service: connection timed out after 30000 ms',
      'SMTP relay refused the invoice mail: 550 mailbox unavailable',
      'carrier API rejected the shipment: address line 1 is too long (max 35)',
      'Worker lease expired before the task was completed (svc.payment-worker)',
    ],
    details: [
      'Error: Request failed with status code 503\n    at settle (/app/node_modules/axios/lib/core/settle.js:19:12)\n    at chargePayment (/app/workers/payment.js:88:17)',
      'ETIMEDOUT: connect ETIMEDOUT 10.4.2.17:8443\n    at TCPConnectWrap.afterConnect [as oncomplete] (node:net:1606:16)',
    ],
    resolutions: [
      ['RETRIED_SUCCESSFULLY', 55],
      ['WORKAROUND_APPLIED', 15],
      ['FIXED_MANUALLY', 15],
      ['DUPLICATE', 10],
      ['NOT_AN_ISSUE', 5],
    ],
    repeats: 0.6,
  },
  CODE_TASK: {
    kind: 'code-task',
    weight: 15,
    severities: [
      ['LOW', 25],
      ['MEDIUM', 45],
      ['HIGH', 25],
      ['CRITICAL', 5],
    ],
    nodes: ['Script_MapCustomer', 'Script_NormalizeAddress', 'Script_ComputeRiskScore'],
    messages: [
      "TypeError: Cannot read properties of undefined (reading 'iban')",
      'RangeError: Invalid time value in normalizeAddress()',
      'Script exceeded its time limit of 5000 ms',
      'SyntaxError: Unexpected token } in JSON at position 418',
    ],
    details: [
      "TypeError: Cannot read properties of undefined (reading 'iban')\n    at mapCustomer (code-task:Script_MapCustomer:14:31)\n    at run (sandbox:1:1)",
      'RangeError: Invalid time value\n    at Date.toISOString (<anonymous>)\n    at normalizeAddress (code-task:Script_NormalizeAddress:22:9)',
    ],
    resolutions: [
      ['FIXED_MANUALLY', 60],
      ['WORKAROUND_APPLIED', 20],
      ['NOT_AN_ISSUE', 10],
      ['OTHER', 10],
    ],
    repeats: 0.3,
  },
  AI_TASK: {
    kind: 'ai-task',
    weight: 10,
    severities: [
      ['LOW', 30],
      ['MEDIUM', 40],
      ['HIGH', 25],
      ['CRITICAL', 5],
    ],
    nodes: ['AI_ClassifyClaim', 'AI_SummarizeTicket', 'AI_ExtractInvoiceFields'],
    messages: [
      "Model output did not match the response schema: missing field 'category'",
      'Model provider rate limit reached (HTTP 429), retry after 20 s',
      "Prompt exceeds the model's context window (131072 tokens)",
      'Confidence 0.41 below the threshold 0.75: routed to manual review',
    ],
    details: [
      'SchemaValidationError: /category is required\n    at validateOutput (ai-task/runtime.ts:141:11)',
      'ProviderError: 429 Too Many Requests (x-ratelimit-reset: 20s)\n    at callModel (ai-task/provider.ts:67:13)',
    ],
    resolutions: [
      ['RETRIED_SUCCESSFULLY', 45],
      ['WORKAROUND_APPLIED', 20],
      ['NOT_AN_ISSUE', 20],
      ['OTHER', 15],
    ],
    repeats: 0.5,
  },
  MESSAGE: {
    kind: 'message',
    weight: 10,
    severities: [
      ['LOW', 25],
      ['MEDIUM', 40],
      ['HIGH', 25],
      ['CRITICAL', 10],
    ],
    nodes: ['Event_PaymentReceived', 'Event_ShipmentConfirmed', 'Event_CustomerReplied'],
    messages: [
      "No process instance correlates message 'PaymentReceived' (correlation key ORD-2024-18811)",
      "Message 'ShipmentConfirmed' arrived for a process instance that already completed",
      "Message 'CustomerReplied' matched 2 process instances; correlation must be unique",
    ],
    details: [
      'io.bpm.engine.MismatchingMessageCorrelationException: Cannot correlate message PaymentReceived\n\tat io.bpm.engine.message.CorrelationHandler.correlate(CorrelationHandler.java:54)',
    ],
    resolutions: [
      ['FIXED_MANUALLY', 35],
      ['NOT_AN_ISSUE', 30],
      ['DUPLICATE', 20],
      ['OTHER', 15],
    ],
    repeats: 0.3,
  },
};

const RESOLUTION_NOTES: Partial<Record<ResolutionAction, string[]>> = {
  RETRIED_SUCCESSFULLY: ['Provider outage over, retried', 'Retried after the deployment of 2.14.3'],
  FIXED_MANUALLY: [
    'Corrected the variable in the process instance and completed the task',
    'Fixed the configuration and retried the step',
  ],
  WORKAROUND_APPLIED: ['Routed to manual handling until the fix ships (TICKET-4471)'],
  NOT_AN_ISSUE: ['Expected for test orders'],
  DUPLICATE: ['Same root cause as the incident reported a minute earlier'],
};

/** A small seeded PRNG (mulberry32), so that the demo data is the same on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)];
  const weighted = <T>(xs: readonly [T, number][]): T => {
    let r = next() * xs.reduce((sum, [, w]) => sum + w, 0);
    for (const [x, w] of xs) if ((r -= w) < 0) return x;
    return xs[xs.length - 1][0];
  };
  return {
    next,
    pick,
    weighted,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
  };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

type Step =
  | { type: 'OCCURRED_AGAIN' }
  | { type: 'ACKNOWLEDGED'; actor: string }
  | { type: 'RESOLVED'; actor: string; action: ResolutionAction; note: string | null }
  | { type: 'REOPENED'; actor: string | null };

export interface DemoIncident {
  incident: NewIncident;
  events: NewEvent[];
}

/**
 * Builds `total` incidents created over the 30 days before `now` (a dozen of them today), each one the
 * result of its timeline: reported, maybe reported again, acknowledged, resolved, reopened (by a report
 * of the same failure, or by an operator). Every reference is unique, so at most one incident per
 * (source, reference) is unresolved.
 */
export function buildDemoIncidents(options: {
  now: Date;
  operators: string[];
  total?: number;
  seed?: number;
}): DemoIncident[] {
  const { now, operators, total = 300 } = options;
  const rnd = random(options.seed ?? 20261121);
  const end = now.getTime();
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  const sources = Object.entries(INCIDENT_CATALOG).map(
    ([s, c]) => [s as Source, c.weight] as [Source, number],
  );
  const out: DemoIncident[] = [];
  let processInstance = 2251799813690000;

  for (let n = 0; n < total; n++) {
    // Every source with every severity at least once, then the realistic mix.
    const combo = n - 12;
    const forced = combo >= 0 && combo < SOURCES.length * SEVERITIES.length;
    const source = forced ? SOURCES[combo % SOURCES.length] : rnd.weighted(sources);
    const catalog = INCIDENT_CATALOG[source];
    const severity = forced
      ? SEVERITIES[Math.floor(combo / SOURCES.length)]
      : rnd.weighted(catalog.severities);
    // A dozen today, the rest spread over 30 days with more of them recently.
    const created =
      n < 12
        ? end - 5 * MINUTE - rnd.next() * Math.max(Math.min(end - midnight - 5 * MINUTE, 8 * HOUR), 0)
        : end - 5 * MINUTE - Math.pow(rnd.next(), 1.4) * 30 * DAY;
    // Several incidents of one process instance now and then (different nodes failing in turn).
    if (rnd.next() > 0.2) processInstance += rnd.int(3, 400);
    const message = rnd.pick(catalog.messages);
    const age = end - created;

    // How it ends: the older, the likelier it is resolved.
    const final: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED' = rnd.weighted(
      age < DAY
        ? [
            ['OPEN', 45],
            ['ACKNOWLEDGED', 30],
            ['RESOLVED', 25],
          ]
        : age < 7 * DAY
          ? [
              ['OPEN', 20],
              ['ACKNOWLEDGED', 20],
              ['RESOLVED', 60],
            ]
          : [
              ['OPEN', 5],
              ['ACKNOWLEDGED', 7],
              ['RESOLVED', 88],
            ],
    );
    const repeats = () => {
      const steps: Step[] = [];
      while (rnd.next() < catalog.repeats && steps.length < 12) steps.push({ type: 'OCCURRED_AGAIN' });
      return steps;
    };
    const resolve = (): Step => {
      const action = rnd.weighted(catalog.resolutions);
      const notes = RESOLUTION_NOTES[action];
      return {
        type: 'RESOLVED',
        actor: rnd.pick(operators),
        action,
        note: notes && rnd.next() < 0.6 ? rnd.pick(notes) : null,
      };
    };
    const steps: Step[] = repeats();
    // Some were resolved once already and came back: reported again (the system reopens) or reopened by hand.
    if (rnd.next() < 0.15) {
      if (rnd.next() < 0.6) steps.push({ type: 'ACKNOWLEDGED', actor: rnd.pick(operators) });
      steps.push(resolve());
      steps.push({ type: 'REOPENED', actor: rnd.next() < 0.7 ? null : rnd.pick(operators) });
      steps.push(...repeats());
    }
    if (final !== 'OPEN') {
      if (final === 'ACKNOWLEDGED' || rnd.next() < 0.7) {
        steps.push({ type: 'ACKNOWLEDGED', actor: rnd.pick(operators) });
        steps.push(...repeats());
      }
      if (final === 'RESOLVED') steps.push(resolve());
    }

    // The steps happen in order within a realistic window after the report, never after now.
    const room = age - (steps.length + 1) * 1000;
    const window = Math.max(0, Math.min(room, final === 'OPEN' ? room : rnd.next() * 2 * DAY + 10 * MINUTE));
    const times = steps.map(() => created + rnd.next() * window).sort((a, b) => a - b);

    const number = 10_000 + n * 37 + rnd.int(0, 36);
    const incident: NewIncident = {
      processInstanceId: processInstance,
      nodeId: rnd.pick(catalog.nodes),
      status: 'OPEN',
      severity,
      source,
      message,
      technicalDetails: rnd.pick(catalog.details),
      externalReferenceId: `${catalog.kind}:${number}`,
      occurrenceCount: 1,
      createdAt: new Date(created),
      lastOccurredAt: new Date(created),
      updatedAt: new Date(created),
    };
    const events: NewEvent[] = [
      { eventType: 'CREATED', message: `Reported: ${message}`, actor: null, createdAt: new Date(created) },
    ];
    // Apply the steps as the services would (server/services/incidents/transitions.ts, report-incident.ts).
    steps.forEach((step, i) => {
      // Strictly after the previous entry, so that the timeline (ordered by id) is also ordered by time.
      const at = new Date(Math.max(times[i], events[events.length - 1].createdAt!.getTime() + 1000));
      const occurred = () => {
        incident.occurrenceCount! += 1;
        incident.lastOccurredAt = at;
      };
      switch (step.type) {
        case 'OCCURRED_AGAIN':
          occurred();
          events.push({
            eventType: 'OCCURRED_AGAIN',
            message: `Occurred again (${incident.occurrenceCount} times in all)`,
            actor: null,
            createdAt: at,
          });
          break;
        case 'ACKNOWLEDGED':
          Object.assign(incident, { status: 'ACKNOWLEDGED', acknowledgedAt: at, acknowledgedBy: step.actor });
          events.push({
            eventType: 'ACKNOWLEDGED',
            message: `Acknowledged by ${step.actor}`,
            actor: step.actor,
            createdAt: at,
          });
          break;
        case 'RESOLVED':
          Object.assign(incident, {
            status: 'RESOLVED',
            resolvedAt: at,
            resolvedBy: step.actor,
            resolutionAction: step.action,
            resolutionNote: step.note,
          });
          events.push({
            eventType: 'RESOLVED',
            message: `Resolved by ${step.actor} (${step.action})${step.note ? `: ${step.note}` : ''}`,
            actor: step.actor,
            createdAt: at,
          });
          break;
        case 'REOPENED':
          Object.assign(incident, REOPENED_FIELDS);
          if (step.actor === null) occurred();
          events.push({
            eventType: 'REOPENED',
            message:
              step.actor === null
                ? 'Reopened: it occurred again after it was resolved'
                : `Reopened by ${step.actor}`,
            actor: step.actor,
            createdAt: at,
          });
          break;
      }
      incident.updatedAt = at;
    });
    out.push({ incident, events });
  }
  return out.sort((a, b) => a.incident.createdAt!.getTime() - b.incident.createdAt!.getTime());
}

/**
 * Inserts the demo incidents and their timelines, oldest first (ids follow creation), unless the
 * database already has incidents. Returns how many incidents were inserted (0 when skipped).
 */
export async function seedDemoIncidents(
  db: Db,
  options: { now?: Date; operators: string[]; total?: number },
): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(incidents);
  if (Number(n) > 0) return 0;
  const demo = buildDemoIncidents({ now: options.now ?? new Date(), ...options });
  await db.transaction(async (tx) => {
    const timeline: (NewEvent & { incidentId: number })[] = [];
    for (let i = 0; i < demo.length; i += 100) {
      const batch = demo.slice(i, i + 100);
      const rows = await tx
        .insert(incidents)
        .values(batch.map((d) => d.incident))
        .returning({ id: incidents.id, reference: incidents.externalReferenceId });
      const idOf = new Map(rows.map((r) => [r.reference, r.id]));
      for (const d of batch) {
        const incidentId = idOf.get(d.incident.externalReferenceId)!;
        timeline.push(...d.events.map((e) => ({ ...e, incidentId })));
      }
    }
    // Entries in time order across incidents, as they would have been written.
    timeline.sort((a, b) => a.createdAt!.getTime() - b.createdAt!.getTime());
    for (let i = 0; i < timeline.length; i += 500) {
      await tx.insert(incidentEvents).values(timeline.slice(i, i + 500));
    }
  });
  return demo.length;
}
