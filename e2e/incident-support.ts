// Incident test data over the REST API (as an engine would report it) and the worker protocol, with unique
// references and messages per test so that tests never see each other's rows.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, getAccessToken } from './support';

export { signInAsAdmin } from './support';

export type Severity = 'LOW' | 'MEDIUM' | 'HIGH' | 'CRITICAL';
export type Source = 'PROCESS_ENGINE' | 'WORKER' | 'CODE_TASK' | 'AI_TASK' | 'MESSAGE';

export interface Incident {
  id: number;
  processInstanceId: number;
  nodeId: string;
  status: 'OPEN' | 'ACKNOWLEDGED' | 'RESOLVED';
  severity: Severity;
  source: Source;
  message: string;
  technicalDetails: string;
  externalReferenceId: string;
  occurrenceCount: number;
  acknowledgedBy: string | null;
  resolvedBy: string | null;
  resolutionAction: string | null;
  resolutionNote: string | null;
  assignee: string | null;
  retryable: boolean;
  silencedBy?: { id: number; name: string; createdBy: string; endsAt: string } | null;
}

export interface WorkerRequest {
  id: number;
  processInstanceId: number;
  status: 'PENDING' | 'LOCKED' | 'COMPLETED' | 'FAILED';
  attempt: number;
  payload: Record<string, unknown>;
  payloadVersion: number;
}

let counter = 0;
/** A tag unique to this run and call, safe in messages, search boxes and URLs (letters and digits). */
export function uniqueTag(prefix: string): string {
  counter += 1;
  return `${prefix}${Date.now().toString(36)}${counter}${Math.floor(Math.random() * 1000)}`;
}

/** A process instance id no other test uses. */
export function uniqueProcessInstanceId(): number {
  return 100_000 + ((Date.now() * 7 + counter++ * 1_000 + Math.floor(Math.random() * 997)) % 900_000_000);
}

