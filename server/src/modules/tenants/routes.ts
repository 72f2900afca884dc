/**
 * The tenant and its settings (shared/endpoints/tenant.ts): the General, Tenant and Demo data tabs, and
 * the Productivity and Notification tabs with their own keys. The SQL is in the tenant-bound repository.
 */
import type { ProductivitySettings, TenantNotificationSettings } from '../../../../shared/contracts/tenant.js';
import { tenantEndpoints } from '../../../../shared/endpoints/tenant.js';
import {
  NOTIFICATION_SETTING_KEYS,
  PRODUCTIVITY_SETTING_KEYS,
  type TenantSettings,
} from '../../../../shared/settings.js';
import { defineRoutes } from '../../http/endpoints.js';
import { notificationWriter } from '../notifications/writer.js';
import { tenantRepository } from './repository.js';

/** The Productivity tab's keys of the settings. */
function productivityOf(settings: TenantSettings): ProductivitySettings {
  return Object.fromEntries(PRODUCTIVITY_SETTING_KEYS.map((k) => [k, settings[k]])) as ProductivitySettings;
}

/** The Notification tab's keys of the settings. */
function notificationSettingsOf(settings: TenantSettings): TenantNotificationSettings {
  return Object.fromEntries(NOTIFICATION_SETTING_KEYS.map((k) => [k, settings[k]])) as TenantNotificationSettings;
}

export const tenantRoutes = defineRoutes(tenantEndpoints, {
  getTenant: (ctx) => ctx.repo(tenantRepository).view(),

  updateTenant: async (ctx, { body }) => {
    const tenants = ctx.repo(tenantRepository);
    const { settings, ...fields } = body;
    await tenants.update(fields);
    if (settings) await tenants.writeSettings(settings);
    if (settings?.isDemoDataDisabled === true) await ctx.repo(notificationWriter).closeDemo();
    return tenants.view();
  },

  getProductivitySettings: async (ctx) => productivityOf(await ctx.settings()),

  updateProductivitySettings: async (ctx, { body }) => {
    const tenants = ctx.repo(tenantRepository);
    await tenants.writeSettings(body);
    return productivityOf(await tenants.readSettings());
  },

  getTenantNotificationSettings: async (ctx) => notificationSettingsOf(await ctx.settings()),

  updateTenantNotificationSettings: async (ctx, { body }) => {
    const tenants = ctx.repo(tenantRepository);
    await tenants.writeSettings(body);
    return notificationSettingsOf(await tenants.readSettings());
  },
});
