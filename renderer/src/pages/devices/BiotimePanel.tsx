/**
 * BioTime (docs/devices.md "BioTime"): the connection to the company's BioTime server (address, account, schedule,
 * how far back each pull reads again, the first day read), its check, "Pull now" with the pull's progress, and the
 * last pull's outcome: counts, the BioTime employees no Teambeat employee matches, or what failed.
 */
import {
  Button,
  Dropdown,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Option,
  ProgressBar,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowDownloadRegular, DeleteRegular, PlugConnectedRegular, SaveRegular } from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import {
  BIOTIME_INTERVALS,
  saveBiotimeConnectionBodySchema,
  type BiotimeConnection,
  type BiotimePull,
  type BiotimeTestResult,
} from '../../../../shared/contracts/biotime';
import { fieldErrors } from '../../api/errors';
import {
  useBiotimeConnection,
  useDeleteBiotimeConnection,
  useSaveBiotimeConnection,
  useStartBiotimePull,
  useTestBiotime,
} from '../../api/hooks/biotime';
import { usePermissions } from '../../api/hooks/me';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { QueryState } from '../../components/QueryState';
import { Section } from '../../components/Section';
import { useFormat, useTranslation } from '../../i18n';
import { useUnsavedChanges } from '../../components/unsaved';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  row: { display: 'flex', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  muted: { color: tokens.colorNeutralForeground3 },
  pull: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS, maxWidth: '640px' },
  codes: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

type Form = {
  url: string;
  username: string;
  password: string;
  enabled: boolean;
  intervalMinutes: number;
  lookbackDays: string;
  startDate: string;
};

const today = () => new Date().toISOString().slice(0, 10);

function toForm(c: BiotimeConnection): Form {
  return {
    url: c.url ?? '',
    username: c.username ?? '',
    password: '',
    enabled: c.configured ? c.enabled : true,
    intervalMinutes: c.intervalMinutes,
    lookbackDays: String(c.lookbackDays),
    startDate: c.startDate ?? today(),
  };
}

function ConnectionForm({ connection }: { connection: BiotimeConnection }) {
  const styles = useStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  const canSetUp = usePermissions().has('setup-biometric-integration');
  const initial = toForm(connection);
  const [form, setForm] = useState<Form>(initial);
  const messages = useFieldMessages<'url' | 'username' | 'password' | 'lookbackDays' | 'startDate'>();
  const [check, setCheck] = useState<BiotimeTestResult | null>(null);
  const [removing, setRemoving] = useState(false);

  const body = {
    url: form.url.trim(),
    username: form.username.trim(),
    ...(form.password ? { password: form.password } : {}),
    enabled: form.enabled,
    intervalMinutes: form.intervalMinutes,
    lookbackDays: Number(form.lookbackDays),
    startDate: form.startDate,
  };
  const parsed = saveBiotimeConnectionBodySchema.safeParse(body);
  const issues = firstIssueByField(parsed);
  const rules = {
    url: issues['url'] ? t('biotime.urlInvalid') : null,
    username: issues['username'] ? t('biotime.usernameRequired') : null,
    password: !connection.hasPassword && !form.password ? t('biotime.passwordRequired') : null,
    lookbackDays: issues['lookbackDays'] ? t('biotime.lookbackInvalid') : null,
    startDate: issues['startDate'] ? t('biotime.startDateInvalid') : null,
  };
  const dirty = JSON.stringify({ ...form, password: '' }) !== JSON.stringify(initial) || form.password !== '';
  useUnsavedChanges(dirty);

  const save = useSaveBiotimeConnection();
  const test = useTestBiotime();
  const pull = useStartBiotimePull();
  const remove = useDeleteBiotimeConnection();
  const running = connection.lastPull?.state === 'running';

  const set = <K extends keyof Form>(key: K, value: Form[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key !== 'enabled' && key !== 'intervalMinutes') messages.edited(key as Parameters<typeof messages.edited>[0]);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (Object.values(rules).some(Boolean)) return;
    save.mutate(body, {
      onSuccess: () => setCheck(null),
      onError: (e) => messages.setServerErrors(fieldErrors(e)),
    });
  };

  const field = (name: keyof typeof rules) => messages.field(name, rules);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('biotime.formLabel')}>
      <Field label={t('biotime.url')} hint={t('biotime.urlHint')} required {...field('url')}>
        <Input
          value={form.url}
          disabled={!canSetUp}
          placeholder={t('biotime.urlPlaceholder')}
          onChange={(_, d) => set('url', d.value)}
        />
      </Field>
      <div className={styles.row}>
        <Field label={t('biotime.username')} required {...field('username')}>
          <Input
            value={form.username}
            disabled={!canSetUp}
            autoComplete="off"
            onChange={(_, d) => set('username', d.value)}
          />
        </Field>
        <Field
          label={t('biotime.password')}
          required={!connection.hasPassword}
          hint={connection.hasPassword ? t('biotime.passwordKept') : undefined}
          {...field('password')}
        >
          <Input
            type="password"
            value={form.password}
            disabled={!canSetUp}
            autoComplete="new-password"
            onChange={(_, d) => set('password', d.value)}
          />
        </Field>
      </div>
      <Switch
        label={form.enabled ? t('biotime.enabled') : t('biotime.disabled')}
        checked={form.enabled}
        disabled={!canSetUp}
        onChange={(_, d) => set('enabled', d.checked)}
      />
      <div className={styles.row}>
        <Field label={t('biotime.interval')}>
          <Dropdown
            value={t('biotime.everyMinutes', { count: form.intervalMinutes })}
            selectedOptions={[String(form.intervalMinutes)]}
            disabled={!canSetUp}
            onOptionSelect={(_, d) => set('intervalMinutes', Number(d.optionValue))}
          >
            {BIOTIME_INTERVALS.map((m) => (
              <Option key={m} value={String(m)}>
                {t('biotime.everyMinutes', { count: m })}
              </Option>
            ))}
          </Dropdown>
        </Field>
        <Field label={t('biotime.lookback')} hint={t('biotime.lookbackHint')} {...field('lookbackDays')}>
          <Input
            value={form.lookbackDays}
            inputMode="numeric"
            disabled={!canSetUp}
            onChange={(_, d) => set('lookbackDays', d.value.replace(/[^\d]/g, ''))}
          />
        </Field>
        <Field label={t('biotime.startDate')} hint={t('biotime.startDateHint')} {...field('startDate')}>
          <Input
            type="date"
            value={form.startDate}
            disabled={!canSetUp}
            onChange={(_, d) => set('startDate', d.value)}
          />
        </Field>
      </div>
      {check ? <TestVerdict result={check} /> : null}
      {canSetUp ? (
        <div className={styles.actions}>
          <Button
            type="submit"
            appearance="primary"
            disabled={!dirty || save.isPending}
            icon={save.isPending ? <Spinner size="tiny" /> : <SaveRegular />}
          >
            {t('common:actions.save')}
          </Button>
          <Button
            disabled={dirty || !connection.configured || test.isPending}
            icon={test.isPending ? <Spinner size="tiny" /> : <PlugConnectedRegular />}
            onClick={() => {
              setCheck(null);
              test.mutate(undefined, { onSuccess: setCheck });
            }}
          >
            {t('biotime.test')}
          </Button>
          <Button
            disabled={dirty || !connection.configured || running || pull.isPending}
            icon={running || pull.isPending ? <Spinner size="tiny" /> : <ArrowDownloadRegular />}
            onClick={() => pull.mutate()}
          >
            {t('biotime.pullNow')}
          </Button>
          {connection.configured ? (
            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(true)}>
              {t('biotime.remove')}
            </Button>
          ) : null}
          {dirty && connection.configured ? <Text className={styles.muted}>{t('biotime.saveFirst')}</Text> : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={removing}
        title={t('biotime.removeTitle')}
        confirmLabel={t('biotime.remove')}
        danger
        onConfirm={() => remove.mutateAsync()}
        onClose={() => setRemoving(false)}
      >
        {t('biotime.removeBody')}
      </ConfirmDialog>
    </form>
  );
}

