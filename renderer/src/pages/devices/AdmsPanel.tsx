/**
 * ADMS (push) settings: whether devices may push to this server and the address they are told to use, with a check
 * that the address leads here; push devices with an unknown serial number, waiting to be approved or refused; and
 * uploads held as unverified (a known serial from outside its device's network), to accept or reject.
 */
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Switch,
  Text,
  tokens,
} from '@fluentui/react-components';
import {
  CheckmarkCircleRegular,
  PlugConnectedRegular,
  SaveRegular,
  ShieldCheckmarkRegular,
} from '@fluentui/react-icons';
import { useState, type FormEvent } from 'react';
import { approveAdmsDeviceBodySchema, updateAdmsSettingsBodySchema } from '../../../../shared/contracts/devices';
import { errorCode, errorMessage, fieldErrors } from '../../api/errors';
import {
  deviceKeys,
  fetchAdmsHeldPage,
  fetchAdmsPendingPage,
  useAcceptAdmsHeldUpload,
  useAdmsSettings,
  useApproveAdmsDevice,
  useDismissAdmsDevice,
  useRejectAdmsHeldUpload,
  useSaveAdmsSettings,
  useTestAdms,
  type AdmsHeldUpload,
  type AdmsPendingDevice,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { FormDialog } from '../../components/FormDialog';
import { firstIssueByField, useFieldMessages, useFormState } from '../../components/form-fields';
import { TextField } from '../../components/TextField';
import { usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { Section } from '../../components/Section';
import { useUnsavedChanges } from '../../components/unsaved';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '640px' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace },
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  rowActions: { display: 'flex', gap: tokens.spacingHorizontalS },
});

function AdmsSettingsForm({ enabled, serverAddress }: { enabled: boolean; serverAddress: string | null }) {
  const styles = useStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  const canSetUp = usePermissions().has('setup-biometric-integration');
  const [form, setForm] = useState({ enabled, address: serverAddress ?? '' });
  // Messages wait for Save: the address is optional until ADMS is switched on.
  const messages = useFieldMessages<'serverAddress'>();
  const [check, setCheck] = useState<{ ok: boolean; text: string } | null>(null);
  const body = { enabled: form.enabled, serverAddress: form.address.trim() || null };
  const dirty = form.enabled !== enabled || (serverAddress ?? '') !== form.address.trim();
  useUnsavedChanges(dirty);
  const parsed = updateAdmsSettingsBodySchema.safeParse(body);
  const rules = {
    serverAddress: !parsed.success
      ? (parsed.error.issues[0]?.message ?? t('errors:VALIDATION'))
      : body.enabled && !body.serverAddress
        ? t('adms.addressRequired')
        : null,
  };

  const save = useSaveAdmsSettings();
  const test = useTestAdms();
  const runTest = () => {
    setCheck(null);
    test.mutate(undefined, {
      onSuccess: (r) => setCheck({ ok: true, text: t('adms.checkOk', { latency: r.latencyMs }) }),
      // "Failed to connect to ADMS." is the spec's text for this check (§8).
      onError: (e) =>
        setCheck({
          ok: false,
          text: errorCode(e) === 'ADMS_CONNECT_FAILED' ? t('errors:ADMS_CONNECT_FAILED') : errorMessage(e),
        }),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    messages.submitted();
    if (rules.serverAddress) return;
    save.mutate(body, {
      onSuccess: () => setCheck(null),
      onError: (e) => messages.setServerErrors(fieldErrors(e)),
    });
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('adms.formLabel')}>
      <Switch
        label={form.enabled ? t('adms.enabled') : t('adms.disabled')}
        checked={form.enabled}
        disabled={!canSetUp}
        onChange={(_, d) => setForm((f) => ({ ...f, enabled: d.checked }))}
      />
      <Field label={t('adms.address')} hint={t('adms.addressHint')} {...messages.field('serverAddress', rules)}>
        <Input
          value={form.address}
          disabled={!canSetUp}
          placeholder={t('adms.addressPlaceholder')}
          onChange={(_, d) => {
            setForm((f) => ({ ...f, address: d.value }));
            messages.edited('serverAddress');
          }}
        />
      </Field>
      {check ? (
        <MessageBar intent={check.ok ? 'success' : 'error'} role="status">
          <MessageBarBody>
            <MessageBarTitle>{check.ok ? t('adms.connected') : t('adms.notConnected')}</MessageBarTitle>
            {check.text}
          </MessageBarBody>
        </MessageBar>
      ) : null}
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
            disabled={dirty || !serverAddress || test.isPending}
            icon={test.isPending ? <Spinner size="tiny" /> : <PlugConnectedRegular />}
            onClick={runTest}
          >
            {t('adms.testConnection')}
          </Button>
          {dirty ? <Text className={styles.muted}>{t('adms.saveFirst')}</Text> : null}
        </div>
      ) : null}
    </form>
  );
}

