/**
 * Single sign-on: the company's OpenID Connect provider (docs/sso.md). The client secret is write-only: once
 * stored it shows as "Stored" with a Replace action and is never read back; a new issuer or client ID needs it
 * again (the server refuses otherwise). "Test connection" runs OpenID discovery at the issuer without saving.
 * Requiring single sign-on asks for confirmation: password sign-in then stays only for the break-glass
 * accounts listed here. Shown only to an account holding every permission, which the server demands.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { CheckmarkRegular, CopyRegular, PlugConnectedRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { updateSsoSettingsBodySchema, type SsoSettings } from '../../../../shared/contracts/sso';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useSaveSsoSettings, useSsoSettings, useTestSsoIssuer, type SsoSettingsChanges } from '../../api/hooks/sso';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { Section } from '../../components/Section';
import { SettingsQuery } from '../../components/SettingsCard';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { useUnsavedChanges } from '../../components/unsaved';

type Form = {
  providerName: string;
  issuer: string;
  clientId: string;
  /** null keeps the stored secret. */
  clientSecret: string | null;
  isEnabled: boolean;
  isRequired: boolean;
};
type FieldKey = Exclude<keyof Form, 'isEnabled'>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '880px' },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(320px, 1fr))',
    alignItems: 'start',
    gap: tokens.spacingHorizontalL,
  },
  wide: { gridColumn: '1 / -1' },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  grow: { flexGrow: 1 },
  noWrap: { flexShrink: 0, whiteSpace: 'nowrap' },
  stored: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'center', minHeight: '32px' },
  switches: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

const toForm = (s: SsoSettings): Form => ({
  providerName: s.providerName,
  issuer: s.issuer,
  clientId: s.clientId,
  clientSecret: s.clientSecretSet ? null : '',
  isEnabled: s.isEnabled,
  isRequired: s.isRequired,
});

function toBody(form: Form): SsoSettingsChanges {
  return {
    providerName: form.providerName,
    issuer: form.issuer.trim(),
    clientId: form.clientId.trim(),
    ...(form.clientSecret === null ? {} : { clientSecret: form.clientSecret }),
    isEnabled: form.isEnabled,
    isRequired: form.isEnabled && form.isRequired,
  };
}

export function SsoTab() {
  const { t } = useTranslation('settings');
  const settings = useSsoSettings();
  return (
    <SettingsQuery query={settings} label={t('sso.loading')}>
      {(saved) => <SsoForm saved={saved} />}
    </SettingsQuery>
  );
}

