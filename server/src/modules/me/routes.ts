/** The signed-in employee (shared/endpoints/me.ts): profile, teams, permissions, the tenant's settings. */
import { meEndpoints } from '../../../../shared/endpoints/me.js';
import type { RequestContext } from '../../http/context.js';
import { defineRoutes } from '../../http/endpoints.js';
import { tenantRepository } from '../tenants/repository.js';
import { meRepository } from './repository.js';

async function meAnswer(ctx: RequestContext) {
  const who = ctx.caller;
  const me = ctx.repo(meRepository);
  const [employee, teams, tenant] = await Promise.all([
    me.profile(who.employeeId),
    me.teams(who.employeeId),
    ctx.repo(tenantRepository).view(),
  ]);
  return {
    employee: {
      ...employee,
      isSettingProfile: employee.isSettingProfile === 1,
      teams,
      userTeams: teams.map((t) => t.id).join(','),
    },
    permissions: [...who.permissions].sort(),
    activities: [...who.activities].sort(),
    tenant,
  };
}

export const meRoutes = defineRoutes(meEndpoints, {
  getMe: (ctx) => meAnswer(ctx),
  // Own account only: the row is the caller's, from the token, never from input.
  updateMe: async (ctx, { body }) => {
    if (body.language !== undefined) await ctx.repo(meRepository).setLanguage(ctx.caller.employeeId, body.language);
    return meAnswer(ctx);
  },
});
