/**
 * Single sign-on settings (Settings, Single sign-on; docs/sso.md): the tenant's OpenID Connect provider, whose
 * client secret is write-only (the answer says only whether one is stored), and the connection test. Both
 * need an account holding every permission; the server decides.
 */
import type { RequestOf } from '../../../../shared/endpoints/define';
import { ssoEndpoints as ep } from '../../../../shared/endpoints/sso';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation, useCallMutation } from './mutation';
import { useEndpointQuery } from './query';

export const ssoKeys = { settings: ['sso', 'settings'] as const };

export type SsoSettingsChanges = RequestOf<typeof ep.updateSsoSettings>['body'];

export const useSsoSettings = () => useEndpointQuery(ssoKeys.settings, ep.getSsoSettings, {});

/** Saves the provider; a refusal's field messages are the form's to show. */
export function useSaveSsoSettings() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (changes: SsoSettingsChanges) => call(ep.updateSsoSettings, { body: changes }),
    invalidates: [ssoKeys.settings],
    success: () => t('sso.saved'),
    failure: t('sso.notSaved'),
  });
}

/** OpenID discovery at an issuer, nothing saved; the form shows the outcome beside the field. */
export const useTestSsoIssuer = () => useCallMutation((issuer: string) => call(ep.testSsoIssuer, { body: { issuer } }));
