/**
 * Provisioning (SCIM 2.0): the tokens the company's identity provider (Entra ID, Okta) uses to add, change and
 * deactivate employees and teams. A new token is shown once, with a copy button and the SCIM base URL; revoking one
 * stops the provider at its next call. docs/sso.md, "Provisioning (SCIM 2.0)".
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
import { createScimTokenBodySchema } from '../../../../shared/contracts/scim';
import { errorMessage } from '../../api/errors';
import {
  useCreateScimToken,
  useRevokeScimToken,
  useScimTokens,
  type CreatedScimToken,
  type ScimToken,
} from '../../api/hooks/scim';
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

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common']);
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const parsed = createScimTokenBodySchema.safeParse({ name });
  const nameError = touched && !parsed.success ? t('provisioning.nameRequired') : undefined;

  const create = useCreateScimToken();
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
      await navigator.clipboard.writeText(created.token);
      setCopied(true);
    } catch {
      setError(t('provisioning.clipboardUnavailable'));
    }
  };

  return (
    <Dialog open onOpenChange={(_, d) => !d.open && !create.isPending && onClose()}>
      <DialogSurface>
        {created ? (
          <DialogBody>
            <DialogTitle>{t('provisioning.tokenFor', { name: created.name })}</DialogTitle>
            <DialogContent className={styles.form}>
              <MessageBar intent="warning">
                <MessageBarBody>
                  <MessageBarTitle>{t('provisioning.copyNow')}</MessageBarTitle>
                  {t('provisioning.shownOnce')}
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
                  value={created.token}
                  aria-label={t('provisioning.tokenLabel')}
                  className={styles.keyInput}
                  onFocus={(e) => e.target.select()}
                />
                <Button icon={copied ? <CheckmarkRegular /> : <CopyRegular />} onClick={() => void copy()}>
                  {copied ? t('provisioning.copied') : t('provisioning.copy')}
                </Button>
              </div>
              <Text size={200} className={styles.muted}>
                {t('provisioning.whereToEnter', { url: `${window.location.origin}/api/scim/v2` })}
              </Text>
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={onClose}>
                {t('provisioning.done')}
              </Button>
            </DialogActions>
          </DialogBody>
        ) : (
          <form onSubmit={submit} noValidate aria-label={t('provisioning.createTitle')}>
            <DialogBody>
              <DialogTitle>{t('provisioning.createTitle')}</DialogTitle>
              <DialogContent className={styles.form}>
                {error ? (
                  <MessageBar intent="error" role="alert">
                    <MessageBarBody>{error}</MessageBarBody>
                  </MessageBar>
                ) : null}
                <Field
                  label={t('provisioning.name')}
                  required
                  validationMessage={nameError}
                  validationState={nameError ? 'error' : 'none'}
                  hint={t('provisioning.nameHint')}
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
                  {t('provisioning.createToken')}
                </Button>
              </DialogActions>
            </DialogBody>
          </form>
        )}
      </DialogSurface>
    </Dialog>
  );
}

export function ProvisioningTab() {
  const styles = useStyles();
  const { t } = useTranslation('settings');
  const fmt = useFormat();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const keys = useScimTokens();
  const revoke = useRevokeScimToken();

  const createButton = (
    <Button appearance="primary" icon={<KeyMultipleRegular />} onClick={() => setCreating(true)}>
      {t('provisioning.createToken')}
    </Button>
  );

  const body = (
    <QueryState query={keys} size="small" label={t('provisioning.loading')}>
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable
            label={t('provisioning.tableLabel')}
            className={styles.table}
            size="small"
            rows={data.items}
            rowKey={(k) => k.id}
            empty={{
              icon: <KeyRegular />,
              title: t('provisioning.emptyTitle'),
              body: t('provisioning.emptyBody'),
            }}
            columns={[
              {
                key: 'name',
                label: t('provisioning.columns.name'),
                render: (k) => <Text weight="semibold">{k.name}</Text>,
              },
              {
                key: 'prefix',
                label: t('provisioning.columns.prefix'),
                render: (k) => <Text className={styles.mono}>{k.prefix}…</Text>,
              },
              { key: 'created', label: t('provisioning.columns.created'), render: (k) => fmt.instant(k.createdAt) },
              {
                key: 'used',
                label: t('provisioning.columns.used'),
                render: (k) =>
                  k.lastUsedAt ? (
                    fmt.instant(k.lastUsedAt)
                  ) : (
                    <Text className={styles.muted}>{t('provisioning.never')}</Text>
                  ),
              },
              {
                key: 'status',
                label: t('provisioning.columns.status'),
                render: (k) => (
                  <span className={styles.status}>
                    <Badge appearance="tint" shape="rounded" color={k.revokedAt ? 'subtle' : 'success'}>
                      {k.revokedAt ? t('provisioning.revoked') : t('provisioning.active')}
                    </Badge>
                    {k.revokedAt ? (
                      <Text size={200} className={styles.muted}>
                        {fmt.instant(k.revokedAt)}
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
                    <Tooltip content={t('provisioning.revokeNamed', { name: k.name })} relationship="label">
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
      <Section title={t('provisioning.title')} description={t('provisioning.description')} actions={createButton}>
        {body}
      </Section>
      {creating ? <CreateTokenDialog onClose={() => setCreating(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        title={t('provisioning.revokeTitle')}
        confirmLabel={t('provisioning.revoke')}
        danger
        onConfirm={() => (revoking ? revoke.mutateAsync(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      >
        {t('provisioning.revokeBody', { name: revoking?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
