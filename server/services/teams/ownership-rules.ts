// The ownership rules as the API shows them, and as an OWNERS text (docs/contract.md §13).
import type { Db } from '../../../db/client';
import { ownershipRevision } from '../../../db/schema';
import { formatOwners, parseOwners } from '../../../domain/ownership';
import type { Principal } from '../../auth/principal';
import { validationError } from '../../errors';
import type { OwnershipRuleView, ReplacedOwnershipRules } from '../../schemas/teams';
import { loadRules } from './owners';
import { replaceOwnershipRules } from './replace-ownership-rules';

export async function listOwnershipRules(db: Db): Promise<{ revision: number; rules: OwnershipRuleView[] }> {
  return db.transaction(async (tx) => {
    const [state] = await tx.select({ revision: ownershipRevision.revision }).from(ownershipRevision);
    const { rules } = await loadRules(tx);
    return {
      revision: Number(state.revision),
      rules: rules.map((r) => ({
        team: r.team,
        source: r.source ?? null,
        processDefinition: r.processDefinition ?? null,
        nodeId: r.nodeId ?? null,
        topic: r.topic ?? null,
        incidentGroup: r.incidentGroup ?? null,
      })),
    };
  });
}

/** The rules in force as an OWNERS text, which importOwners reads back to the same rules. */
export async function exportOwners(db: Db): Promise<{ text: string }> {
  const { rules } = await loadRules(db);
  return { text: formatOwners(rules) };
}

/** An OWNERS text replaces the rules whole; a bad line is a 400 naming every bad line, and nothing changes. */
export async function importOwners(
  db: Db,
  input: { text: string },
  actor: Principal,
): Promise<ReplacedOwnershipRules> {
  const parsed = parseOwners(input.text);
  if ('errors' in parsed) {
    const errors = parsed.errors.map((e) => ({ field: `text.line.${e.line}`, message: e.message }));
    throw validationError(errors.map((e) => `line ${e.field.slice(10)}: ${e.message}`).join('; '), errors);
  }
  return replaceOwnershipRules(db, parsed, actor);
}
