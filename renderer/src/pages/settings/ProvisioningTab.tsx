/**
 * Provisioning (SCIM 2.0): the tokens the company's identity provider (Entra ID, Okta) uses to add, change and
 * deactivate employees and teams. A new token is shown once, with a copy button and the SCIM base URL; revoking one
 * stops the provider at its next call. docs/sso.md, "Provisioning (SCIM 2.0)".
 */
import { createScimTokenBodySchema } from '../../../../shared/contracts/scim';
import { useCreateScimToken, useRevokeScimToken, useScimTokens } from '../../api/hooks/scim';
import { SecretKeysPanel } from '../../components/SecretKeysPanel';
import { useTranslation } from '../../i18n';

export function ProvisioningTab() {
  const { t } = useTranslation('settings');
  const keys = useScimTokens();
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  return (
    <SecretKeysPanel
      keys={keys}
      create={create}
      revoke={revoke}
      secretOf={(created) => created.token}
      validName={(name) => createScimTokenBodySchema.safeParse({ name }).success}
      texts={{
        title: t('provisioning.title'),
        description: t('provisioning.description'),
        create: t('provisioning.createToken'),
        loading: t('provisioning.loading'),
        tableLabel: t('provisioning.tableLabel'),
        emptyTitle: t('provisioning.emptyTitle'),
        emptyBody: t('provisioning.emptyBody'),
        columns: {
          name: t('provisioning.columns.name'),
          prefix: t('provisioning.columns.prefix'),
          created: t('provisioning.columns.created'),
          used: t('provisioning.columns.used'),
          status: t('provisioning.columns.status'),
        },
        prefix: (prefix) => `${prefix}…`,
        never: t('provisioning.never'),
        revoked: t('provisioning.revoked'),
        active: t('provisioning.active'),
        revokeNamed: (name) => t('provisioning.revokeNamed', { name }),
        revokeTitle: t('provisioning.revokeTitle'),
        revoke: t('provisioning.revoke'),
        revokeBody: (name) => t('provisioning.revokeBody', { name }),
        dialog: {
          title: t('provisioning.createTitle'),
          name: t('provisioning.name'),
          nameHint: t('provisioning.nameHint'),
          nameRequired: t('provisioning.nameRequired'),
          submit: t('provisioning.createToken'),
          keyFor: (name) => t('provisioning.tokenFor', { name }),
          copyNow: t('provisioning.copyNow'),
          shownOnce: t('provisioning.shownOnce'),
          keyLabel: t('provisioning.tokenLabel'),
          copy: t('provisioning.copy'),
          copied: t('provisioning.copied'),
          noClipboard: t('provisioning.clipboardUnavailable'),
          pasteIt: t('provisioning.whereToEnter', { url: `${window.location.origin}/api/scim/v2` }),
          done: t('provisioning.done'),
        },
      }}
    />
  );
}
