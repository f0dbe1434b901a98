// Whether any silence is unended (scheduled or in effect), remembered for a second per database handle. Every
// incident answer says whether a silence covers it (silencedBy, incident-view.ts); while no silence is
// unended, which is nearly always, that costs no statement of its own, so the hottest read of the API keeps
// its one round trip. A silence made here is seen at once; one made on another instance within a second.
// Only the answers' silencedBy can lag: what a silence holds is decided by the database (incident_events_held).
import { isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { silences } from '../../../db/schema';

const FRESH_MS = 1_000;
const known = new WeakMap<Db, { any: Promise<boolean>; until: number }>();

/** False only when no silence was unended a moment ago; true whenever one may be. */
export function anyUnendedSilence(db: Db): Promise<boolean> {
  const now = Date.now();
  const hit = known.get(db);
  if (hit && hit.until > now) return hit.any;
  // Requests that ask together share one statement.
  const any = db
    .select({ id: silences.id })
    .from(silences)
    .where(isNull(silences.endedAt))
    .limit(1)
    .then((rows) => rows.length > 0);
  known.set(db, { any, until: now + FRESH_MS });
  any.catch(() => known.delete(db));
  return any;
}

/** After a silence was made through `db`: the next answers look for it. */
export function silenceMade(db: Db): void {
  known.delete(db);
}
