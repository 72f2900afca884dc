/** The devices list: the spec's fields, search, sort, pages of 10, edit, status toggle and the connection test. */
import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
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
  EditRegular,
  FingerprintRegular,
  MoreHorizontalRegular,
  PlugConnectedRegular,
} from '@fluentui/react-icons';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { ConnectionTestResponse, Device } from '../../../../shared/contracts/devices';
import { errorMessage } from '../../api/errors';
import { deviceKeys, fetchDevicePage, useDeviceConnectionTest, useSetDeviceStatus } from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { formatInstant } from '../../components/format';
import { usePermissions } from '../../api/hooks/me';
import { DeviceDialog } from './DeviceDialog';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
  name: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  result: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
});

const STATE_BADGE = {
  online: { color: 'success', label: 'Online' },
  offline: { color: 'warning', label: 'Offline' },
  error: { color: 'danger', label: 'Error' },
  unknown: { color: 'subtle', label: 'Not seen yet' },
} as const;

function ConnectionTestDialog({ device, onClose }: { device: Device; onClose: () => void }) {
  const styles = useStyles();
  // Runs once on open; "Test again" refetches, and closing forgets the answer.
  const test = useDeviceConnectionTest(device.id);
  const result: ConnectionTestResponse | undefined = test.isFetching ? undefined : test.data;
  const failure = !test.isFetching && test.error ? errorMessage(test.error) : null;
  const address = `${device.ipAddress ?? '—'}:${device.port}`;
  let body: ReactNode = (
    <Spinner size="small" label={`Connecting to ${address} from the server…`} labelPosition="after" />
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
          <MessageBarTitle>Reachable</MessageBarTitle>
          The server opened a connection to {address} in {result.latencyMs ?? 0} ms.
        </MessageBarBody>
      </MessageBar>
    );
  } else if (result) {
    body = (
      <MessageBar intent="warning">
        <MessageBarBody>
          <MessageBarTitle>Not reachable from the server</MessageBarTitle>
          {result.error ?? 'No answer'} ({address}).
        </MessageBarBody>
      </MessageBar>
    );
  }
  return (
    <Dialog open onOpenChange={(_, d) => !d.open && onClose()}>
      <DialogSurface aria-describedby={undefined}>
        <DialogBody>
          <DialogTitle>Connection test · {device.name}</DialogTitle>
          <DialogContent className={styles.result}>
            <div aria-live="polite">{body}</div>
            <Text size={200} className={styles.muted}>
              This checks the path from the server. A device agent on the office network can still reach a device the
              server cannot; its state in the list shows what the agent last saw.
            </Text>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void test.refetch()} disabled={test.isFetching}>
              Test again
            </Button>
            <Button appearance="primary" onClick={onClose}>
              Close
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

