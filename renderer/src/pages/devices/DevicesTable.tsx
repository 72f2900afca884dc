/** The devices list: the spec's fields, search, sort, pages of 10, edit, status toggle and the connection test. */
import {
  Badge,
  Button,
  makeStyles,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Switch,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  ArrowClockwiseRegular,
  ClockRegular,
  EditRegular,
  FingerprintRegular,
  PlugConnectedRegular,
} from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CLOCK_DRIFT_LIMIT_S, type ConnectionTestResponse, type Device } from '../../../../shared/contracts/devices';
import { errorMessage } from '../../api/errors';
import {
  deviceKeys,
  fetchDevicePage,
  useDeviceConnectionTest,
  useSetDeviceStatus,
  useSetDeviceTime,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { InfoDialog } from '../../components/DialogFrame';
import { actionsColumn, IconButton, RowMenu } from '../../components/RowActions';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { DeviceDialog } from './DeviceDialog';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  state: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

/** A state's badge colour; its text is `devices:state.<state>`. */
const STATE_COLOR = {
  online: 'success',
  offline: 'warning',
  error: 'danger',
  unknown: 'subtle',
} as const;

function ConnectionTestDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  // Runs once on open; "Test again" refetches, and closing forgets the answer.
  const test = useDeviceConnectionTest(device.id);
  const result: ConnectionTestResponse | undefined = test.isFetching ? undefined : test.data;
  const failure = !test.isFetching && test.error ? errorMessage(test.error) : null;
  const address = `${device.ipAddress ?? '—'}:${device.port}`;
  let body: ReactNode = (
    <Spinner size="small" label={t('connectionTest.connecting', { address })} labelPosition="after" />
  );
  if (failure) {
    body = (
      <MessageBar intent="error">
        <MessageBarBody>{failure}</MessageBarBody>
      </MessageBar>
    );
  } else if (result?.reachable) {
    body = (
      <MessageBar intent="success">
        <MessageBarBody>
          <MessageBarTitle>{t('connectionTest.reachable')}</MessageBarTitle>
          {t('connectionTest.reachableBody', { address, latency: result.latencyMs ?? 0 })}
        </MessageBarBody>
      </MessageBar>
    );
  } else if (result) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>{t('connectionTest.unreachable')}</MessageBarTitle>
          {t(`connectionTest.reason.${result.reason ?? 'other'}`, { address, error: result.error ?? '' })}
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <InfoDialog
      title={t('connectionTest.title', { name: device.name })}
      contentClassName={styles.result}
      onClose={onClose}
      actions={
        <Button onClick={() => void test.refetch()} disabled={test.isFetching}>
          {t('connectionTest.again')}
        </Button>
      }
    >
      <div aria-live="polite">{body}</div>
      <Text size={200} className={styles.muted}>
        {t('connectionTest.note')}
      </Text>
    </InfoDialog>
  );
}

