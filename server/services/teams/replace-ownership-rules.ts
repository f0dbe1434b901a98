// Replacing the ownership rules whole (docs/contract.md §13): the new set, every unresolved incident's
// owner decided again under it with a timeline entry where it changed, and the audit record, in one
// transaction. Resolved incidents keep the owner they had.
import { eq, inArray, sql } from 'drizzle-orm';
import { rowsOf, type Db, type Tx } from '../../../db/client';
import { groups, incidentEvents, ownershipRevision, ownershipRules, teams } from '../../../db/schema';
import { formatOwners, type OwnershipRule } from '../../../domain/ownership';
import type { Principal } from '../../auth/principal';
import { validationError } from '../../errors';
import type { ReplacedOwnershipRules } from '../../schemas/teams';
import { auditedChange } from '../admin/admin-change';
import {
  compile,
  FACTS_COLUMNS,
  loadRules,
  OWNERSHIP_LOCK,
  ownerIdOf,
  setOwners,
  type Ownership,
} from './owners';

/** Unresolved incidents decided again per statement: bounded statements, however many there are. */
export const REEVALUATION_BATCH = 1_000;

export async function replaceOwnershipRules(
  db: Db,
  input: { rules: OwnershipRule[] },
  actor: Principal,
): Promise<ReplacedOwnershipRules> {
  let outcome: ReplacedOwnershipRules | undefined;
  await auditedChange(
    db,
    {
      action: 'ownership_rules.replace',
      targetType: 'ownership_rules',
      targetId: 1,
      before: async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${OWNERSHIP_LOCK})`);
        return formatOwners((await loadRules(tx)).rules);
      },
      write: async (tx) => {
        outcome = await writeRules(tx, input.rules, actor);
      },
      after: async () => formatOwners(input.rules),
    },
    actor,
  );
  return outcome!;
}

async function teamIdsOf(tx: Tx, rules: OwnershipRule[]): Promise<Map<string, number>> {
  const codes = [...new Set(rules.map((r) => r.team))];
  const found = codes.length
    ? await tx
        .select({ id: teams.groupId, code: groups.code })
        .from(teams)
        .innerJoin(groups, eq(groups.id, teams.groupId))
        .where(inArray(groups.code, codes))
    : [];
  const ids = new Map(found.map((t) => [t.code, t.id]));
  const unknown = rules.flatMap((r, i) =>
    ids.has(r.team) ? [] : [{ field: `rules.${i}.team`, message: `no team has the code ${r.team}` }],
  );
  if (unknown.length)
    throw validationError(unknown.map((u) => `${u.field}: ${u.message}`).join('; '), unknown);
  return ids;
}

async function writeRules(tx: Tx, rules: OwnershipRule[], actor: Principal): Promise<ReplacedOwnershipRules> {
  const teamIds = await teamIdsOf(tx, rules);
  await tx.delete(ownershipRules).where(sql`true`);
  if (rules.length)
    await tx.insert(ownershipRules).values(
      rules.map((r, position) => ({
        position,
        teamId: teamIds.get(r.team)!,
        source: r.source ?? null,
        processDefinition: r.processDefinition ?? null,
        nodeId: r.nodeId ?? null,
        topic: r.topic ?? null,
        incidentGroup: r.incidentGroup ?? null,
      })),
    );
  const [state] = await tx
    .update(ownershipRevision)
    .set({ revision: sql`${ownershipRevision.revision} + 1`, token: sql`gen_random_uuid()::text` })
    .where(eq(ownershipRevision.id, 1))
    .returning();
  const ownership = compile(state.token, state.revision, await loadRules(tx));
  const { reevaluated, changed } = await reevaluate(tx, ownership, actor);
  return { revision: state.revision, rules: rules.length, reevaluated, changed };
}

/** Every unresolved incident's owner decided again, a batch at a time in id order. */
async function reevaluate(tx: Tx, ownership: Ownership, actor: Principal) {
  const codes = new Map([...ownership.teamIds].map(([code, id]) => [id, code]));
  const nameOf = async (ids: (number | null)[]) => {
    const missing = ids.filter((id): id is number => id !== null && !codes.has(id));
    if (missing.length)
      for (const g of await tx
        .select({ id: groups.id, code: groups.code })
        .from(groups)
        .where(inArray(groups.id, [...new Set(missing)])))
        codes.set(g.id, g.code);
    return (id: number | null) => (id === null ? 'nobody' : (codes.get(id) ?? `team ${id}`));
  };
  let after = 0;
  let reevaluated = 0;
  let changedCount = 0;
  for (;;) {
    const rows = rowsOf<Parameters<typeof ownerIdOf>[1]>(
      await tx.execute(sql`
        select ${FACTS_COLUMNS}
        from incidents i left join worker_requests w on w.id = i.worker_request_id
        where i.status <> 'RESOLVED' and i.id > ${after}
        order by i.id
        limit ${REEVALUATION_BATCH}`),
    );
    if (!rows.length) break;
    after = Number(rows[rows.length - 1].id);
    reevaluated += rows.length;
    const changed = new Map<number, number | null>();
    const before = new Map<number, number | null>();
    for (const row of rows) {
      const owner = ownerIdOf(ownership, row);
      const was = row.owner_team_id === null ? null : Number(row.owner_team_id);
      if (owner !== was) {
        changed.set(Number(row.id), owner);
        before.set(Number(row.id), was);
      }
    }
    if (!changed.size) continue;
    changedCount += changed.size;
    await setOwners(tx, changed, { touch: true });
    const name = await nameOf([...changed.values(), ...before.values()]);
    await tx.insert(incidentEvents).values(
      [...changed].map(([incidentId, owner]) => ({
        incidentId,
        eventType: 'OWNER_CHANGED' as const,
        message: `Owner: ${name(owner)} (was ${name(before.get(incidentId)!)}): the ownership rules changed`,
        actor: actor.username,
      })),
    );
  }
  return { reevaluated, changed: changedCount };
}
