/**
 * Device agent keys: what opens the agent API for a desktop app or a headless agent on the office network. A new key
 * is shown once, with a copy button; revoking one stops its agent at its next call.
 */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular, DeleteRegular, KeyMultipleRegular, KeyRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { createAgentKeyBodySchema } from '../../../../shared/contracts/devices';
import { errorMessage } from '../../api/errors';
import {
  useAgentKeys,
  useCreateAgentKey,
  useRevokeAgentKey,
  type AgentKey,
  type CreatedAgentKey,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { Section } from '../../components/Section';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  keyRow: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS, whiteSpace: 'nowrap' },
  keyInput: { flexGrow: 1, fontFamily: tokens.fontFamilyMonospace },
});

function CreateKeyDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['devices', 'common']);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedAgentKey | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = createAgentKeyBodySchema.safeParse({ name });
  const nameError = touched && !parsed.success ? t('agentKeys.dialog.nameRequired') : undefined;

  const create = useCreateAgentKey();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!parsed.success) return;
    setError(null);
    create.mutate(name.trim(), { onSuccess: setCreated, onError: (e) => setError(errorMessage(e)) });
  };
  const copy = async () => {
    if (!created) return;
    try {
      await navigator.clipboard.writeText(created.key);
      setCopied(true);
    } catch {
      setError(t('agentKeys.dialog.noClipboard'));
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !create.isPending && onClose()}>
      <DialogSurface>
        {created ? (
          <DialogBody>
            <DialogTitle>{t('agentKeys.dialog.keyFor', { name: created.name })}</DialogTitle>
            <DialogContent className={styles.form}>
              <MessageBar intent="warning">
                <MessageBarBody>
                  <MessageBarTitle>{t('agentKeys.dialog.copyNow')}</MessageBarTitle>
                  {t('agentKeys.dialog.shownOnce')}
                </MessageBarBody>
              </MessageBar>
              {error ? (
                <MessageBar intent="error">
                  <MessageBarBody>{error}</MessageBarBody>
                </MessageBar>
              ) : null}
              <div className={styles.keyRow}>
                <Input
                  readOnly
                  value={created.key}
                  aria-label={t('agentKeys.dialog.key')}
                  className={styles.keyInput}
                  onFocus={(e) => e.target.select()}
                />
                <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={() => void copy()}>
                  {copied ? t('agentKeys.dialog.copied') : t('agentKeys.dialog.copy')}
                </Button>
              </div>
              <Text size={200} className={styles.muted}>
                {t('agentKeys.dialog.pasteIt')}
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {t('agentKeys.dialog.done')}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('agentKeys.create')}>
            <DialogBody>
              <DialogTitle>{t('agentKeys.create')}</DialogTitle>
              <DialogContent className={styles.form}>
                {error ? (
                  <MessageBar intent="error" role="alert">
                    <MessageBarBody>{error}</MessageBarBody>
                  </MessageBar>
                ) : null}
                <Field
                  label={t('agentKeys.dialog.name')}
                  required
                  validationMessage={nameError}
                  validationState={nameError ? 'error' : 'none'}
                  hint={t('agentKeys.dialog.nameHint')}
                >
                  <Input value={name} onChange={(_, d) => setName(d.value)} onBlur={() => setTouched(true)} autoFocus />
                </Field>
              </DialogContent>
              <DialogActions>
                <Button onClick={onClose} disabled={create.isPending}>
                  {t('common:actions.cancel')}
                </Button>
                <Button
                  type="submit"
                  appearance="primary"
                  disabled={create.isPending}
                  icon={create.isPending ? <Spinner size="tiny" /> : undefined}
                >
                  {t('agentKeys.dialog.submit')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

export function AgentKeysPanel() {
  const styles = useStyles();
  const { t } = useTranslation('devices');
  const format = useFormat();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<AgentKey | null>(null);
  const keys = useAgentKeys();
  const revoke = useRevokeAgentKey();

  const createButton = (
    <Button appearance="primary" icon={<KeyMultipleRegular />} onClick={() => setCreating(true)}>
      {t('agentKeys.create')}
    </Button>
  );

  const body = (
    <QueryState query={keys} size="small" label={t('agentKeys.loading')}>
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable
            label={t('agentKeys.label')}
            className={styles.table}
            size="small"
            rows={data.items}
            rowKey={(k) => k.id}
            empty={{
              icon: <KeyRegular />,
              title: t('agentKeys.emptyTitle'),
              body: t('agentKeys.emptyBody'),
            }}
            columns={[
              {
                key: 'name',
                label: t('agentKeys.columns.name'),
                render: (k) => <Text weight="semibold">{k.name}</Text>,
              },
              {
                key: 'prefix',
                label: t('agentKeys.columns.prefix'),
                render: (k) => <Text className={styles.mono}>{t('agentKeys.prefix', { prefix: k.prefix })}</Text>,
              },
              { key: 'created', label: t('agentKeys.columns.created'), render: (k) => format.instant(k.createdAt) },
              {
                key: 'used',
                label: t('agentKeys.columns.used'),
                render: (k) =>
                  k.lastUsedAt ? (
                    format.instant(k.lastUsedAt)
                  ) : (
                    <Text className={styles.muted}>{t('agentKeys.never')}</Text>
                  ),
              },
              {
                key: 'status',
                label: t('agentKeys.columns.status'),
                render: (k) => (
                  <span className={styles.status}>
                    <Badge appearance="tint" shape="rounded" color={k.revokedAt ? 'subtle' : 'success'}>
                      {k.revokedAt ? t('agentKeys.revoked') : t('agentKeys.active')}
                    </Badge>
                    {k.revokedAt ? (
                      <Text size={200} className={styles.muted}>
                        {format.instant(k.revokedAt)}
                      </Text>
                    ) : null}
                  </span>
                ),
              },
              {
                key: 'actions',
                label: '',
                render: (k) =>
                  k.revokedAt ? null : (
                    <Tooltip content={t('agentKeys.revokeNamed', { name: k.name })} relationship="label">
                      <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setRevoking(k)} />
                    </Tooltip>
                  ),
              },
            ]}
          />
        </div>
      )}
    </QueryState>
  );

  return (
    <>
      <Section title={t('agentKeys.title')} description={t('agentKeys.description')} actions={createButton}>
        {body}
      </Section>
      {creating ? <CreateKeyDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('agentKeys.revokeTitle')}
        confirmLabel={t('agentKeys.revoke')}
        danger
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {t('agentKeys.revokeBody', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