export function DevicesTable({ addButton }: { addButton: ReactNode }) {
  const styles = useStyles();
  const { t } = useTranslation(['devices', 'common', 'errors']);
  const format = useFormat();
  // Last activity in the company's time, whatever the viewer's computer says, labelled with the zone.
  const companyZone = useMe()?.tenant.settings.tenant_timezone ?? 'UTC';
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const canEdit = permissions.has('edit-biometric-device');
  const canTest = permissions.has('connect-biometric-device');
  const canChangeStatus = permissions.has('update-biometric-device-status');
  const [editing, setEditing] = useState<Device | null>(null);
  const [testing, setTesting] = useState<Device | null>(null);
  const [deactivating, setDeactivating] = useState<Device | null>(null);

  const setStatus = useSetDeviceStatus();
  const setTime = useSetDeviceTime();

  /** A clock further off than the limit: how far, and since when (docs/devices.md, "Clock drift"). */
  const clockBadge = (d: Device) => {
    if (d.setTimeRequestedAt) {
      return (
        <Badge appearance="outline" color="informative" shape="rounded">
          {t('table.timePending')}
        </Badge>
      );
    }
    if (d.clockOffsetS === null || Math.abs(d.clockOffsetS) <= CLOCK_DRIFT_LIMIT_S) return null;
    const drift = format.duration(Math.max(1, Math.round(Math.abs(d.clockOffsetS) / 60)));
    return (
      <Tooltip
        content={t('table.clockNote', { drift, at: d.clockCheckedAt ? format.instant(d.clockCheckedAt) : '—' })}
        relationship="description"
      >
        <Badge appearance="tint" color="warning" shape="rounded" icon={<ClockRegular />} tabIndex={0}>
          {t(d.clockOffsetS > 0 ? 'table.clockAhead' : 'table.clockBehind', { drift })}
        </Badge>
      </Tooltip>
    );
  };

  const dash = <Text className={styles.muted}>—</Text>;
  const columns: Column<Device>[] = [
    {
      key: 'name',
      label: t('table.columns.name'),
      sortKey: 'name',
      render: (d) => (
        <span className={styles.name}>
          <Text weight="semibold">{d.name}</Text>
          <Text size={200} className={styles.muted}>
            {d.mode === 'push'
              ? t('table.modePush')
              : d.mode === 'biotime'
                ? t('table.modeBiotime')
                : t('table.modePull')}
          </Text>
        </span>
      ),
    },
    { key: 'serialNo', label: t('table.columns.serialNo'), sortKey: 'serialNo', render: (d) => d.serialNo },
    {
      key: 'address',
      label: t('table.columns.address'),
      sortKey: 'ipAddress',
      render: (d) => (d.ipAddress ? <Text className={styles.mono}>{`${d.ipAddress}:${d.port}`}</Text> : dash),
    },
    { key: 'timeZone', label: t('table.columns.timeZone'), render: (d) => d.timeZone },
    {
      key: 'state',
      label: t('table.columns.state'),
      sortKey: 'state',
      render: (d) => {
        const badge = (
          <Badge appearance="tint" color={STATE_COLOR[d.state]} shape="rounded">
            {t(`state.${d.state}`)}
          </Badge>
        );
        return (
          <span className={styles.state}>
            {d.stateDetail ? (
              <Tooltip content={d.stateDetail} relationship="description">
                <span tabIndex={0}>{badge}</span>
              </Tooltip>
            ) : (
              badge
            )}
            {clockBadge(d)}
          </span>
        );
      },
    },
    {
      key: 'lastActivity',
      label: t('table.columns.lastActivityIn', { zone: companyZone }),
      sortKey: 'lastActivity',
      render: (d) => (d.lastActivity ? format.instantIn(d.lastActivity, companyZone) : dash),
    },
    {
      key: 'userCount',
      label: t('table.columns.users'),
      sortKey: 'userCount',
      render: (d) => <Text className={styles.mono}>{format.number(d.userCount)}</Text>,
    },
    {
      key: 'transactionCount',
      label: t('table.columns.punches'),
      sortKey: 'transactionCount',
      render: (d) => <Text className={styles.mono}>{format.number(d.transactionCount)}</Text>,
    },
    {
      key: 'isActive',
      label: t('table.columns.active'),
      sortKey: 'isActive',
      render: (d) =>
        canChangeStatus ? (
          <Switch
            checked={d.isActive}
            disabled={setStatus.isPending}
            aria-label={t('table.activeSwitch', { name: d.name })}
            onChange={(_, data) => (data.checked ? setStatus.mutate({ id: d.id, isActive: true }) : setDeactivating(d))}
          />
        ) : (
          <Badge appearance="filled" color={d.isActive ? 'success' : 'subtle'} shape="rounded">
            {d.isActive ? t('table.active') : t('table.inactive')}
          </Badge>
        ),
    },
  ];
  if (canEdit || canTest) {
    columns.push(
      actionsColumn(t('table.columns.actions'), (d) => (
        <RowMenu
          label={t('table.actionsFor', { name: d.name })}
          items={[
            canEdit && { label: t('common:actions.edit'), icon: <EditRegular />, onClick: () => setEditing(d) },
            canTest && {
              label: t('table.testConnection'),
              icon: <PlugConnectedRegular />,
              disabled: !d.ipAddress,
              onClick: () => setTesting(d),
            },
            canEdit &&
              d.mode !== 'biotime' && {
                label: t('table.setTime'),
                icon: <ClockRegular />,
                disabled: setTime.isPending,
                onClick: () => setTime.mutate(d.id),
              },
          ]}
        />
      )),
    );
  }

  return (
    <>
      <DataTable<Device>
        label={t('table.label')}
        queryKey={deviceKeys.devices}
        fetchPage={fetchDevicePage}
        columns={columns}
        rowKey={(d) => d.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder={t('table.search')}
        toolbar={
          <IconButton
            label={t('table.refresh')}
            icon={<ArrowClockwiseRegular />}
            onClick={() => void queryClient.invalidateQueries({ queryKey: deviceKeys.devices })}
          />
        }
        empty={{
          icon: <FingerprintRegular />,
          title: t('table.emptyTitle'),
          body: t('table.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? <DeviceDialog device={editing} onClose={() => setEditing(null)} /> : null}
      {testing ? <ConnectionTestDialog device={testing} onClose={() => setTesting(null)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        title={t('table.deactivateTitle')}
        confirmLabel={t('table.deactivate')}
        danger
        onConfirm={() => (deactivating ? setStatus.mutateAsync({ id: deactivating.id, isActive: false }) : undefined)}
        onClose={() => setDeactivating(null)}
      >
        {t('table.deactivateBody', { name: deactivating?.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
