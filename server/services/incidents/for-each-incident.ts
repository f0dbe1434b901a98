// The bulk actions: one action applied to each of up to 250 incidents, each on its own.
import { BULK_SKIP_REASONS, type BulkSkipReason } from '../../../domain/incidents';
import { DomainError, type DomainErrorKind } from '../../errors';

export type BulkOutcome = {
  id: number;
  outcome: 'APPLIED' | 'SKIPPED' | 'NOT_FOUND';
  /** Why it was skipped: the error code (one of BULK_SKIP_REASONS, the document's enum) and its words. */
  reason?: BulkSkipReason;
  detail?: string;
};

const SKIP_REASONS: readonly DomainErrorKind[] = BULK_SKIP_REASONS;
const isSkipReason = (kind: DomainErrorKind): kind is BulkSkipReason => SKIP_REASONS.includes(kind);

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
      // Any other refusal (a database outage) is the whole request's, as in any single action.
      if (!(error instanceof DomainError)) throw error;
      if (error.kind === 'NOT_FOUND') results.push({ id, outcome: 'NOT_FOUND' });
      else if (isSkipReason(error.kind))
        results.push({ id, outcome: 'SKIPPED', reason: error.kind, detail: error.message });
      else throw error;
    }
  }
  return { results };
}
