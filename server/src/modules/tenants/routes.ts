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
import { readLogo, removeLogo, uploadLogo } from './logo.js';
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

  uploadTenantLogo: (ctx, { body }, { request }) => {
    const length = request.headers['content-length'];
    return uploadLogo(ctx, body, length === undefined ? undefined : Number(length));
  },

  removeTenantLogo: (ctx) => removeLogo(ctx),

  getTenantLogo: async (ctx, { params }, { reply }) => {
    const logo = await readLogo(ctx.deps, params.logoId);
    void reply
      .header('content-type', logo.contentType)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('content-disposition', 'inline')
      // A new upload has a new id: this one never changes.
      .header('cache-control', 'public, max-age=31536000, immutable');
    // Fastify sends a Buffer as it is; the response schema only describes it for the OpenAPI document.
    return logo.data as unknown as string;
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
