// Teams and ownership rules (docs/contract.md §13).
import { z } from 'zod';
import { globProblem, MAX_RULES, RULE_FIELDS, type RuleField } from '../../domain/ownership';
import { groupCode, UpdateGroupUsersRequest } from './admin';
import { idParam, jsonId, NOT_BLANK } from './common';

const description = z.string().trim().max(2000, 'must be at most 2000 characters');

export const TeamResponse = z
  .object({
    id: z.number().int().meta({ description: "the team's group id" }),
    code: z.string().meta({ description: "the group's code: what rules and the owner filter name" }),
    name: z.string(),
    description: z.string(),
    leadUserId: z.number().int().nullable(),
    memberCount: z.number().int(),
  })
  .meta({ id: 'Team' });
export type TeamView = z.infer<typeof TeamResponse>;

export const CreateTeamRequest = z
  .object({
    groupId: jsonId
      .optional()
      .meta({ description: 'an existing group to mark as a team; else code and name' }),
    code: groupCode.optional().meta({ description: 'the code of a new group, when no groupId' }),
    name: z.string().trim().min(1).max(200).meta(NOT_BLANK).optional(),
    description: description.default(''),
    leadUserId: jsonId.nullable().default(null),
  })
  .superRefine((v, ctx) => {
    if (v.groupId !== undefined) {
      if (v.code !== undefined || v.name !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['groupId'],
          message: 'either groupId or code and name, not both',
        });
    } else {
      if (v.code === undefined)
        ctx.addIssue({ code: 'custom', path: ['code'], message: 'required without groupId' });
      if (v.name === undefined)
        ctx.addIssue({ code: 'custom', path: ['name'], message: 'required without groupId' });
    }
  })
  .meta({ id: 'CreateTeamRequest' });
export type CreateTeamInput = z.infer<typeof CreateTeamRequest>;

export const UpdateTeamRequest = z
  .object({
    id: idParam,
    name: z.string().trim().min(1).max(200).meta(NOT_BLANK).optional(),
    description: description.optional(),
    leadUserId: jsonId.nullable().optional(),
  })
  .meta({ id: 'UpdateTeamRequest' });
export type UpdateTeamInput = z.infer<typeof UpdateTeamRequest>;

export const UpdateTeamMembersRequest = UpdateGroupUsersRequest.extend({ id: idParam });

export const TeamMemberResponse = z
  .object({ id: z.number().int(), username: z.string() })
  .meta({ id: 'TeamMember' });

const glob = (field: RuleField) =>
  z
    .string()
    .nullable()
    .optional()
    .superRefine((value, ctx) => {
      const problem = value == null ? null : globProblem(value);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .meta({ description: `a glob over the incident's ${RULE_FIELDS[field]}; null or absent: any` });

export const OwnershipRuleSchema = z
  .object({
    team: groupCode.meta({ description: 'the code of the owning team' }),
    source: glob('source'),
    processDefinition: glob('processDefinition'),
    nodeId: glob('nodeId'),
    topic: glob('topic'),
    incidentGroup: glob('incidentGroup'),
  })
  .refine((r) => Object.keys(RULE_FIELDS).some((f) => r[f as RuleField] != null), {
    message: 'a rule needs at least one field',
  })
  .meta({ id: 'OwnershipRule' });

/** A rule as stored: every field present, null for any value. */
export const OwnershipRuleView = z
  .object({
    team: z.string(),
    source: z.string().nullable(),
    processDefinition: z.string().nullable(),
    nodeId: z.string().nullable(),
    topic: z.string().nullable(),
    incidentGroup: z.string().nullable(),
  })
  .meta({ id: 'OwnershipRuleView' });
export type OwnershipRuleView = z.infer<typeof OwnershipRuleView>;

export const OwnershipRulesResponse = z
  .object({
    revision: z.number().int().meta({ description: 'one more at each replacement of the rules' }),
    rules: z.array(OwnershipRuleView),
  })
  .meta({ id: 'OwnershipRules' });

export const ReplaceOwnershipRulesRequest = z
  .object({ rules: z.array(OwnershipRuleSchema).max(MAX_RULES, `at most ${MAX_RULES} rules`) })
  .meta({ id: 'ReplaceOwnershipRulesRequest' });
export type ReplaceOwnershipRulesInput = z.infer<typeof ReplaceOwnershipRulesRequest>;

export const OwnersText = z
  .object({ text: z.string().max(200_000).meta({ description: 'an OWNERS file (docs/contract.md §13)' }) })
  .meta({ id: 'OwnersText' });

export const ReplacedOwnershipRulesResponse = z
  .object({
    revision: z.number().int(),
    rules: z.number().int().meta({ description: 'rules now in force' }),
    reevaluated: z.number().int().meta({ description: 'unresolved incidents whose owner was decided again' }),
    changed: z.number().int().meta({ description: 'of those, the ones whose owner changed' }),
  })
  .meta({ id: 'ReplacedOwnershipRules' });
export type ReplacedOwnershipRules = z.infer<typeof ReplacedOwnershipRulesResponse>;
