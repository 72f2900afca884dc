/** The tenant's single sign-on provider, bound to the caller's tenant (Settings, Single sign-on). */
import { PERMISSION_NAMES } from '../../../../shared/permissions.js';
import type { TenantScope } from '../../http/context.js';

export function ssoRepository({ db, tenantId, now }: TenantScope) {
  return {
    find() {
      return db.selectFrom('tenantSso').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
    },

    async emailDomain() {
      const tenant = await db
        .selectFrom('tenants')
        .select('emailDomain')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow();
      return tenant.emailDomain.toLowerCase();
    },

    /** Break-glass accounts: the active ones holding every permission of the catalogue (docs/sso.md). */
    breakGlassAccounts() {
      return db
        .selectFrom('employees')
        .select(['employees.id', 'employees.name', 'employees.email'])
        .where('employees.tenantId', '=', tenantId)
        .where('employees.status', '=', 'active')
        .where((eb) =>
          eb(
            eb
              .selectFrom('employeeRoles')
              .innerJoin('roleGrants', 'roleGrants.roleId', 'employeeRoles.roleId')
              .select((inner) => inner.fn.count<number>('roleGrants.name').distinct().as('held'))
              .whereRef('employeeRoles.employeeId', '=', 'employees.id')
              .where('employeeRoles.tenantId', '=', tenantId)
              .where('roleGrants.kind', '=', 'permission')
              .where('roleGrants.name', 'in', PERMISSION_NAMES),
            '=',
            PERMISSION_NAMES.length,
          ),
        )
        .orderBy('employees.name')
        .orderBy('employees.id')
        .execute();
    },

    async save(values: {
      providerName: string;
      issuer: string;
      clientId: string;
      clientSecret: string;
      isEnabled: boolean;
      isRequired: boolean;
    }) {
      const row = {
        ...values,
        isEnabled: values.isEnabled ? (1 as const) : (0 as const),
        isRequired: values.isRequired ? (1 as const) : (0 as const),
        updatedAt: now().toISOString(),
      };
      await db
        .insertInto('tenantSso')
        .values({ tenantId, ...row })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(row))
        .execute();
    },
  };
}
