/**
 * The tenant and its settings: the General, Tenant and Demo data tabs (name, logo, general settings) and
 * the Productivity and Notification tabs (their own keys, behind their own permissions).
 */
import {
  productivitySettingsPatchSchema,
  productivitySettingsSchema,
  tenantNotificationSettingsPatchSchema,
  tenantNotificationSettingsSchema,
  tenantResponseSchema,
  updateTenantBodySchema,
} from '../contracts/tenant.js';
import { endpoint } from './define.js';

export const tenantEndpoints = {
  getTenant: endpoint({
    method: 'GET',
    path: '/api/tenant',
    access: 'view-tenant-settings',
    summary: 'The tenant with all its settings (General, Tenant, Demo data tabs)',
    response: tenantResponseSchema,
  }),
  updateTenant: endpoint({
    method: 'PATCH',
    path: '/api/tenant',
    access: 'edit-tenant-settings',
    summary: 'Change the tenant’s name, logo and general settings (isDemoDataDisabled hides the demo data)',
    body: updateTenantBodySchema,
    response: tenantResponseSchema,
  }),
  getProductivitySettings: endpoint({
    method: 'GET',
    path: '/api/tenant/productivity-settings',
    access: 'edit-productivity-settings',
    summary: 'The Productivity tab',
    response: productivitySettingsSchema,
  }),
  updateProductivitySettings: endpoint({
    method: 'PATCH',
    path: '/api/tenant/productivity-settings',
    access: 'edit-productivity-settings',
    summary: 'Change productivity settings (edit limit 0-365, hours 0-24, WFO 0-100, time zone)',
    body: productivitySettingsPatchSchema,
    response: productivitySettingsSchema,
  }),
  getTenantNotificationSettings: endpoint({
    method: 'GET',
    path: '/api/tenant/notification-settings',
    access: 'edit-notification-settings',
    summary: 'The Notification tab: digest days and times, new employees’ channels, reminder days',
    response: tenantNotificationSettingsSchema,
  }),
  updateTenantNotificationSettings: endpoint({
    method: 'PATCH',
    path: '/api/tenant/notification-settings',
    access: 'edit-notification-settings',
    summary: 'Change the Notification tab (times HH:mm in the company’s time zone; reminder days rising, 1-30)',
    body: tenantNotificationSettingsPatchSchema,
    response: tenantNotificationSettingsSchema,
  }),
};