function ApproveDialog({ device, onClose }: { device: AdmsPendingDevice; onClose: () => void }) {
  const { t } = useTranslation('devices');
  const form = useFormState(() => ({ name: '', timeZone: '' }));
  const { name, timeZone } = form.values;
  const body = { name: name.trim(), ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}) };
  const parsed = approveAdmsDeviceBodySchema.safeParse(body);
  const issues = firstIssueByField(parsed);
  const rules = {
    name: issues['name'] && t('adms.approve.nameRequired'),
    timeZone: issues['timeZone'] && t('adms.approve.timeZoneInvalid'),
  };
  const approve = useApproveAdmsDevice();
  const submit = () => {
    form.messages.submitted();
    if (parsed.success)
      approve.mutate(
        { id: device.id, body },
        // The mutation's toast says it failed; the fields say why.
        { onSuccess: onClose, onError: (e) => form.messages.setServerErrors(fieldErrors(e)) },
      );
  };
  return (
    <FormDialog
      title={t('adms.approve.title', { serialNo: device.serialNo })}
      formLabel={t('adms.approve.formLabel')}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('adms.approve.submit')}
      pending={approve.isPending}
    >
      <TextField
        form={form}
        rules={rules}
        name="name"
        label={t('adms.approve.name')}
        required
        placeholder={t('adms.approve.namePlaceholder')}
        autoFocus
      />
      <TextField
        form={form}
        rules={rules}
        name="timeZone"
        label={t('adms.approve.timeZone')}
        hint={t('adms.approve.timeZoneHint')}
        placeholder={t('adms.approve.timeZonePlaceholder')}
      />
    </FormDialog>
  );
}

