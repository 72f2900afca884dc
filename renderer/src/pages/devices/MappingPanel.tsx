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
  Option,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { ArrowSyncRegular, DeleteRegular, LinkRegular, PersonLinkRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors } from '../../api/errors';
import { useEmployeePick } from '../../api/hooks/people';
import {
  useApplyUnmappedPunches,
  useDeleteDeviceUserMapping,
  useDeviceUserMappings,
  useSaveDeviceUserMapping,
  useUnmappedPunches,
  type DeviceUserMapping,
  type UnmappedPunchGroup,
} from '../../api/hooks/devices';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { StaticTable } from '../../components/DataTable';
import { QueryState } from '../../components/QueryState';
import { formatInstant } from '../../components/format';
import { FormDialog } from '../../components/FormDialog';
import { useFieldMessages } from '../../components/form-fields';
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
  // Messages wait for Save, as the other mapping steps do.
  const messages = useFieldMessages<'deviceUserId' | 'employeeId'>();
  const [error, setError] = useState<string | null>(null);
  const employees = useEmployeeSearch(search.trim(), canPick);
  const chosen = canPick ? employeeId : Number(manualId) || null;
  const rules = {
    deviceUserId: userId.trim() ? null : 'Enter the device user id',
    employeeId: chosen ? null : 'Choose the employee',
  };

  const save = useSaveDeviceUserMapping();
  const submit = () => {
    messages.submitted();
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
          messages.setServerErrors(fields);
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
      <Field
        label="Device user id"
        required
        hint="The user number enrolled on the terminal"
        {...messages.field('deviceUserId', rules)}
      >
        <Input
          value={userId}
          onChange={(_, d) => {
            setUserId(d.value);
            messages.edited('deviceUserId');
          }}
          readOnly={deviceUserId !== null}
        />
      </Field>
      {canPick ? (
        <Field label="Employee" required {...messages.field('employeeId', rules)}>
          <Combobox
            placeholder="Search by name, e-mail or employee ID"
            onChange={(e) => {
              setSearch(e.target.value);
              setEmployeeId(null);
              messages.edited('employeeId');
            }}
            onOptionSelect={(_, d) => {
              setEmployeeId(d.optionValue ? Number(d.optionValue) : null);
              messages.edited('employeeId');
            }}
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
        <Field label="Employee number (internal id)" required {...messages.field('employeeId', rules)}>
          <Input
            inputMode="numeric"
            value={manualId}
            onChange={(_, d) => {
              setManualId(d.value);
              messages.edited('employeeId');
            }}
          />
        </Field>
      )}
    </FormDialog>
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

  const unmappedBody = (
    <QueryState query={unmapped} size="small" label="Loading waiting punches…">
      {(data) => (
        <div className={styles.scroll}>
          <StaticTable
            label="Unmapped punches"
            className={styles.table}
            size="small"
            rows={data.items}
            rowKey={(g) => g.deviceUserId}
            empty={{
              icon: <PersonLinkRegular />,
              title: 'Every punch has its employee',
              body: 'Punches of device user ids that match no employee ID wait here until you map them.',
            }}
            columns={[
              {
                key: 'id',
                label: 'Device user id',
                render: (g) => (
                  <Text weight="semibold" className={styles.mono}>
                    {g.deviceUserId}
                  </Text>
                ),
              },
              { key: 'count', label: 'Punches', render: (g) => <Text className={styles.mono}>{g.count}</Text> },
              { key: 'first', label: 'First', render: (g) => formatInstant(g.firstAt) },
              { key: 'last', label: 'Last', render: (g) => formatInstant(g.lastAt) },
              { key: 'devices', label: 'Devices', render: (g) => g.deviceSerials.join(', ') },
              ...(canEdit
                ? [
                    {
                      key: 'map',
                      label: '',
                      render: (g: UnmappedPunchGroup) => (
                        <Button size="small" icon={<LinkRegular />} onClick={() => setMapping(g.deviceUserId)}>
                          Map to employee
                        </Button>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </div>
      )}
    </QueryState>
  );

  const mappingsBody = (
    <QueryState query={mappings} size="small" label="Loading mappings…">
      {(data) =>
        data.items.length === 0 ? (
          <Text className={styles.muted}>
            No explicit mappings: device user ids match employees by their employee ID.
          </Text>
        ) : (
          <div className={styles.scroll}>
            <StaticTable
              label="Device user mappings"
              className={styles.table}
              size="small"
              rows={data.items}
              rowKey={(m) => m.deviceUserId}
              columns={[
                {
                  key: 'id',
                  label: 'Device user id',
                  render: (m) => (
                    <Text weight="semibold" className={styles.mono}>
                      {m.deviceUserId}
                    </Text>
                  ),
                },
                { key: 'employee', label: 'Employee', render: (m) => m.employee.name },
                { key: 'employeeId', label: 'Employee ID', render: (m) => m.employee.employeeIdentificationNo ?? '—' },
                { key: 'changed', label: 'Changed', render: (m) => formatInstant(m.updatedAt) },
                ...(canEdit
                  ? [
                      {
                        key: 'remove',
                        label: '',
                        render: (m: DeviceUserMapping) => (
                          <Tooltip content={`Remove the mapping of ${m.deviceUserId}`} relationship="label">
                            <Button appearance="subtle" icon={<DeleteRegular />} onClick={() => setRemoving(m)} />
                          </Tooltip>
                        ),
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        )
      }
    </QueryState>
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
