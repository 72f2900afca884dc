/** The signed-in employee's own row and teams, bound to their tenant (`ctx.repo(meRepository)`). */
import type { Language } from '../../../../shared/i18n/languages.js';
import { employeeImagePath } from '../../../../shared/images.js';
import { groupLinks } from '../../db/links.js';
import { ownedRows } from '../../db/owned.js';
import type { TenantScope } from '../../http/context.js';

export function meRepository(scope: TenantScope) {
  const { db, tenantId, now } = scope;
  return {
    /** The employee's profile fields; throws when the tenant has no such employee. */
    profile: async (employeeId: number) => {
      const row = await db
        .selectFrom('employees')
        .select([
          'id',
          'email',
          'name',
          'image',
          'employeeIdentificationNo',
          'legacyId',
          'isSettingProfile',
          'language',
        ])
        .where('id', '=', employeeId)
        .where('tenantId', '=', tenantId)
        .executeTakeFirstOrThrow();
      // The picture is served by Teambeat; `image` holds its version (docs/security.md).
      return { ...row, image: row.image ? employeeImagePath(row.id, row.image) : null };
    },

    /** Sets the employee's own language (null: the company's default). */
    setLanguage: async (employeeId: number, language: Language | null) => {
      await ownedRows(scope).update('employees', employeeId, { language, updatedAt: now().toISOString() });
    },

    /** The teams the employee belongs to, by name. */
    teams: async (employeeId: number) =>
      (await groupLinks(scope, 'teams').groupsOf([employeeId])).get(employeeId) ?? [],
  };
}
