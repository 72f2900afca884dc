/**
 * The tenant and its settings: the General, Tenant and Demo data tabs (name, logo, general settings) and
 * the Productivity and Notification tabs (their own keys, behind their own permissions).
 */
import {
  productivitySettingsPatchSchema,
  productivitySettingsSchema,
  tenantNotificationSettingsPatchSchema,
  tenantNotificationSettingsSchema,
  tenantLogoParamsSchema,
  tenantLogoResponseSchema,
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
    summary: 'Change the tenant’s name, time zone and general settings (isDemoDataDisabled hides the demo data)',
    body: updateTenantBodySchema,
    response: tenantResponseSchema,
  }),
  uploadTenantLogo: endpoint({
    method: 'PUT',
    path: '/api/tenant/logo',
    access: 'edit-tenant-settings',
    summary: 'Upload the company logo: the raw bytes of a PNG, JPEG or WebP image as the body',
    description:
      'The body is the image itself (any Content-Type; its bytes decide). Refused, naming `body`: another ' +
      'type, 200 KB or more, 1000 pixels wide or more, 500 pixels high or more, an empty body. The logo is ' +
      'stored without its metadata and replaces the earlier one; the header and the sign-in page show it.',
    consumes: 'application/octet-stream',
    response: tenantResponseSchema,
  }),
  removeTenantLogo: endpoint({
    method: 'DELETE',
    path: '/api/tenant/logo',
    access: 'edit-tenant-settings',
    summary: 'Remove the company logo (the header and the sign-in page show the company’s initials)',
    response: tenantResponseSchema,
  }),
  getTenantLogo: endpoint({
    method: 'GET',
    path: '/api/tenant-logos/:logoId',
    access: 'public',
    summary: 'The company logo, for the header and the sign-in page',
    description:
      'Public, because the sign-in page shows it before anyone signs in. Its id is random and only the ' +
      'sign-in lookup of an address of the company (GET /api/auth/tenant) or a signed-in answer names it, so ' +
      'it tells nobody which companies exist. A new upload has a new id, so the answer is cached for a year.',
    params: tenantLogoParamsSchema,
    response: tenantLogoResponseSchema,
    produces: 'image/*',
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
