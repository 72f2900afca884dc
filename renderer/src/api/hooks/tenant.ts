/**
 * The tenant and its settings: the General, Tenant and Demo data tabs (name, logo, time zone, demo data)
 * and the Productivity tab. Every save also refreshes /api/me (`meKey`), which carries the tenant's name,
 * logo and settings to the header, the weekend and every page that reads them.
 */
import type { RequestOf, ResponseOf } from '../../../../shared/endpoints/define';
import { tenantEndpoints as ep } from '../../../../shared/endpoints/tenant';
import type { Language } from '../../../../shared/i18n/languages';
import type { TenantSettings } from '../../../../shared/settings';
import type { QueryKey } from '@tanstack/react-query';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { meKey } from './me';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

export const tenantKeys = {
  tenant: ['tenant', 'details'] as const,
  productivity: ['tenant', 'productivity'] as const,
};

/** The tenant as GET /api/tenant answers it: name, e-mail domain, logo and every setting. */
export type Tenant = ResponseOf<typeof ep.getTenant>;

export type ProductivitySettingsChanges = RequestOf<typeof ep.updateProductivitySettings>['body'];

/** The tenant with all its settings (needs view-tenant-settings). */
export const useTenant = () => useEndpointQuery(tenantKeys.tenant, ep.getTenant, {});

/**
 * A save of some of the company's settings (the Settings tabs' cards): the tenant and /api/me are read
 * again, and whatever else the settings shape (`invalidates`); the toasts say `saved` or `notSaved`.
 */
export function useSaveTenantSettings<K extends keyof TenantSettings>(options: {
  invalidates: readonly QueryKey[];
  saved: string;
  notSaved: string;
}) {
  return useApiMutation({
    mutationFn: (settings: Pick<TenantSettings, K>) => call(ep.updateTenant, { body: { settings } }),
    invalidates: [tenantKeys.tenant, meKey, ...options.invalidates],
    success: () => options.saved,
    failure: options.notSaved,
  });
}

/** The General tab's save of the company's default language (also the e-mails' language). */
export function useSaveCompanyLanguage() {
  const { t } = useTranslation('common');
  return useApiMutation({
    mutationFn: (language: Language) => call(ep.updateTenant, { body: { settings: { default_language: language } } }),
    invalidates: [tenantKeys.tenant, meKey],
    failure: t('language.notSaved'),
  });
}

/** The General tab's save: the company's name. */
export function useSaveCompanyName() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (name: string) => call(ep.updateTenant, { body: { name } }),
    invalidates: [tenantKeys.tenant, meKey],
    success: (saved) => ({ title: t('general.saved'), body: saved.name }),
    failure: t('general.notSaved'),
  });
}

/**
 * The Tenant tab's logo upload: the file's bytes as they are; the server checks type, size and pixels. A
 * refusal is said under the logo field (the tab does it), not in a toast as well.
 */
export function useUploadTenantLogo() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (file: Blob) => call(ep.uploadTenantLogo, { body: file }),
    invalidates: [tenantKeys.tenant, meKey],
    success: () => t('tenant.logoSaved'),
  });
}

/** The Tenant tab's logo removal (after its confirmation). */
export function useRemoveTenantLogo() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: () => call(ep.removeTenantLogo, {}),
    invalidates: [tenantKeys.tenant, meKey],
    success: () => t('tenant.logoRemoved'),
    failure: t('tenant.logoNotRemoved'),
  });
}

/**
 * The Tenant tab's time zone. It changes what day every attendance, leave and figure falls on, so every
 * query is read again.
 */
export function useSaveTenantTimeZone() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (zone: string) => call(ep.updateTenant, { body: { settings: { tenant_timezone: zone } } }),
    invalidates: [[]],
    success: (saved) => ({ title: t('tenant.timeZoneSaved'), body: saved.settings.tenant_timezone }),
    failure: t('tenant.timeZoneNotSaved'),
  });
}

/**
 * The Demo data tab: switches the demo company's people and rows off (or on again). They leave, or come
 * back to, every list, figure, chart and report, so every query is read again.
 */
export function useSetDemoData() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (disabled: boolean) => call(ep.updateTenant, { body: { settings: { isDemoDataDisabled: disabled } } }),
    invalidates: [[]],
    success: (saved) => (saved.settings.isDemoDataDisabled ? t('demo.disabled') : t('demo.enabled')),
    // No failure toast: the tab says it in place, with the spec's "Failed to disable demo data".
  });
}

export const useProductivitySettings = () => useEndpointQuery(tenantKeys.productivity, ep.getProductivitySettings, {});

/** Saves productivity settings; a refusal's field messages are the page's to show. */
export function useUpdateProductivitySettings() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (changes: ProductivitySettingsChanges) => call(ep.updateProductivitySettings, { body: changes }),
    // The time zone and the weekend decide what day everything falls on and which days are worked (attendance,
    // leave, dashboards), and the Tenant tab shows the same zone: every query is read again, as the Tenant tab's
    // time zone save does.
    invalidates: [[]],
    success: () => t('productivity.saved'),
    failure: t('productivity.notSaved'),
  });
}
