// The bulk actions: one action applied to each of up to 250 incidents, each on its own.
import { DomainError } from '../../errors';

export type BulkOutcome = {
  id: number;
  outcome: 'APPLIED' | 'SKIPPED' | 'NOT_FOUND';
  /** Why it was skipped: the error code (INVALID_STATE, NOT_RETRYABLE) and its words. */
  reason?: string;
  detail?: string;
};

/** Applies `action` to each id on its own (each atomic); answers every id in the order given. */
export async function forEachIncident(
  ids: number[],
  action: (id: number) => Promise<unknown>,
): Promise<{ results: BulkOutcome[] }> {
  const results: BulkOutcome[] = [];
  for (const id of ids) {
    try {
      await action(id);
      results.push({ id, outcome: 'APPLIED' });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      results.push(
        error.kind === 'NOT_FOUND'
          ? { id, outcome: 'NOT_FOUND' }
          : { id, outcome: 'SKIPPED', reason: error.kind, detail: error.message },
      );
    }
  }
  return { results };
}