/** The REST API as the administrator: an access token from POST /api/tokens. */
export class IncidentApi {
  private constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
  ) {}

  static async signIn(request: APIRequestContext): Promise<IncidentApi> {
    return new IncidentApi(request, await getAccessToken(request));
  }

  private get headers() {
    return { Authorization: `Bearer ${this.token}` };
  }

  private async call<T>(method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(path, { method, headers: this.headers, data });
    expect(res.status(), `${method} ${path}: ${await res.text()}`).toBe(200);
    return (await res.json()) as T;
  }

  /**
   * POST /api/incidents with a unique externalReferenceId, so every call makes a new incident, unless one is
   * given (another occurrence of the unresolved incident that has it).
   */
  report(
    fields: Partial<
      Pick<
        Incident,
        'processInstanceId' | 'nodeId' | 'severity' | 'source' | 'technicalDetails' | 'externalReferenceId'
      >
    > & {
      message: string;
    },
  ): Promise<Incident> {
    return this.call<Incident>('POST', '/api/incidents', {
      processInstanceId: fields.processInstanceId ?? uniqueProcessInstanceId(),
      nodeId: fields.nodeId ?? 'charge-card',
      source: fields.source ?? 'PROCESS_ENGINE',
      severity: fields.severity ?? 'HIGH',
      message: fields.message,
      technicalDetails: fields.technicalDetails,
      externalReferenceId: fields.externalReferenceId ?? `${uniqueTag('e2e-ref')}:${Date.now()}${counter++}`,
    });
  }

  /** POST /api/incidents/batch: `count` new incidents at `nodeId`, their messages holding `message`. */
  async reportMany(count: number, fields: { message: string; nodeId: string }): Promise<Incident[]> {
    const reports = Array.from({ length: count }, (_, i) => ({
      processInstanceId: uniqueProcessInstanceId(),
      nodeId: fields.nodeId,
      source: 'PROCESS_ENGINE',
      severity: 'HIGH',
      message: `${fields.message} (order ${i + 1})`,
      externalReferenceId: `${uniqueTag('e2e-storm')}:${Date.now()}${counter++}`,
    }));
    const { results } = await this.call<{ results: { outcome: string; incident: Incident }[] }>(
      'POST',
      '/api/incidents/batch',
      { reports },
    );
    expect(results.map((r) => r.outcome)).toEqual(reports.map(() => 'CREATED'));
    return results.map((r) => r.incident);
  }

  get(id: number): Promise<Incident> {
    return this.call<Incident>('GET', `/api/incidents/${id}`);
  }

  acknowledge(id: number): Promise<Incident> {
    return this.call<Incident>('POST', `/api/incidents/${id}/acknowledge`, {});
  }

  assign(id: number, username: string | null): Promise<Incident> {
    return this.call<Incident>('POST', `/api/incidents/${id}/assign`, { username });
  }

  resolve(id: number): Promise<Incident> {
    return this.call<Incident>('POST', `/api/incidents/${id}/resolve`, {
      resolutionAction: 'FIXED_MANUALLY',
    });
  }

  retry(id: number): Promise<Incident> {
    return this.call<Incident>('POST', `/api/incidents/${id}/retry`, {});
  }

  /** A worker request that fails for good through the worker protocol, which reports a WORKER incident. */
  async failWorkerRequest(options: {
    processInstanceId: number;
    nodeId: string;
    topic: string;
    errorMessage: string;
    payload?: Record<string, unknown>;
  }): Promise<{ request: WorkerRequest; incident: Incident }> {
    const created = await this.call<WorkerRequest>('POST', '/api/worker-requests', {
      processInstanceId: options.processInstanceId,
      nodeId: options.nodeId,
      topic: options.topic,
      payload: options.payload,
      retries: 0,
    });
    const workerId = uniqueTag('e2e-worker');
    const locked = await this.call<WorkerRequest[]>('POST', '/api/worker-requests/fetch-and-lock', {
      workerId,
      topics: [options.topic],
    });
    expect(
      locked.map((r) => r.id),
      'the worker request just created is the one locked',
    ).toContain(created.id);
    const failed = await this.call<WorkerRequest>('POST', `/api/worker-requests/${created.id}/failure`, {
      workerId,
      errorMessage: options.errorMessage,
      errorDetails: `at ${options.nodeId} (attempt 1)\n  caused by: upstream 504 Gateway Timeout`,
      retries: 0,
    });
    expect(failed.status).toBe('FAILED');
    const incidents = await this.call<Incident[]>(
      'GET',
      `/api/incidents/process-instances/${options.processInstanceId}`,
    );
    const incident = incidents.find((i) => i.externalReferenceId === `worker-request:${created.id}`);
    expect(incident, 'a WORKER incident for the failed request').toBeDefined();
    return { request: failed, incident: incident! };
  }

  /** `count` worker requests of `topic` at `nodeId`, each failed for good: as many WORKER incidents. */
  async failWorkerRequests(
    count: number,
    options: {
      nodeId: string;
      topic: string;
      errorMessage: string;
      payload: (i: number) => Record<string, unknown>;
    },
  ): Promise<void> {
    for (let i = 0; i < count; i++) {
      await this.call<WorkerRequest>('POST', '/api/worker-requests', {
        processInstanceId: uniqueProcessInstanceId(),
        nodeId: options.nodeId,
        topic: options.topic,
        payload: options.payload(i),
        retries: 0,
      });
    }
    const workerId = uniqueTag('e2e-worker');
    for (let failed = 0; failed < count;) {
      const locked = await this.fetchAndLock(options.topic, workerId, 100);
      expect(locked.length, 'requests left to fail').toBeGreaterThan(0);
      for (const { id } of locked) {
        await this.call('POST', `/api/worker-requests/${id}/failure`, {
          workerId,
          errorMessage: options.errorMessage,
          retries: 0,
        });
      }
      failed += locked.length;
    }
  }

  /** A worker's poll: up to `maxTasks` requests of the topic locked for it (none waiting answers at once). */
  fetchAndLock(topic: string, workerId: string, maxTasks = 1): Promise<WorkerRequest[]> {
    return this.call<WorkerRequest[]>('POST', '/api/worker-requests/fetch-and-lock', {
      workerId,
      topics: [topic],
      maxTasks,
    });
  }

  complete(id: number, workerId: string): Promise<WorkerRequest> {
    return this.call<WorkerRequest>('POST', `/api/worker-requests/${id}/complete`, { workerId });
  }
}

/** The board's row of one incident (rows are named "Incident <id>: <severity>, <status>, <message>"). */
export function boardRow(page: Page, id: number) {
  return page
    .getByRole('table', { name: 'Incidents' })
    .getByRole('row', { name: new RegExp(`^Incident ${id}:`) });
}

/** The ids of the board's rows, top to bottom. */
export async function boardIds(page: Page): Promise<number[]> {
  const names = await page
    .getByRole('table', { name: 'Incidents' })
    .getByRole('row', { name: /^Incident \d+:/ })
    .evaluateAll((rows) => rows.map((r) => r.getAttribute('aria-label') ?? ''));
  return names.map((n) => Number(/^Incident (\d+):/.exec(n)![1]));
}

/** Waits until every modal has finished closing (its fade-out included), e.g. before a screenshot. */
export async function modalsGone(page: Page): Promise<void> {
  await expect(page.locator('.mantine-Modal-overlay, .mantine-Modal-content')).toHaveCount(0);
}
