/**
 * The productivity settings calls, moved out of the old leave API module when it went away. Temporary:
 * the tenant domain's hooks module (renderer/src/api/hooks/tenant.ts) replaces this file.
 */
import type { TenantSettings } from '../../../shared/settings';
import { api } from './client';

export type ProductivitySettings = Pick<
  TenantSettings,
  | 'attendence_edit_allow_limit'
  | 'tenant_timezone'
  | 'working_hours_per_day'
  | 'break_hours_per_day'
  | 'wfo_required_percentage'
  | 'weekend_days'
  | 'office_networks'
>;

const data = <T>(p: Promise<{ data: T }>) => p.then((r) => r.data);

export const tenantSettingsApi = {
  productivity: () => data(api.get<ProductivitySettings>('/tenant/productivity-settings')),
  saveProductivity: (body: Partial<ProductivitySettings>) =>
    data(api.patch<ProductivitySettings>('/tenant/productivity-settings', body)),
};

export const tenantSettingsKeys = {
  productivity: ['tenant', 'productivity'] as const,
};
