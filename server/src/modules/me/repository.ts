/** The signed-in employee's own row and teams, bound to their tenant (`ctx.repo(meRepository)`). */
import type { Language } from '../../../../shared/i18n/languages.js';
import { employeeImagePath } from '../../../../shared/images.js';
import { ownedRows } from '../../db/owned.js';
import { prepareForTenant } from '../../db/prepared.js';
import type { TenantScope } from '../../http/context.js';

// Prepared: every page of the app asks for GET /api/me.
const profileRow = prepareForTenant((db, p: { tenantId: number; employeeId: number }) =>
  db
    .selectFrom('employees')
    .select(['id', 'email', 'name', 'image', 'employeeIdentificationNo', 'legacyId', 'isSettingProfile', 'language'])
    .where('id', '=', p.employeeId)
    .where('tenantId', '=', p.tenantId),
);

const teamRows = prepareForTenant((db, p: { tenantId: number; employeeId: number }) =>
  db
    .selectFrom('teamMembers')
    .innerJoin('teams', 'teams.id', 'teamMembers.teamId')
    .select(['teams.id', 'teams.name'])
    .where('teamMembers.employeeId', '=', p.employeeId)
    .where('teamMembers.tenantId', '=', p.tenantId)
    .orderBy('teams.name'),
);

export function meRepository(scope: TenantScope) {
  const { tenantId, now } = scope;
  return {
    /** The employee's profile fields; throws when the tenant has no such employee. */
    profile: async (employeeId: number) => {
      const row = await profileRow.first(scope, { employeeId });
      if (!row) throw new Error(`No employee ${employeeId} in tenant ${tenantId}`);
      // The picture is served by Teambeat; `image` holds its version (docs/security.md).
      return { ...row, image: row.image ? employeeImagePath(row.id, row.image) : null };
    },

    /** Sets the employee's own language (null: the company's default). */
    setLanguage: async (employeeId: number, language: Language | null) => {
      await ownedRows(scope).update('employees', employeeId, { language, updatedAt: now().toISOString() });
    },

    /** The teams the employee belongs to, by name. */
    teams: (employeeId: number) => teamRows.all(scope, { employeeId }),
  };
}
