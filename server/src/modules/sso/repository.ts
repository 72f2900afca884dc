/** The tenant's single sign-on provider, bound to the caller's tenant (Settings, Single sign-on). */
import type { TenantScope } from '../../http/context.js';

export function ssoRepository({ db, tenantId, now }: TenantScope) {
  return {
    find() {
      return db.selectFrom('tenantSso').selectAll().where('tenantId', '=', tenantId).executeTakeFirst();
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
