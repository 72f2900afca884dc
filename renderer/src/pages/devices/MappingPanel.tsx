/**
 * Punches no employee is known for, grouped by device user id, and the explicit mappings of device user ids to
 * employees. Saving a mapping applies that id's waiting punches at once; "Apply waiting punches" retries all of them
 * after employee IDs changed in the directory.
 */
import {
  Button,
  Combobox,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Option,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowSyncRegular, DeleteRegular, LinkRegular, PersonLinkRegular } from '@fluentui/react-icons';
import { useEffect, useState, type ReactNode } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useEmployeePick } from '../../api/hooks/people';
import {
  useApplyUnmappedPunches,
  useDeleteDeviceUserMapping,
  useDeviceUserMappings,
  useSaveDeviceUserMapping,
  useUnmappedPunches,
  type DeviceUserMapping,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { formatInstant } from '../../components/format';
import { FormDialog } from '../../components/FormDialog';
import { usePermissions } from '../../api/hooks/me';
import { Section } from './Section';

const useStyles = makeStyles({
  scroll: { overflowX: 'auto' },
  table: { minWidth: '640px' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

function useEmployeeSearch(input: string, enabled: boolean) {
  // One request once typing pauses, not one per key.
  const [search, setSearch] = useState(input);
  useEffect(() => {
    const id = setTimeout(() => setSearch(input), 250);
    return () => clearTimeout(id);
  }, [input]);
  return useEmployeePick(search, enabled);
}

function MapDialog({ deviceUserId, onClose }: { deviceUserId: string | null; onClose: () => void }) {
  const canPick = usePermissions().has('view-employees');
  const [userId, setUserId] = useState(deviceUserId ?? '');
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [manualId, setManualId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const employees = useEmployeeSearch(search.trim(), canPick);
  const chosen = canPick ? employeeId : Number(manualId) || null;

  const save = useSaveDeviceUserMapping();
  const submit = () => {
    if (!userId.trim() || !chosen) {
      setError('Enter the device user id and choose the employee');
      return;
    }
    setError(null);
    save.mutate(
      { deviceUserId: userId.trim(), employeeId: chosen },
      {
        onSuccess: onClose,
        onError: (e) => {
          const fields = fieldErrors(e);
          setError(fields['employeeId'] ?? fields['deviceUserId'] ?? errorMessage(e));
        },
      },
    );
  };

  return (
    <FormDialog
      title="Map a device user to an employee"
      formLabel="Map device user"
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel="Map and apply"
      pending={save.isPending}
    >
      <Field label="Device user id" required hint="The user number enrolled on the terminal">
        <Input value={userId} onChange={(_, d) => setUserId(d.value)} readOnly={deviceUserId !== null} />
      </Field>
      {canPick ? (
        <Field label="Employee" required>
          <Combobox
            placeholder="Search by name, e-mail or employee ID"
            onChange={(e) => {
              setSearch(e.target.value);
              setEmployeeId(null);
            }}
            onOptionSelect={(_, d) => setEmployeeId(d.optionValue ? Number(d.optionValue) : null)}
            autoFocus
          >
            {employees.isFetching && !employees.data ? (
              <Option disabled text="Loading">
                Loading…
              </Option>
            ) : null}
            {(employees.data?.items ?? []).map((e) => (
              <Option key={e.id} value={String(e.id)} text={e.name}>
                {`${e.name}${e.employeeIdentificationNo ? ` · ${e.employeeIdentificationNo}` : ''}`}
              </Option>
            ))}
          </Combobox>
        </Field>
      ) : (
        <Field label="Employee number (internal id)" required>
          <Input inputMode="numeric" value={manualId} onChange={(_, d) => setManualId(d.value)} />
        </Field>
      )}
    </FormDialog>
  );
}

function LoadError({ error, retry }: { error: unknown; retry: () => void }) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{errorMessage(error)}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={retry}>Retry</Button>
      </MessageBarActions>
    </MessageBar>
  );
}

function SimpleTable({ label, headers, rows }: { label: string; headers: string[]; rows: ReactNode[][] }) {
  const styles = useStyles();
  return (
    <div className={styles.scroll}>
      <Table aria-label={label} className={styles.table} size="small">
        <TableHeader>
          <TableRow>
            {headers.map((h) => (
              <TableHeaderCell key={h}>{h}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((cells, i) => (
            <TableRow key={i}>
              {cells.map((c, j) => (
                <TableCell key={j}>{c}</TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}

export function MappingPanel() {
  const styles = useStyles();
  const canEdit = usePermissions().has('edit-biometric-device');
  const [mapping, setMapping] = useState<string | null | 'new'>(null);
  const [removing, setRemoving] = useState<DeviceUserMapping | null>(null);
  const unmapped = useUnmappedPunches();
  const mappings = useDeviceUserMappings();
  const apply = useApplyUnmappedPunches();
  const remove = useDeleteDeviceUserMapping();

  const unmappedBody = unmapped.isPending ? (
    <Spinner size="small" label="Loading waiting punches…" />
  ) : unmapped.isError ? (
    <LoadError error={unmapped.error} retry={() => void unmapped.refetch()} />
  ) : unmapped.data.items.length === 0 ? (
    <EmptyState icon={<PersonLinkRegular />} title="Every punch has its employee">
      Punches of device user ids that match no employee ID wait here until you map them.
    </EmptyState>
  ) : (
    <SimpleTable
      label="Unmapped punches"
      headers={['Device user id', 'Punches', 'First', 'Last', 'Devices', ...(canEdit ? [''] : [])]}
      rows={unmapped.data.items.map((g) => [
        <Text key="id" weight="semibold" className={styles.mono}>
          {g.deviceUserId}
        </Text>,
        <Text key="n" className={styles.mono}>
          {g.count}
        </Text>,
        formatInstant(g.firstAt),
        formatInstant(g.lastAt),
        g.deviceSerials.join(', '),
        ...(canEdit
          ? [
              <Button key="map" size="small" icon={<LinkRegular />} onClick={() => setMapping(g.deviceUserId)}>
                Map to employee
              </Button>,
            ]
          : []),
      ])}
    />
  );

  const mappingsBody = mappings.isPending ? (
    <Spinner size="small" label="Loading mappings…" />
  ) : mappings.isError ? (
    <LoadError error={mappings.error} retry={() => void mappings.refetch()} />
  ) : mappings.data.items.length === 0 ? (
    <Text className={styles.muted}>No explicit mappings: device user ids match employees by their employee ID.</Text>
  ) : (
    <SimpleTable
      label="Device user mappings"
      headers={['Device user id', 'Employee', 'Employee ID', 'Changed', ...(canEdit ? [''] : [])]}
      rows={mappings.data.items.map((m) => [
        <Text key="id" weight="semibold" className={styles.mono}>
          {m.deviceUserId}
        </Text>,
        m.employee.name,
        m.employee.employeeIdentificationNo ?? '—',
        formatInstant(m.updatedAt),
        ...(canEdit
          ? [
              <Tooltip key="rm" content={`Remove the mapping of ${m.deviceUserId}`} relationship="label">
                <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(m)} />
              </Tooltip>,
            ]
          : []),
      ])}
    />
  );

  return (
    <>
      <Section
        title="Unmapped punches"
        description="Punches whose device user id matches no employee. Map the id to apply them to attendance."
        actions={
          canEdit ? (
            <Button
              icon={apply.isPending ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
              disabled={apply.isPending}
              onClick={() => apply.mutate()}
            >
              Apply waiting punches
            </Button>
          ) : null
        }
      >
        {unmappedBody}
      </Section>
      <Section
        title="Device user mappings"
        description="Used before employee IDs: for terminals enrolled with their own numbering."
        actions={
          canEdit ? (
            <Button icon={<PersonLinkRegular />} onClick={() => setMapping('new')}>
              Add mapping
            </Button>
          ) : null
        }
      >
        {mappingsBody}
      </Section>
      {mapping !== null ? (
        <MapDialog deviceUserId={mapping === 'new' ? null : mapping} onClose={() => setMapping(null)} />
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove mapping?"
        confirmLabel="Remove"
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing) : undefined)}
        onClose={() => setRemoving(null)}
      >
        {`New punches of device user ${removing?.deviceUserId ?? ''} will match by employee ID again. Punches already applied stay.`}
      </ConfirmDialog>
    </>
  );
}
