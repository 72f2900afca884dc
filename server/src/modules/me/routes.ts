import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { meResponseSchema } from '../../../../shared/contracts/tenant.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../http/access.js';
import { responses } from '../../http/responses.js';
import { getTenant, readSettings } from '../tenants/repository.js';

export function meRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/me',
      {
        config: { access: 'signed-in' },
        schema: {
          summary: 'The signed-in employee, what their roles allow, and the tenant’s public settings',
          response: responses({ 200: meResponseSchema }),
        },
      },
      async (request) => {
        const who = caller(request);
        const [employee, teams, tenant, settings] = await Promise.all([
          deps.db
            .selectFrom('employees')
            .select(['id', 'email', 'name', 'image', 'employeeIdentificationNo', 'legacyId', 'isSettingProfile'])
            .where('id', '=', who.employeeId)
            .where('tenantId', '=', who.tenantId)
            .executeTakeFirstOrThrow(),
          deps.db
            .selectFrom('teamMembers')
            .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
            .select(['teams.id', 'teams.name'])
            .where('teamMembers.employeeId', '=', who.employeeId)
            .where('teamMembers.tenantId', '=', who.tenantId)
            .orderBy('teams.name')
            .execute(),
          getTenant(deps.db, who.tenantId),
          readSettings(deps.db, who.tenantId),
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
          tenant: { id: tenant.id, name: tenant.name, emailDomain: tenant.emailDomain, logo: tenant.logo, settings },
        };
      },
    );
  };
}
