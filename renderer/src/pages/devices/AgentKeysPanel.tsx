/**
 * Device agent keys: what opens the agent API for a desktop app or a headless agent on the office network. A new key
 * is shown once, with a copy button; revoking one stops its agent at its next call.
 */
import { createAgentKeyBodySchema } from '../../../../shared/contracts/devices';
import { useAgentKeys, useCreateAgentKey, useRevokeAgentKey } from '../../api/hooks/devices';
import { SecretKeysPanel } from '../../components/SecretKeysPanel';
import { useTranslation } from '../../i18n';

export function AgentKeysPanel() {
  const { t } = useTranslation('devices');
  const keys = useAgentKeys();
  const create = useCreateAgentKey();
  const revoke = useRevokeAgentKey();
  return (
    <SecretKeysPanel
      keys={keys}
      create={create}
      revoke={revoke}
      secretOf={(created) => created.key}
      validName={(name) => createAgentKeyBodySchema.safeParse({ name }).success}
      texts={{
        title: t('agentKeys.title'),
        description: t('agentKeys.description'),
        create: t('agentKeys.create'),
        loading: t('agentKeys.loading'),
        tableLabel: t('agentKeys.label'),
        emptyTitle: t('agentKeys.emptyTitle'),
        emptyBody: t('agentKeys.emptyBody'),
        columns: {
          name: t('agentKeys.columns.name'),
          prefix: t('agentKeys.columns.prefix'),
          created: t('agentKeys.columns.created'),
          used: t('agentKeys.columns.used'),
          status: t('agentKeys.columns.status'),
        },
        prefix: (prefix) => t('agentKeys.prefix', { prefix }),
        never: t('agentKeys.never'),
        revoked: t('agentKeys.revoked'),
        active: t('agentKeys.active'),
        revokeNamed: (name) => t('agentKeys.revokeNamed', { name }),
        revokeTitle: t('agentKeys.revokeTitle'),
        revoke: t('agentKeys.revoke'),
        revokeBody: (name) => t('agentKeys.revokeBody', { name }),
        dialog: {
          title: t('agentKeys.create'),
          name: t('agentKeys.dialog.name'),
          nameHint: t('agentKeys.dialog.nameHint'),
          nameRequired: t('agentKeys.dialog.nameRequired'),
          submit: t('agentKeys.dialog.submit'),
          keyFor: (name) => t('agentKeys.dialog.keyFor', { name }),
          copyNow: t('agentKeys.dialog.copyNow'),
          shownOnce: t('agentKeys.dialog.shownOnce'),
          keyLabel: t('agentKeys.dialog.key'),
          copy: t('agentKeys.dialog.copy'),
          copied: t('agentKeys.dialog.copied'),
          noClipboard: t('agentKeys.dialog.noClipboard'),
          pasteIt: t('agentKeys.dialog.pasteIt'),
          done: t('agentKeys.dialog.done'),
        },
      }}
    />
  );
}
