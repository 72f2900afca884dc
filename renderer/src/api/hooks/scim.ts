/**
 * Provisioning (Settings, Provisioning): the SCIM tokens an administrator creates for the company's
 * identity provider. A new token is in the create answer only; revoking one stops the provider at once.
 */
import type { ResponseOf } from '../../../../shared/endpoints/define';
import { scimTokenEndpoints as ep } from '../../../../shared/endpoints/scim';
import { useTranslation } from '../../i18n';
import { call } from '../typed';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

export const scimKeys = { tokens: ['scim-tokens'] as const };

export type ScimToken = ResponseOf<typeof ep.listScimTokens>['items'][number];
export type CreatedScimToken = ResponseOf<typeof ep.createScimToken>;

export const useScimTokens = () => useEndpointQuery(scimKeys.tokens, ep.listScimTokens, {});

/** Creates a token; the answer is the only time it is shown. Whoever asks shows failures itself. */
export function useCreateScimToken() {
  return useApiMutation({
    mutationFn: (name: string) => call(ep.createScimToken, { body: { name } }),
    invalidates: [scimKeys.tokens],
  });
}

export function useRevokeScimToken() {
  const { t } = useTranslation('settings');
  return useApiMutation({
    mutationFn: (token: { id: number; name: string }) => call(ep.revokeScimToken, { params: { id: token.id } }),
    invalidates: [scimKeys.tokens],
    success: (_, token) => ({ title: t('provisioning.revokedToast'), body: token.name }),
    failure: t('provisioning.revokeFailed'),
  });
}
