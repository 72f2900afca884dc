/** The signed-in employee's own row and teams, bound to their tenant (`ctx.repo(meRepository)`). */
import type { TenantScope } from '../../http/context.js';

export function meRepository({ db, tenantId }: TenantScope) {
  return {
    /** The employee's profile fields; throws when the tenant has no such employee. */
    profile: (employeeId: number) =>
      db
        .selectFrom('employees')
        .select(['id', 'email', 'name', 'image', 'employeeIdentificationNo', 'legacyId', 'isSettingProfile'])
        .where('id', '=', employeeId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow(),

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
