/**
 * Teams (shared/endpoints/people.ts, teamEndpoints): the list with members and member counts, a team's name and
 * active state, and its members with their leads and product owners (docs/workforce.md, "Teams").
 */
import { validation as V } from '../../../../shared/i18n/en/validation.js';
import { teamEndpoints } from '../../../../shared/endpoints/people.js';
import { defineRoutes } from '../../http/endpoints.js';
import { errors } from '../../http/errors.js';
import { teamRepository } from './repository.js';

export const teamRoutes = defineRoutes(teamEndpoints, {
  listTeams: async (ctx, { query }) => ctx.repo(teamRepository).list(query, (await ctx.settings()).isDemoDataDisabled),

  createTeam: (ctx, { body }) => ctx.repo(teamRepository).create(body),

  updateTeam: (ctx, { params, body }) => ctx.repo(teamRepository).update(params.id, body),

  setTeamMembers: async (ctx, { params, body }) => {
    const teams = ctx.repo(teamRepository);
    await teams.get(params.id);
    const ids = [...new Set(body.employeeIds)];
    const missing = await teams.unknownEmployees(ids);
    if (missing.length > 0)
      throw errors.validation([
        { path: 'body.employeeIds', message: V.unknownEmployees.replace('{{ids}}', missing.join(', ')) },
      ]);
    const roles =
      body.leadIds === undefined && body.productOwnerIds === undefined
        ? undefined
        : { leadIds: [...new Set(body.leadIds ?? [])], productOwnerIds: [...new Set(body.productOwnerIds ?? [])] };
    await ctx.transaction((tx) => tx.repo(teamRepository).replaceMembers(params.id, ids, roles));
    return teams.get(params.id);
  },
});
