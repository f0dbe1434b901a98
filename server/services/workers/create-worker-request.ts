import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { processInstances, workerRequests } from '../../../db/schema';
import type { WorkerRequestView } from '../../schemas/workers';
import { publishTopic } from './publish';
import { toWorkerRequestView } from './views';

export interface CreateWorkerRequestInput {
  processInstanceId: number;
  nodeId: string;
  topic: string;
  processDefinition?: string;
  payload?: Record<string, unknown>;
  retries: number;
}

/** An engine publishes a service-task request: PENDING, announced to the workers of its topic on commit. */
export async function createWorkerRequest(
  db: Db,
  input: CreateWorkerRequestInput,
): Promise<WorkerRequestView> {
  const row = await db.transaction(async (tx) => {
    // The engine is at this node now: a new instance starts RUNNING here, a known one moves here.
    await tx
      .insert(processInstances)
      .values({ id: input.processInstanceId, currentNodeId: input.nodeId })
      .onConflictDoUpdate({
        target: processInstances.id,
        set: { status: 'RUNNING', currentNodeId: input.nodeId, failedNodeId: null, updatedAt: sql`now()` },
      });
    const [created] = await tx
      .insert(workerRequests)
      .values({
        processInstanceId: input.processInstanceId,
        nodeId: input.nodeId,
        topic: input.topic,
        processDefinition: input.processDefinition ?? null,
        payload: input.payload ?? {},
        retries: input.retries,
        initialRetries: input.retries,
      })
      .returning();
    await publishTopic(tx, input.topic);
    return created;
  });
  return toWorkerRequestView(row);
}
