/** The auto-leave configuration of one tenant (one row, absent until first saved). */
import type { AutoLeavesConfig } from '../../../../shared/contracts/leave.js';
import type { TenantScope } from '../../http/context.js';

export function autoLeavesRepository({ db, tenantId, now }: TenantScope) {
  return {
    /** The configuration; disabled with nothing chosen when the tenant never saved one. */
    async config(): Promise<AutoLeavesConfig> {
      const row = await db
        .selectFrom('autoLeaveConfigs')
        .selectAll()
        .where('tenantId', '=', tenantId)
        .executeTakeFirst();
      return {
        enabled: row?.enabled === 1,
        integrationId: row?.integrationId ?? null,
        firstLeaveTypeId: row?.firstLeaveTypeId ?? null,
        secondLeaveTypeId: row?.secondLeaveTypeId ?? null,
        enabledSince: row?.enabledSince ?? null,
      };
    },

    /** Stores the configuration as given (the routes decide its start) and answers it as read back. */
    async save(config: AutoLeavesConfig): Promise<AutoLeavesConfig> {
      const values = {
        enabled: config.enabled ? (1 as const) : (0 as const),
        integrationId: config.integrationId,
        firstLeaveTypeId: config.firstLeaveTypeId,
        secondLeaveTypeId: config.secondLeaveTypeId,
        enabledSince: config.enabledSince,
        updatedAt: now().toISOString(),
      };
      await db
        .insertInto('autoLeaveConfigs')
        .values({ tenantId, ...values })
        .onConflict((oc) => oc.column('tenantId').doUpdateSet(values))
        .execute();
      return this.config();
    },
  };
}
