/** The signed-in employee's own row and teams, bound to their tenant (`ctx.repo(meRepository)`). */
import { employeeImagePath } from '../../../../shared/images.js';
import type { TenantScope } from '../../http/context.js';

export function meRepository({ db, tenantId }: TenantScope) {
  return {
    /** The employee's profile fields; throws when the tenant has no such employee. */
    profile: async (employeeId: number) => {
      const row = await db
        .selectFrom('employees')
        .select(['id', 'email', 'name', 'image', 'employeeIdentificationNo', 'legacyId', 'isSettingProfile'])
        .where('id', '=', employeeId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
      // The picture is served by Teambeat; `image` holds its version (docs/security.md).
      return { ...row, image: row.image ? employeeImagePath(row.id, row.image) : null };
    },

    /** The teams the employee belongs to, by name. */
    teams: (employeeId: number) =>
      db
        .selectFrom('teamMembers')
        .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
        .select(['teams.id', 'teams.name'])
        .where('teamMembers.employeeId', '=', employeeId)
        .where('teamMembers.tenantId', '=', tenantId)
        .orderBy('teams.name')
        .execute(),
  };
}
