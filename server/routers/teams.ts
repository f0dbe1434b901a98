// Teams and the ownership rules that give incidents their owner (docs/contract.md §13). Guarded by the
// administrators' permission for now: grants scoped to a team come next (docs/contract.md §13).
import { z } from 'zod';
import { UserResponse } from '../schemas/admin';
import { IdInput, noContent } from '../schemas/common';
import {
  CreateTeamRequest,
  OwnersText,
  OwnershipRulesResponse,
  ReplaceOwnershipRulesRequest,
  ReplacedOwnershipRulesResponse,
  TeamResponse,
  UpdateTeamMembersRequest,
  UpdateTeamRequest,
} from '../schemas/teams';
import { getGroupUsers } from '../services/admin/groups';
import { createTeam, deleteTeam, updateTeam, updateTeamMembers } from '../services/teams/change-team';
import { exportOwners, importOwners, listOwnershipRules } from '../services/teams/ownership-rules';
import { replaceOwnershipRules } from '../services/teams/replace-ownership-rules';
import { getTeam, listTeams, listMyTeams } from '../services/teams/teams';
import { operations, permissionOperation, signedInOperation } from '../transport/trpc';

const admin = permissionOperation('ACCESS_BPM_ADMIN').meta({
  conflict: 'A group code taken, a group already a team, or a team that ownership rules name',
});
const rulesAdmin = permissionOperation('ACCESS_BPM_ADMIN');
const tags = ['Teams'];

export const teamsRouter = operations({
  listMine: signedInOperation
    .meta({
      openapi: {
        method: 'GET',
        path: '/teams/mine',
        operationId: 'listMyTeams',
        tags,
        summary: 'The teams you are a member of',
        description:
          'Lists the teams whose group the caller belongs to, by code: what `owner=mine` filters incidents by.',
      },
    })
    .input(z.object({}))
    .output(z.array(TeamResponse))
    .query(({ ctx }) => listMyTeams(ctx.db, {}, ctx.principal)),

  list: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/teams',
        operationId: 'listTeams',
        tags,
        summary: 'List teams, by code',
        description:
          'Lists every team (a group marked as a team) with its description, lead and member count.',
      },
    })
    .input(z.object({}))
    .output(z.array(TeamResponse))
    .query(({ ctx }) => listTeams(ctx.db)),

  create: admin
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/teams',
        operationId: 'createTeam',
        tags,
        summary: 'Create a team',
        description:
          'Marks an existing group as a team (`groupId`), or creates a group for it (`code` and `name`), and answers the team.',
      },
    })
    .input(CreateTeamRequest)
    .output(TeamResponse)
    .mutation(({ ctx, input }) => createTeam(ctx.db, input, ctx.principal)),

  get: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/teams/{id}',
        operationId: 'getTeam',
        tags,
        summary: 'A team',
        description: 'Answers the team whose group has this id.',
      },
    })
    .input(IdInput)
    .output(TeamResponse)
    .query(({ ctx, input }) => getTeam(ctx.db, input)),

  update: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/teams/{id}',
        operationId: 'updateTeam',
        tags,
        summary: 'Update a team (omitted fields keep their value)',
        description: "Changes the team's name (its group's), description and lead; the code never changes.",
      },
    })
    .input(UpdateTeamRequest)
    .output(TeamResponse)
    .mutation(({ ctx, input }) => updateTeam(ctx.db, input, ctx.principal)),

  delete: admin
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/admin/teams/{id}',
        operationId: 'deleteTeam',
        tags,
        summary: 'Delete a team (its group stays)',
        description:
          'Takes the team mark off its group; refused (409) while an ownership rule names the team. The group, its members and permissions stay.',
      },
      successStatus: 204,
    })
    .input(IdInput)
    .output(noContent)
    .mutation(({ ctx, input }) => deleteTeam(ctx.db, input, ctx.principal)),

  members: admin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/teams/{id}/members',
        operationId: 'getTeamMembers',
        tags,
        summary: 'Members of a team',
        description: "Lists the people in the team's group, ordered by id.",
      },
    })
    .input(IdInput)
    .output(z.array(UserResponse))
    .query(async ({ ctx, input }) => {
      await getTeam(ctx.db, input);
      return getGroupUsers(ctx.db, input);
    }),

  updateMembers: admin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/teams/{id}/members',
        operationId: 'updateTeamMembers',
        tags,
        summary: "Replace a team's members",
        description: "Replaces the people in the team's group with exactly those named and answers them.",
      },
    })
    .input(UpdateTeamMembersRequest)
    .output(z.array(UserResponse))
    .mutation(({ ctx, input }) => updateTeamMembers(ctx.db, input, ctx.principal)),

  rules: rulesAdmin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/ownership-rules',
        operationId: 'listOwnershipRules',
        tags,
        summary: 'The ownership rules in force',
        description: 'Lists the ownership rules in their order, with the revision of the set.',
      },
    })
    .input(z.object({}))
    .output(OwnershipRulesResponse)
    .query(({ ctx }) => listOwnershipRules(ctx.db)),

  replaceRules: rulesAdmin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/ownership-rules',
        operationId: 'replaceOwnershipRules',
        tags,
        summary: 'Replace the ownership rules whole',
        description:
          'Replaces every rule at once and decides again the owner of every unresolved incident, with a timeline entry where it changes, in the same transaction.',
      },
    })
    .input(ReplaceOwnershipRulesRequest)
    .output(ReplacedOwnershipRulesResponse)
    .mutation(({ ctx, input }) => replaceOwnershipRules(ctx.db, input, ctx.principal)),

  exportRules: rulesAdmin
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/ownership-rules/owners',
        operationId: 'exportOwnershipRules',
        tags,
        summary: 'The ownership rules as an OWNERS text',
        description: 'Answers the rules in force as an OWNERS text, one rule a line, in their order.',
      },
    })
    .input(z.object({}))
    .output(OwnersText)
    .query(({ ctx }) => exportOwners(ctx.db)),

  importRules: rulesAdmin
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/ownership-rules/owners',
        operationId: 'importOwnershipRules',
        tags,
        summary: 'Replace the ownership rules from an OWNERS text',
        description:
          'Reads an OWNERS text and replaces the rules with it as PUT /admin/ownership-rules does; a bad line is a 400 naming every bad line.',
      },
    })
    .input(OwnersText)
    .output(ReplacedOwnershipRulesResponse)
    .mutation(({ ctx, input }) => importOwners(ctx.db, input, ctx.principal)),
});
