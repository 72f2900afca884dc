/** The signed-in employee (shared/endpoints/me.ts): profile, teams, permissions, the tenant's settings. */
import { meEndpoints } from '../../../../shared/endpoints/me.js';
import { defineRoutes } from '../../http/endpoints.js';
import { tenantRepository } from '../tenants/repository.js';
import { meRepository } from './repository.js';

export const meRoutes = defineRoutes(meEndpoints, {
  getMe: async (ctx) => {
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
  },
});
