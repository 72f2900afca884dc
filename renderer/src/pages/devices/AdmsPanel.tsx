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
import { MESSAGES } from '../../../../shared/messages';
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
import { formatInstant } from '../../components/format';
import { FormDialog } from '../../components/FormDialog';
import { firstIssueByField, useFieldMessages } from '../../components/form-fields';
import { usePermissions } from '../../api/hooks/me';
import { Section } from './Section';

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
  const canSetUp = usePermissions().has('setup-biometric-integration');
  const [form, setForm] = useState({ enabled, address: serverAddress ?? '' });
  // Messages wait for Save: the address is optional until ADMS is switched on.
  const messages = useFieldMessages<'serverAddress'>();
  const [check, setCheck] = useState<{ ok: boolean; text: string } | null>(null);
  const body = { enabled: form.enabled, serverAddress: form.address.trim() || null };
  const dirty = form.enabled !== enabled || (serverAddress ?? '') !== form.address.trim();
  const parsed = updateAdmsSettingsBodySchema.safeParse(body);
  const rules = {
    serverAddress: !parsed.success
      ? (parsed.error.issues[0]?.message ?? MESSAGES.VALIDATION)
      : body.enabled && !body.serverAddress
        ? 'Enabling ADMS needs the server address'
        : null,
  };

  const save = useSaveAdmsSettings();
  const test = useTestAdms();
  const runTest = () => {
    setCheck(null);
    test.mutate(undefined, {
      onSuccess: (r) => setCheck({ ok: true, text: `The address leads to this server (${r.latencyMs} ms).` }),
      // "Failed to connect to ADMS." is the spec's text for this check (§8).
      onError: (e) =>
        setCheck({
          ok: false,
          text: errorCode(e) === 'ADMS_CONNECT_FAILED' ? MESSAGES.ADMS_CONNECT_FAILED : errorMessage(e),
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
    <form className={styles.form} onSubmit={submit} noValidate aria-label="ADMS settings">
      <Switch
        label={form.enabled ? 'Devices may push punches to this server' : 'ADMS is off: push devices are refused'}
        checked={form.enabled}
        disabled={!canSetUp}
        onChange={(_, d) => setForm((f) => ({ ...f, enabled: d.checked }))}
      />
      <Field
        label="Server address devices use"
        hint="As set in the device under Comm. › Cloud server, e.g. http://attendance.example.com:8081"
        {...messages.field('serverAddress', rules)}
      >
        <Input
          value={form.address}
          disabled={!canSetUp}
          placeholder="http://attendance.example.com:8081"
          onChange={(_, d) => {
            setForm((f) => ({ ...f, address: d.value }));
            messages.edited('serverAddress');
          }}
        />
      </Field>
      {check ? (
        <MessageBar intent={check.ok ? 'success' : 'error'} role="status">
          <MessageBarBody>
            <MessageBarTitle>{check.ok ? 'Connected' : 'Not connected'}</MessageBarTitle>
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
            Save
          </Button>
          <Button
            disabled={dirty || !serverAddress || test.isPending}
            icon={test.isPending ? <Spinner size="tiny" /> : <PlugConnectedRegular />}
            onClick={runTest}
          >
            Test connection
          </Button>
          {dirty ? <Text className={styles.muted}>Save before testing.</Text> : null}
        </div>
      ) : null}
    </form>
  );
}

function ApproveDialog({ device, onClose }: { device: AdmsPendingDevice; onClose: () => void }) {
  const [name, setName] = useState('');
  const [timeZone, setTimeZone] = useState('');
  const messages = useFieldMessages<'name' | 'timeZone'>();
  const body = { name: name.trim(), ...(timeZone.trim() ? { timeZone: timeZone.trim() } : {}) };
  const parsed = approveAdmsDeviceBodySchema.safeParse(body);
  const rules = firstIssueByField(parsed);
  const errors = {
    name: rules['name'] && 'Name the device',
    timeZone: rules['timeZone'] && 'Enter a time zone such as Asia/Karachi, or leave it empty',
  };
  const approve = useApproveAdmsDevice();
  const submit = () => {
    messages.submitted();
    if (parsed.success)
      approve.mutate(
        { id: device.id, body },
        { onSuccess: onClose, onError: (e) => messages.setServerErrors(fieldErrors(e)) },
      );
  };
  return (
    <FormDialog
      title={`Approve ${device.serialNo}`}
      formLabel="Approve push device"
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Approve device"
      pending={approve.isPending}
    >
      <Field label="Name" required {...messages.field('name', errors)}>
        <Input
          value={name}
          placeholder="e.g. Warehouse gate"
          onChange={(_, d) => {
            setName(d.value);
            messages.edited('name');
          }}
          onBlur={messages.touch('name')}
          autoFocus
        />
      </Field>
      <Field
        label="Device clock time zone"
        hint="Left empty: the company’s time zone"
        {...messages.field('timeZone', errors)}
      >
        <Input
          value={timeZone}
          placeholder="Asia/Karachi"
          onChange={(_, d) => {
            setTimeZone(d.value);
            messages.edited('timeZone');
          }}
          onBlur={messages.touch('timeZone')}
        />
      </Field>
    </FormDialog>
  );
}

export function AdmsPanel() {
  const styles = useStyles();
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
      label: 'Serial number',
      sortKey: 'serialNo',
      render: (d) => <Text weight="semibold">{d.serialNo}</Text>,
    },
    { key: 'address', label: 'Address', sortKey: 'ipAddress', render: (d) => d.ipAddress ?? '—' },
    { key: 'version', label: 'Push version', render: (d) => d.pushVersion ?? '—' },
    { key: 'calls', label: 'Calls', sortKey: 'attempts', render: (d) => d.attempts },
    { key: 'last', label: 'Last call', sortKey: 'lastSeenAt', render: (d) => formatInstant(d.lastSeenAt) },
  ];
  if (canConnect) {
    pendingColumns.push({
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (d) => (
        <span className={styles.rowActions}>
          <Button size="small" appearance="primary" onClick={() => setApproving(d)}>
            Approve
          </Button>
          <Button size="small" onClick={() => setRefusing(d)}>
            Refuse
          </Button>
        </span>
      ),
    });
  }

  const heldColumns: Column<AdmsHeldUpload>[] = [
    {
      key: 'device',
      label: 'Device',
      sortKey: 'serialNo',
      render: (u) => (
        <>
          <Text weight="semibold">{u.deviceName}</Text> <Text className={styles.muted}>{u.serialNo}</Text>
        </>
      ),
    },
    { key: 'from', label: 'Sent from', sortKey: 'clientAddress', render: (u) => u.clientAddress },
    { key: 'punches', label: 'Punches', sortKey: 'punchCount', render: (u) => u.punchCount },
    {
      key: 'span',
      label: 'Punch times (device clock)',
      render: (u) =>
        u.firstPunch === u.lastPunch
          ? (u.firstPunch?.replace('T', ' ') ?? '—')
          : `${u.firstPunch?.replace('T', ' ') ?? '?'} – ${u.lastPunch?.replace('T', ' ') ?? '?'}`,
    },
    { key: 'received', label: 'Received', sortKey: 'receivedAt', render: (u) => formatInstant(u.receivedAt) },
  ];
  if (canEdit) {
    heldColumns.push({
      key: 'actions',
      label: 'Actions',
      hideLabel: true,
      render: (u) => (
        <span className={styles.rowActions}>
          <Button size="small" appearance="primary" disabled={accept.isPending} onClick={() => accept.mutate(u)}>
            Accept
          </Button>
          <Button size="small" onClick={() => setRejecting(u)}>
            Reject
          </Button>
        </span>
      ),
    });
  }

  return (
    <>
      <Section
        title="ADMS (push devices)"
        description="Terminals with a cloud-server setting push their punches straight to this server over HTTP."
      >
        <QueryState query={settings} size="small" label="Loading ADMS settings…">
          {(data) => (
            <>
              <AdmsSettingsForm
                key={`${data.enabled}|${data.serverAddress ?? ''}`}
                enabled={data.enabled}
                serverAddress={data.serverAddress}
              />
              {data.endpoint ? (
                <Text className={styles.muted}>
                  Push endpoint: <span className={styles.mono}>{data.endpoint}</span>
                </Text>
              ) : null}
            </>
          )}
        </QueryState>
      </Section>
      <Section
        title="Waiting for approval"
        description="Push devices with a serial number this company does not have yet. They are refused until approved; an approved device is bound to the address it called from."
      >
        <DataTable<AdmsPendingDevice>
          label="Push devices waiting for approval"
          queryKey={deviceKeys.pending}
          fetchPage={fetchAdmsPendingPage}
          columns={pendingColumns}
          rowKey={(d) => d.id}
          defaultSort={{ key: 'lastSeenAt', dir: 'desc' }}
          searchPlaceholder="Search by serial number or address"
          empty={{ icon: <CheckmarkCircleRegular />, title: 'No unknown device has called.' }}
        />
      </Section>
      <Section
        title="Unverified uploads"
        description="Punches sent with a known serial number from an address outside the device’s network. They are never applied unless accepted: accept them if the device moved (and widen its network in Edit), reject them otherwise."
      >
        <DataTable<AdmsHeldUpload>
          label="Unverified uploads"
          queryKey={deviceKeys.held}
          fetchPage={fetchAdmsHeldPage}
          columns={heldColumns}
          rowKey={(u) => u.id}
          defaultSort={{ key: 'receivedAt', dir: 'desc' }}
          searchPlaceholder="Search by device, serial number or address"
          empty={{ icon: <ShieldCheckmarkRegular />, title: 'No unverified upload.' }}
        />
      </Section>
      {approving ? <ApproveDialog device={approving} onClose={() => setApproving(null)} /> : null}
      <ConfirmDialog
        open={refusing !== null}
        title="Refuse this device?"
        confirmLabel="Refuse"
        danger
        onConfirm={() => (refusing ? refuse.mutateAsync(refusing) : undefined)}
        onClose={() => setRefusing(null)}
      >
        {`${refusing?.serialNo ?? ''} is removed from this list. Its uploads stay refused; it is listed again if it keeps calling.`}
      </ConfirmDialog>
      <ConfirmDialog
        open={rejecting !== null}
        title="Reject this upload?"
        confirmLabel="Reject"
        danger
        onConfirm={() => (rejecting ? reject.mutateAsync(rejecting) : undefined)}
        onClose={() => setRejecting(null)}
      >
        {`The ${rejecting?.punchCount ?? 0} punches sent for ${rejecting?.serialNo ?? ''} from ${rejecting?.clientAddress ?? ''} are dropped and change nothing.`}
      </ConfirmDialog>
    </>
  );
}