export function AdmsPanel() {
  const styles = useStyles();
  const { t } = useTranslation('devices');
  const format = useFormat();
  const permissions = usePermissions();
  const canConnect = permissions.has('connect-biometric-device');
  const canEdit = permissions.has('edit-biometric-device');
  const [approving, setApproving] = useState<AdmsPendingDevice | null>(null);
  const [refusing, setRefusing] = useState<AdmsPendingDevice | null>(null);
  const [rejecting, setRejecting] = useState<AdmsHeldUpload | null>(null);
  const settings = useAdmsSettings();
  const refuse = useDismissAdmsDevice();
  const accept = useAcceptAdmsHeldUpload();
  const reject = useRejectAdmsHeldUpload();

  const pendingColumns: Column<AdmsPendingDevice>[] = [
    {
      key: 'serial',
      label: t('adms.pending.columns.serialNo'),
      sortKey: 'serialNo',
      render: (d) => <Text weight="semibold">{d.serialNo}</Text>,
    },
    {
      key: 'address',
      label: t('adms.pending.columns.address'),
      sortKey: 'ipAddress',
      render: (d) => d.ipAddress ?? '—',
    },
    { key: 'version', label: t('adms.pending.columns.version'), render: (d) => d.pushVersion ?? '—' },
    { key: 'calls', label: t('adms.pending.columns.calls'), sortKey: 'attempts', render: (d) => d.attempts },
    {
      key: 'last',
      label: t('adms.pending.columns.last'),
      sortKey: 'lastSeenAt',
      render: (d) => format.instant(d.lastSeenAt),
    },
  ];
  if (canConnect) {
    pendingColumns.push({
      key: 'actions',
      label: t('adms.pending.columns.actions'),
      hideLabel: true,
      render: (d) => (
        <span className={styles.rowActions}>
          <Button size="small" appearance="primary" onClick={() => setApproving(d)}>
            {t('adms.pending.approve')}
          </Button>
          <Button size="small" onClick={() => setRefusing(d)}>
            {t('adms.pending.refuse')}
          </Button>
        </span>
      ),
    });
  }

  const heldColumns: Column<AdmsHeldUpload>[] = [
    {
      key: 'device',
      label: t('adms.held.columns.device'),
      sortKey: 'serialNo',
      render: (u) => (
        <>
          <Text weight="semibold">{u.deviceName}</Text> <Text className={styles.muted}>{u.serialNo}</Text>
        </>
      ),
    },
    { key: 'from', label: t('adms.held.columns.from'), sortKey: 'clientAddress', render: (u) => u.clientAddress },
    { key: 'punches', label: t('adms.held.columns.punches'), sortKey: 'punchCount', render: (u) => u.punchCount },
    {
      key: 'span',
      label: t('adms.held.columns.span'),
      render: (u) =>
        u.firstPunch === u.lastPunch
          ? (u.firstPunch?.replace('T', ' ') ?? '—')
          : t('adms.held.span', {
              first: u.firstPunch?.replace('T', ' ') ?? '?',
              last: u.lastPunch?.replace('T', ' ') ?? '?',
            }),
    },
    {
      key: 'received',
      label: t('adms.held.columns.received'),
      sortKey: 'receivedAt',
      render: (u) => format.instant(u.receivedAt),
    },
  ];
  if (canEdit) {
    heldColumns.push({
      key: 'actions',
      label: t('adms.held.columns.actions'),
      hideLabel: true,
      render: (u) => (
        <span className={styles.rowActions}>
          <Button size="small" appearance="primary" disabled={accept.isPending} onClick={() => accept.mutate(u)}>
            {t('adms.held.accept')}
          </Button>
          <Button size="small" onClick={() => setRejecting(u)}>
            {t('adms.held.reject')}
          </Button>
        </span>
      ),
    });
  }

  return (
    <>
      <Section title={t('adms.title')} description={t('adms.description')}>
        <QueryState query={settings} size="small" label={t('adms.loading')}>
          {(data) => (
            <>
              <AdmsSettingsForm
                key={`${data.enabled}|${data.serverAddress ?? ''}`}
                enabled={data.enabled}
                serverAddress={data.serverAddress}
              />
              {data.endpoint ? (
                <Text className={styles.muted}>
                  {t('adms.endpoint')} <span className={styles.mono}>{data.endpoint}</span>
                </Text>
              ) : null}
            </>
          )}
        </QueryState>
      </Section>
      <Section title={t('adms.pending.title')} description={t('adms.pending.description')}>
        <DataTable<AdmsPendingDevice>
          label={t('adms.pending.label')}
          queryKey={deviceKeys.pending}
          fetchPage={fetchAdmsPendingPage}
          columns={pendingColumns}
          rowKey={(d) => d.id}
          defaultSort={{ key: 'lastSeenAt', dir: 'desc' }}
          searchPlaceholder={t('adms.pending.search')}
          empty={{ icon: <CheckmarkCircleRegular />, title: t('adms.pending.empty') }}
        />
      </Section>
      <Section title={t('adms.held.title')} description={t('adms.held.description')}>
        <DataTable<AdmsHeldUpload>
          label={t('adms.held.label')}
          queryKey={deviceKeys.held}
          fetchPage={fetchAdmsHeldPage}
          columns={heldColumns}
          rowKey={(u) => u.id}
          defaultSort={{ key: 'receivedAt', dir: 'desc' }}
          searchPlaceholder={t('adms.held.search')}
          empty={{ icon: <ShieldCheckmarkRegular />, title: t('adms.held.empty') }}
        />
      </Section>
      {approving ? <ApproveDialog device={approving} onClose={() => setApproving(null)} /> : null}
      <ConfirmDialog
        open={refusing !== null}
        title={t('adms.pending.refuseTitle')}
        confirmLabel={t('adms.pending.refuse')}
        danger
        onConfirm={() => (refusing ? refuse.mutateAsync(refusing) : undefined)}
        onClose={() => setRefusing(null)}
      >
        {t('adms.pending.refuseBody', { serialNo: refusing?.serialNo ?? '' })}
      </ConfirmDialog>
      <ConfirmDialog
        open={rejecting !== null}
        title={t('adms.held.rejectTitle')}
        confirmLabel={t('adms.held.reject')}
        danger
        onConfirm={() => (rejecting ? reject.mutateAsync(rejecting) : undefined)}
        onClose={() => setRejecting(null)}
      >
        {t('adms.held.rejectBody', {
          count: rejecting?.punchCount ?? 0,
          serialNo: rejecting?.serialNo ?? '',
          address: rejecting?.clientAddress ?? '',
        })}
      </ConfirmDialog>
    </>
  );
}