function SsoForm({ saved }: { saved: SsoSettings }) {
  const styles = useStyles();
  const { t } = useTranslation(['settings', 'common', 'errors']);
  const notify = useNotify();
  const [draft, setDraft] = useState<Form | null>(null);
  const form = draft ?? toForm(saved);
  useUnsavedChanges(draft !== null);
  const messages = useFieldMessages<FieldKey>();
  const save = useSaveSsoSettings();
  const test = useTestSsoIssuer();
  const [tested, setTested] = useState<{ issuer: string; authorizationEndpoint: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [copied, setCopied] = useState(false);

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setDraft({ ...form, [key]: value });
    if (key !== 'isEnabled') {
      messages.touch(key as FieldKey)();
      messages.edited(key as FieldKey);
    }
    if (key === 'issuer') {
      setTested(null);
      messages.edited('issuer');
    }
  };

  const body = toBody(form);
  const parsed = updateSsoSettingsBodySchema.safeParse(body);
  const ruleErrors: Partial<Record<string, string>> = firstIssueByField(parsed);
  // The server's rule, said before it is asked: a stored secret belongs to its issuer and client ID.
  const providerChanged = body.issuer !== saved.issuer || body.clientId !== saved.clientId;
  if (form.clientSecret === null && saved.clientSecretSet && providerChanged)
    ruleErrors['clientSecret'] = t('sso.secretAgain');
  if (form.clientSecret !== null && form.clientSecret === '' && !ruleErrors['clientSecret'])
    ruleErrors['clientSecret'] = t('sso.secretRequired');
  const valid = parsed.success && !ruleErrors['clientSecret'];

  const send = () =>
    save.mutateAsync(body, {
      onSuccess: () => {
        setDraft(null);
        messages.reset();
      },
      onError: (error) => messages.setServerErrors(fieldErrors(error)),
    });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (!valid) {
      notify.error(t('errors:VALIDATION'));
      return;
    }
    // Requiring single sign-on takes password sign-in from everyone but the break-glass accounts: asked first.
    if (body.isRequired && !saved.isRequired) setConfirming(true);
    else void send().catch(() => undefined);
  };

  const runTest = () => {
    messages.touch('issuer')();
    if (ruleErrors['issuer']) return;
    setTested(null);
    test.mutate(body.issuer, {
      onSuccess: (answer) => setTested(answer),
      onError: (error) => messages.setServerErrors({ issuer: fieldErrors(error)['issuer'] ?? errorMessage(error) }),
    });
  };

  const copyRedirect = async () => {
    try {
      await navigator.clipboard.writeText(saved.redirectUri);
      setCopied(true);
    } catch {
      notify.error(t('sso.clipboardUnavailable'));
    }
  };

  return (
    <>
      <Section title={t('sso.title')} description={t('sso.description')}>
        <form className={styles.form} onSubmit={submit} noValidate aria-label={t('sso.formLabel')}>
          <div className={styles.switches}>
            <Switch
              label={t('sso.enabled')}
              checked={form.isEnabled}
              onChange={(_, d) => set('isEnabled', d.checked)}
            />
            <Switch
              label={t('sso.required')}
              checked={form.isEnabled && form.isRequired}
              disabled={!form.isEnabled}
              onChange={(_, d) => set('isRequired', d.checked)}
            />
            <Text size={200} className={styles.muted}>
              {t('sso.requiredHint')}
            </Text>
          </div>
          <div className={styles.grid}>
            <Field
              className={styles.wide}
              label={t('sso.issuer')}
              hint={t('sso.issuerHint')}
              required
              {...messages.field('issuer', ruleErrors)}
            >
              <div className={styles.row}>
                <Input
                  className={styles.grow}
                  value={form.issuer}
                  type="url"
                  maxLength={500}
                  placeholder={t('sso.issuerPlaceholder')}
                  onChange={(_, d) => set('issuer', d.value)}
                  onBlur={messages.touch('issuer')}
                />
                <Button
                  className={styles.noWrap}
                  icon={test.isPending ? <Spinner size="tiny" /> : <PlugConnectedRegular />}
                  disabled={test.isPending || form.issuer.trim() === ''}
                  onClick={runTest}
                >
                  {t('sso.test')}
                </Button>
              </div>
            </Field>
            <Field
              label={t('sso.providerName')}
              hint={t('sso.providerNameHint')}
              required
              {...messages.field('providerName', ruleErrors)}
            >
              <Input
                value={form.providerName}
                maxLength={60}
                onChange={(_, d) => set('providerName', d.value)}
                onBlur={messages.touch('providerName')}
              />
            </Field>
            <Field label={t('sso.clientId')} required {...messages.field('clientId', ruleErrors)}>
              <Input
                value={form.clientId}
                maxLength={255}
                onChange={(_, d) => set('clientId', d.value)}
                onBlur={messages.touch('clientId')}
              />
            </Field>
            <Field
              label={t('sso.clientSecret')}
              hint={form.clientSecret === null ? t('sso.secretStoredHint') : t('sso.secretHint')}
              required
              {...messages.field('clientSecret', ruleErrors)}
            >
              {form.clientSecret === null ? (
                <div className={styles.stored}>
                  <Text weight="semibold" data-testid="sso-secret-stored">
                    {t('sso.secretStored')}
                  </Text>
                  <Button size="small" onClick={() => set('clientSecret', '')}>
                    {t('sso.replaceSecret')}
                  </Button>
                </div>
              ) : (
                <div className={styles.row}>
                  <Input
                    className={styles.grow}
                    type="password"
                    autoComplete="off"
                    value={form.clientSecret}
                    maxLength={1000}
                    onChange={(_, d) => set('clientSecret', d.value)}
                    onBlur={messages.touch('clientSecret')}
                  />
                  {saved.clientSecretSet ? (
                    <Button appearance="subtle" onClick={() => set('clientSecret', null)}>
                      {t('sso.keepSecret')}
                    </Button>
                  ) : null}
                </div>
              )}
            </Field>
            <Field label={t('sso.emailDomain')} hint={t('sso.emailDomainHint')}>
              <Input value={saved.emailDomain} readOnly />
            </Field>
            <Field className={styles.wide} label={t('sso.redirectUri')} hint={t('sso.redirectUriHint')}>
              <div className={styles.row}>
                <Input className={styles.grow} value={saved.redirectUri} readOnly onFocus={(e) => e.target.select()} />
                <Button
                  className={styles.noWrap}
                  icon={copied ? <CheckmarkRegular /> : <CopyRegular />}
                  onClick={() => void copyRedirect()}
                >
                  {copied ? t('sso.copied') : t('sso.copy')}
                </Button>
              </div>
            </Field>
          </div>
          {tested ? (
            <MessageBar intent="success" role="status">
              <MessageBarBody>{t('sso.testPassed', { endpoint: tested.authorizationEndpoint })}</MessageBarBody>
            </MessageBar>
          ) : null}
          <div className={styles.actions}>
            <Button
              appearance="secondary"
              disabled={draft === null || save.isPending}
              onClick={() => {
                setDraft(null);
                setTested(null);
                messages.reset();
              }}
            >
              {t('sso.discard')}
            </Button>
            <Button
              appearance="primary"
              type="submit"
              disabled={save.isPending || draft === null}
              icon={save.isPending ? <Spinner size="tiny" /> : undefined}
            >
              {t('common:actions.save')}
            </Button>
          </div>
        </form>
      </Section>
      <Section title={t('sso.breakGlassTitle')} description={t('sso.breakGlassDescription')}>
        {saved.breakGlassAccounts.length === 0 ? (
          <Text>{t('sso.breakGlassNone')}</Text>
        ) : (
          <ul className={styles.list} aria-label={t('sso.breakGlassTitle')}>
            {saved.breakGlassAccounts.map((account) => (
              <li key={account.id}>
                <Text weight="semibold">{account.name}</Text> <Text className={styles.muted}>{account.email}</Text>
              </li>
            ))}
          </ul>
        )}
      </Section>
      <ConfirmDialog
        open={confirming}
        title={t('sso.confirmRequireTitle')}
        confirmLabel={t('sso.confirmRequire')}
        onConfirm={send}
        onClose={() => setConfirming(false)}
      >
        {t('sso.confirmRequireBody', { count: saved.breakGlassAccounts.length })}
      </ConfirmDialog>
    </>
  );
}