function TestVerdict({ result }: { result: BiotimeTestResult }) {
  const { t } = useTranslation('devices');
  return (
    <MessageBar intent={result.ok ? 'success' : 'error'} role="status">
      <MessageBarBody>
        <MessageBarTitle>{result.ok ? t('biotime.connected') : t('biotime.notConnected')}</MessageBarTitle>
        {result.ok
          ? t('biotime.checkOk', {
              terminals: result.terminals ?? 0,
              employees: result.employees ?? 0,
              latency: result.latencyMs ?? 0,
            })
          : `${t(`biotime.errors.${result.errorCode ?? 'unreachable'}`)} ${result.errorMessage ?? ''}`}
      </MessageBarBody>
    </MessageBar>
  );
}

function PullState({ pull }: { pull: BiotimePull }) {
  const styles = useStyles();
  const { t } = useTranslation('devices');
  const format = useFormat();
  if (pull.state === 'running')
    return (
      <div className={styles.pull} role="status">
        <Text>
          {pull.pagesTotal > 0
            ? t('biotime.pulling', { done: pull.pagesDone, total: pull.pagesTotal })
            : t('biotime.pullStarting')}
        </Text>
        <ProgressBar value={pull.pagesTotal > 0 ? pull.pagesDone / pull.pagesTotal : undefined} />
      </div>
    );
  if (pull.state === 'failed')
    return (
      <MessageBar intent="error" role="status">
        <MessageBarBody>
          <MessageBarTitle>
            {t('biotime.pullFailedAt', { at: format.instant(pull.finishedAt ?? pull.startedAt) })}
          </MessageBarTitle>
          {`${t(`biotime.errors.${pull.errorCode ?? 'unreachable'}`)} ${pull.errorMessage ?? ''}`}
        </MessageBarBody>
      </MessageBar>
    );
  return (
    <div className={styles.pull} role="status">
      <Text weight="semibold">{t('biotime.pulledAt', { at: format.instant(pull.finishedAt ?? pull.startedAt) })}</Text>
      <Text>
        {t('biotime.pullCounts', {
          received: pull.received,
          stored: pull.stored,
          applied: pull.applied,
          unmapped: pull.unmapped,
          ignored: pull.ignored,
        })}
      </Text>
      {pull.terminalsAdded > 0 ? <Text>{t('biotime.terminalsAdded', { count: pull.terminalsAdded })}</Text> : null}
      {pull.unmappedCodes.length > 0 ? (
        <>
          <Text>{t('biotime.unmappedCodes')}</Text>
          <ul className={styles.codes} aria-label={t('biotime.unmappedCodesLabel')}>
            {pull.unmappedCodes.map((c) => (
              <li key={c.empCode}>{t('biotime.unmappedCode', { code: c.empCode, name: c.name || '—' })}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

export function BiotimePanel() {
  const { t } = useTranslation('devices');
  const connection = useBiotimeConnection();
  return (
    <Section title={t('biotime.title')} description={t('biotime.description')}>
      <QueryState query={connection} size="small" label={t('biotime.loading')}>
        {(data) => (
          <>
            <ConnectionForm key={data.updatedAt ?? 'new'} connection={data} />
            {data.lastPull ? <PullState pull={data.lastPull} /> : null}
          </>
        )}
      </QueryState>
    </Section>
  );
}
