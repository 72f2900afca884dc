/** The signed-in employee's own row and teams, bound to their tenant (`ctx.repo(meRepository)`). */
import type { Language } from '../../../../shared/i18n/languages.js';
import { employeeImagePath } from '../../../../shared/images.js';
import { ownedRows } from '../../db/owned.js';
import { prepareForTenant } from '../../db/prepared.js';
import type { TenantScope } from '../../http/context.js';

// Prepared, and one statement: every page of the app asks for GET /api/me. One row per team the employee
// belongs to, by name (names are unique in a tenant), or one row without a team.
const profileRows = prepareForTenant((db, p: { tenantId: number; employeeId: number }) =>
  db
    .selectFrom('employees')
    .leftJoin('teamMembers', (join) =>
      join.onRef('teamMembers.employeeId', '=', 'employees.id').on('teamMembers.tenantId', '=', p.tenantId),
    )
    .leftJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select([
      'employees.id',
      'employees.email',
      'employees.name',
      'employees.image',
      'employees.employeeIdentificationNo',
      'employees.legacyId',
      'employees.isSettingProfile',
      'employees.language',
      'teams.id as teamId',
      'teams.name as teamName',
    ])
    .where('employees.id', '=', p.employeeId)
    .where('employees.tenantId', '=', p.tenantId)
    .orderBy('teams.name'),
);

export function meRepository(scope: TenantScope) {
  const { tenantId, now } = scope;
  return {
    /** The employee's profile fields and their teams by name; throws when the tenant has no such employee. */
    profile: async (employeeId: number) => {
      const rows = await profileRows.all(scope, { employeeId });
      const first = rows[0];
      if (!first) throw new Error(`No employee ${employeeId} in tenant ${tenantId}`);
      const { teamId: _teamId, teamName: _teamName, ...row } = first;
      const teams: { id: number; name: string }[] = [];
      for (const { teamId, teamName } of rows)
        if (teamId !== null && teamName !== null) teams.push({ id: teamId, name: teamName });
      // The picture is served by Teambeat; `image` holds its version (docs/security.md).
      return { ...row, image: row.image ? employeeImagePath(row.id, row.image) : null, teams };
    },

    /** Sets the employee's own language (null: the company's default). */
    setLanguage: async (employeeId: number, language: Language | null) => {
      await ownedRows(scope).update('employees', employeeId, { language, updatedAt: now().toISOString() });
    },
  };
}
