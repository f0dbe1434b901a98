// Who owns an incident, decided in the transaction that creates or reopens it, from the rules in force
// (docs/decisions/0015-teams-and-ownership.md). The rules are held in memory per revision; every transaction
// that decides owners reads the revision under a shared lock that a replacement of the rules takes
// exclusively, so that an owner is always decided by the rules in force when its transaction commits.
import { asc, eq, sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../../../db/client';
import { groups, ownershipRevision, ownershipRules } from '../../../db/schema';
import { OwnershipMatcher, type OwnershipFacts, type OwnershipRule } from '../../../domain/ownership';

/** The advisory lock of the rules: shared by the transactions that decide owners, exclusive for a replacement. */
export const OWNERSHIP_LOCK = 7_340_215;

/** The rules of one revision, compiled, with the ids of the teams they name. */
export interface Ownership {
  token: string;
  revision: number;
  rules: OwnershipRule[];
  matcher: OwnershipMatcher;
  teamIds: ReadonlyMap<string, number>;
}

/**
 * Compiled rules by their revision's token (a fresh random value at each replacement, so that two databases
 * this process talks to never share one by chance). A few are kept: one database seldom needs more than one.
 */
const compiled = new Map<string, Ownership>();
const KEPT = 4;

/** The rules as stored, in their order, with their teams' codes. */
export async function loadRules(tx: Db): Promise<{ rules: OwnershipRule[]; teamIds: Map<string, number> }> {
  const rows = await tx
    .select({
      teamId: ownershipRules.teamId,
      team: groups.code,
      source: ownershipRules.source,
      processDefinition: ownershipRules.processDefinition,
      nodeId: ownershipRules.nodeId,
      topic: ownershipRules.topic,
      incidentGroup: ownershipRules.incidentGroup,
    })
    .from(ownershipRules)
    .innerJoin(groups, eq(groups.id, ownershipRules.teamId))
    .orderBy(asc(ownershipRules.position));
  return {
    rules: rows.map(({ teamId: _, ...rule }) => rule),
    teamIds: new Map(rows.map((r) => [r.team, r.teamId])),
  };
}

export function compile(token: string, revision: number, loaded: Awaited<ReturnType<typeof loadRules>>) {
  const ownership: Ownership = { token, revision, ...loaded, matcher: new OwnershipMatcher(loaded.rules) };
  compiled.delete(token);
  compiled.set(token, ownership);
  if (compiled.size > KEPT) compiled.delete(compiled.keys().next().value!);
  return ownership;
}

/**
 * Takes the rules' shared lock for the rest of `tx` and answers the rules in force. Call it before the
 * transaction locks any incident: a replacement holds the exclusive lock while it updates incidents.
 */
export async function holdOwnership(tx: Db): Promise<Ownership> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(${OWNERSHIP_LOCK})`);
  // After the lock, in a statement of its own: its snapshot sees a replacement that committed meanwhile.
  const [state] = await tx
    .select({ revision: ownershipRevision.revision, token: ownershipRevision.token })
    .from(ownershipRevision);
  const known = compiled.get(state.token);
  if (known) return known;
  return compile(state.token, Number(state.revision), await loadRules(tx));
}

export interface OwnedIncident {
  id: number;
  ownerTeamId: number | null;
}

interface FactsRow {
  id: number | string;
  source: string;
  node_id: string;
  template_id: number | string;
  process_definition: string | null;
  topic: string | null;
  owner_team_id: number | string | null;
}

/** What rules match of each incident: its own fields, and its worker request's topic (and definition). */
export function factsOf(row: FactsRow): OwnershipFacts {
  return {
    source: row.source,
    processDefinition: row.process_definition,
    nodeId: row.node_id,
    topic: row.topic,
    incidentGroup: `${row.source}:${row.template_id}:${row.node_id}`,
  };
}

export const FACTS_COLUMNS = sql`i.id, i.source, i.node_id, i.template_id, i.owner_team_id,
  coalesce(i.process_definition, w.process_definition) as process_definition, w.topic`;

export function ownerIdOf(ownership: Ownership, row: FactsRow): number | null {
  const team = ownership.matcher.ownerOf(factsOf(row));
  return team === null ? null : ownership.teamIds.get(team)!;
}

/**
 * Gives these incidents their owner under `ownership` (held by holdOwnership in this transaction) and
 * answers those whose owner changed, with the owner they have now. Nothing is read while no rule exists and
 * none of them has an owner.
 */
export async function decideOwners(
  tx: Db,
  ownership: Ownership,
  incidents: readonly OwnedIncident[],
): Promise<Map<number, number | null>> {
  const changed = new Map<number, number | null>();
  if (!incidents.length || (!ownership.matcher.size && incidents.every((i) => i.ownerTeamId === null)))
    return changed;
  const ids = JSON.stringify(incidents.map((i) => i.id));
  const rows = rowsOf<FactsRow>(
    await tx.execute(sql`
      select ${FACTS_COLUMNS}
      from incidents i left join worker_requests w on w.id = i.worker_request_id
      where i.id in (select (jsonb_array_elements_text(${ids}::jsonb))::bigint)`),
  );
  for (const row of rows) {
    const owner = ownerIdOf(ownership, row);
    const before = row.owner_team_id === null ? null : Number(row.owner_team_id);
    if (owner !== before) changed.set(Number(row.id), owner);
  }
  await setOwners(tx, changed);
  return changed;
}

/** One UPDATE for every owner in `owners` (incident id to team id or null). */
export async function setOwners(
  tx: Db,
  owners: ReadonlyMap<number, number | null>,
  { touch = false } = {},
): Promise<void> {
  if (!owners.size) return;
  const values = JSON.stringify([...owners].map(([id, owner]) => ({ id, owner })));
  await tx.execute(sql`
    update incidents set owner_team_id = f.owner${touch ? sql`, updated_at = now()` : sql``}
    from jsonb_to_recordset(${values}::jsonb) as f(id bigint, owner bigint)
    where incidents.id = f.id`);
}

/** The row with the owner decided for it, when decideOwners changed it. */
export function withOwner<T extends OwnedIncident>(row: T, owners: ReadonlyMap<number, number | null>): T {
  return owners.has(row.id) ? { ...row, ownerTeamId: owners.get(row.id)! } : row;
}
