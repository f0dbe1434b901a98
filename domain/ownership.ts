// Which team owns an incident: ownership rules over what the incident carries, matched by glob, the most
// specific matching rule deciding (docs/contract.md §13, "Ownership"), and the OWNERS text they are written in.
import picomatch from 'picomatch';

/** What a rule may match, in the order an OWNERS line writes them, with the name a line gives each. */
export const RULE_FIELDS = {
  source: 'source',
  processDefinition: 'process',
  nodeId: 'node',
  topic: 'topic',
  incidentGroup: 'group',
} as const;
export type RuleField = keyof typeof RULE_FIELDS;
const FIELDS = Object.keys(RULE_FIELDS) as RuleField[];
const FIELD_OF_NAME = new Map(FIELDS.map((f) => [RULE_FIELDS[f], f]));

/** A rule: the team it gives incidents to and a glob per field (absent or null: any value). */
export type OwnershipRule = { team: string } & { [F in RuleField]?: string | null };

/** What an incident carries that rules match; null where it has none (no process definition, no topic). */
export type OwnershipFacts = { [F in RuleField]: string | null };

/** The most rules one set holds. */
export const MAX_RULES = 1_000;
export const MAX_GLOB_LENGTH = 200;

// bash: a single `*` crosses `/` too (these are names, not paths); dot: a leading `.` is an ordinary character.
const GLOB_OPTIONS = { bash: true, dot: true } as const;

/** Why `glob` cannot be a rule's glob, or null when it can. */
export function globProblem(glob: string): string | null {
  if (!glob.length) return 'must not be empty';
  if (glob.length > MAX_GLOB_LENGTH) return `at most ${MAX_GLOB_LENGTH} characters`;
  if (/\s/.test(glob)) return 'must not contain white space (`?` matches one character)';
  try {
    picomatch.makeRe(glob, GLOB_OPTIONS);
    return null;
  } catch {
    return 'is not a valid glob';
  }
}

/** Characters that are not glob syntax: the more a rule has, the narrower it is. */
function literalLength(glob: string): number {
  return glob.replace(/[*?[\]{}()!+@|,\\]/g, '').length;
}

interface CompiledRule {
  team: string;
  position: number;
  fields: number;
  literals: number;
  tests: [RuleField, (value: string) => boolean][];
}

/**
 * Rules compiled once, asked many times: the owner of an incident is the team of the matching rule with
 * the most fields given; among those, the most literal characters across its globs; then the first in the set.
 */
export class OwnershipMatcher {
  private readonly rules: CompiledRule[];

  constructor(rules: readonly OwnershipRule[]) {
    this.rules = rules
      .map((rule, position) => {
        const globs = FIELDS.flatMap((f) => (rule[f] == null ? [] : [[f, rule[f]] as const]));
        return {
          team: rule.team,
          position,
          fields: globs.length,
          literals: globs.reduce((n, [, glob]) => n + literalLength(glob), 0),
          tests: globs.map(
            ([f, glob]) => [f, picomatch(glob, GLOB_OPTIONS)] as [RuleField, (v: string) => boolean],
          ),
        };
      })
      // Most specific first, so that the first match is the owner.
      .sort((a, b) => b.fields - a.fields || b.literals - a.literals || a.position - b.position);
  }

  get size(): number {
    return this.rules.length;
  }

  /** The owning team's code, or null when no rule matches. */
  ownerOf(facts: OwnershipFacts): string | null {
    for (const rule of this.rules) {
      if (rule.tests.every(([f, test]) => facts[f] !== null && test(facts[f]))) return rule.team;
    }
    return null;
  }
}

export interface OwnersLineError {
  line: number;
  message: string;
}

/**
 * Parses an OWNERS text: one rule a line, `field=glob` terms then the team as `@code`; `#` starts a comment,
 * blank lines are skipped. Answers the rules, or every line's problem.
 */
export function parseOwners(text: string): { rules: OwnershipRule[] } | { errors: OwnersLineError[] } {
  const rules: OwnershipRule[] = [];
  const errors: OwnersLineError[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    const content = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!content) return;
    const tokens = content.split(/\s+/);
    const last = tokens.pop()!;
    if (!/^@[^\s@]+$/.test(last)) {
      errors.push({ line, message: 'must end with the owning team, as @code' });
      return;
    }
    if (!tokens.length) {
      errors.push({ line, message: `names no field (${Object.values(RULE_FIELDS).join(', ')})` });
      return;
    }
    const rule: OwnershipRule = { team: last.slice(1) };
    for (const token of tokens) {
      const eq = token.indexOf('=');
      const field = FIELD_OF_NAME.get(token.slice(0, eq) as (typeof RULE_FIELDS)[RuleField]);
      const glob = token.slice(eq + 1);
      if (eq < 0 || !field) {
        errors.push({
          line,
          message: `"${token}" is not field=glob (fields: ${Object.values(RULE_FIELDS).join(', ')})`,
        });
        return;
      }
      if (rule[field] != null) {
        errors.push({ line, message: `${RULE_FIELDS[field]} given twice` });
        return;
      }
      const problem = globProblem(glob);
      if (problem) {
        errors.push({ line, message: `${RULE_FIELDS[field]}: ${problem}` });
        return;
      }
      rule[field] = glob;
    }
    rules.push(rule);
  });
  return errors.length ? { errors } : { rules };
}

/** The rules as an OWNERS text, one line each in their order: what parseOwners reads back to the same set. */
export function formatOwners(rules: readonly OwnershipRule[]): string {
  return rules
    .map((rule) =>
      [
        ...FIELDS.flatMap((f) => (rule[f] == null ? [] : [`${RULE_FIELDS[f]}=${rule[f]}`])),
        `@${rule.team}`,
      ].join(' '),
    )
    .map((line) => `${line}\n`)
    .join('');
}