export function DevicesTable({ addButton }: { addButton: ReactNode }) {
  const styles = useStyles();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const canEdit = permissions.has('edit-biometric-device');
  const canTest = permissions.has('connect-biometric-device');
  const canChangeStatus = permissions.has('update-biometric-device-status');
  const [editing, setEditing] = useState<Device | null>(null);
  const [testing, setTesting] = useState<Device | null>(null);
  const [deactivating, setDeactivating] = useState<Device | null>(null);

  const setStatus = useSetDeviceStatus();

  const dash = <Text className={styles.muted}>—</Text>;
  const columns: Column<Device>[] = [
    {
      key: 'name',
      label: 'Name',
      sortKey: 'name',
      render: (d) => (
        <span className={styles.name}>
          <Text weight="semibold">{d.name}</Text>
          <Text size={200} className={styles.muted}>
            {d.mode === 'push' ? 'Pushes over ADMS' : 'Pulled on the LAN'}
          </Text>
        </span>
      ),
    },
    { key: 'serialNo', label: 'Serial number', sortKey: 'serialNo', render: (d) => d.serialNo },
    {
      key: 'address',
      label: 'IP:port',
      sortKey: 'ipAddress',
      render: (d) => (d.ipAddress ? <Text className={styles.mono}>{`${d.ipAddress}:${d.port}`}</Text> : dash),
    },
    { key: 'timeZone', label: 'Time zone', render: (d) => d.timeZone },
    {
      key: 'state',
      label: 'State',
      sortKey: 'state',
      render: (d) => {
        const badge = (
          <Badge appearance="tint" color={STATE_BADGE[d.state].color} shape="rounded">
            {STATE_BADGE[d.state].label}
          </Badge>
        );
        return d.stateDetail ? (
          <Tooltip content={d.stateDetail} relationship="description">
            <span tabIndex={0}>{badge}</span>
          </Tooltip>
        ) : (
          badge
        );
      },
    },
    {
      key: 'lastActivity',
      label: 'Last activity',
      sortKey: 'lastActivity',
      render: (d) => (d.lastActivity ? formatInstant(d.lastActivity) : dash),
    },
    {
      key: 'userCount',
      label: 'Users',
      sortKey: 'userCount',
      render: (d) => <Text className={styles.mono}>{d.userCount.toLocaleString()}</Text>,
    },
    {
      key: 'transactionCount',
      label: 'Punches',
      sortKey: 'transactionCount',
      render: (d) => <Text className={styles.mono}>{d.transactionCount.toLocaleString()}</Text>,
    },
    {
      key: 'isActive',
      label: 'Active',
      sortKey: 'isActive',
      render: (d) =>
        canChangeStatus ? (
          <Switch
            checked={d.isActive}
            disabled={setStatus.isPending}
            aria-label={`${d.name} active`}
            onChange={(_, data) => (data.checked ? setStatus.mutate({ id: d.id, isActive: true }) : setDeactivating(d))}
          />
        ) : (
          <Badge appearance="filled" color={d.isActive ? 'success' : 'subtle'} shape="rounded">
            {d.isActive ? 'Active' : 'Inactive'}
          </Badge>
        ),
    },
  ];
  if (canEdit || canTest) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      width: '72px',
      render: (d) => (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={`Actions for ${d.name}`} relationship="label">
              <Button appearance="subtle" icon={<MoreHorizontalRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {canEdit ? (
                <MenuItem icon={<EditRegular />} onClick={() => setEditing(d)}>
                  Edit
                </MenuItem>
              ) : null}
              {canTest ? (
                <MenuItem icon={<PlugConnectedRegular />} disabled={!d.ipAddress} onClick={() => setTesting(d)}>
                  Test connection
                </MenuItem>
              ) : null}
            </MenuList>
          </MenuPopover>
        </Menu>
      ),
    });
  }

  return (
    <>
      <DataTable<Device>
        label="Biometric devices"
        queryKey={deviceKeys.devices}
        fetchPage={fetchDevicePage}
        columns={columns}
        rowKey={(d) => d.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder="Search by name, serial number or IP address"
        toolbar={
          <Tooltip content="Refresh: agents and push devices report their state as they go" relationship="label">
            <Button
              appearance="subtle"
              icon={<ArrowClockwiseRegular />}
              onClick={() => void queryClient.invalidateQueries({ queryKey: deviceKeys.devices })}
            />
          </Tooltip>
        }
        empty={{
          icon: <FingerprintRegular />,
          title: 'No devices yet',
          body: 'Add a ZKTeco terminal: a device agent on the office network pulls it, or it pushes over ADMS.',
          action: addButton,
        }}
      />
      {editing ? <DeviceDialog device={editing} onClose={() => setEditing(null)} /> : null}
      {testing ? <ConnectionTestDialog device={testing} onClose={() => setTesting(null)} /> : null}
      <ConfirmDialog
        open={deactivating !== null}
        title="Deactivate device?"
        confirmLabel="Deactivate"
        danger
        onConfirm={() => (deactivating ? setStatus.mutateAsync({ id: deactivating.id, isActive: false }) : undefined)}
        onClose={() => setDeactivating(null)}
      >
        {`${deactivating?.name ?? ''} will no longer be pulled by agents nor accepted over ADMS. Its punches so far stay.`}
      </ConfirmDialog>
    </>
  );
}
