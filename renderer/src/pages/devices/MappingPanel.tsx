/**
 * Punches no employee is known for, grouped by device user id, and the explicit mappings of device user ids to
 * employees. Saving a mapping applies that id's waiting punches at once; "Apply waiting punches" retries all of them
 * after employee IDs changed in the directory.
 */
import { Button, Combobox, Field, Input, makeStyles, Option, Spinner, Text, tokens } from '@fluentui/react-components';
import { ArrowSyncRegular, DeleteRegular, LinkRegular, PersonLinkRegular } from '@fluentui/react-icons';
import { useState } from 'react';
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
import { useDebounced } from '../../components/hooks';
import { FormDialog } from '../../components/FormDialog';
import { IconButton } from '../../components/RowActions';
import { useFieldMessages } from '../../components/form-fields';
import { usePermissions } from '../../api/hooks/me';
import { useFormat, useTranslation } from '../../i18n';
import { Section, SectionTable } from '../../components/Section';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

function MapDialog({ deviceUserId, onClose }: { deviceUserId: string | null; onClose: () => void }) {
  const { t } = useTranslation(['devices', 'common']);
  const canPick = usePermissions().has('view-employees');
  const [userId, setUserId] = useState(deviceUserId ?? '');
  const [search, setSearch] = useState('');
  const [employeeId, setEmployeeId] = useState<number | null>(null);
  const [manualId, setManualId] = useState('');
  // Messages wait for Save, as the other mapping steps do.
  const messages = useFieldMessages<'deviceUserId' | 'employeeId'>();
  const [error, setError] = useState<string | null>(null);
  // One request once typing pauses, not one per key.
  const employees = useEmployeePick(useDebounced(search.trim(), 250), canPick);
  const chosen = canPick ? employeeId : Number(manualId) || null;
  const rules = {
    deviceUserId: userId.trim() ? null : t('mapping.dialog.userIdRequired'),
    employeeId: chosen ? null : t('mapping.dialog.employeeRequired'),
  };

  const save = useSaveDeviceUserMapping();
  const submit = () => {
    messages.submitted();
    if (!userId.trim() || !chosen) {
      setError(t('mapping.dialog.bothRequired'));
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
      title={t('mapping.dialog.title')}
      formLabel={t('mapping.dialog.formLabel')}
      error={error}
      onSubmit={submit}
      onClose={onClose}
      submitLabel={t('mapping.dialog.submit')}
      pending={save.isPending}
    >
      <Field
        label={t('mapping.dialog.userId')}
        required
        hint={t('mapping.dialog.userIdHint')}
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
        <Field label={t('mapping.dialog.employee')} required {...messages.field('employeeId', rules)}>
          <Combobox
            placeholder={t('mapping.dialog.search')}
            expandIcon={{ 'aria-label': t('common:actions.showOptions') }}
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
              <Option disabled text={t('common:states.loading')}>
                {t('common:states.loading')}
              </Option>
            ) : null}
            {(employees.data?.items ?? []).map((e) => (
              <Option key={e.id} value={String(e.id)} text={e.name}>
                {e.employeeIdentificationNo
                  ? t('mapping.dialog.employeeOption', { name: e.name, employeeId: e.employeeIdentificationNo })
                  : e.name}
              </Option>
            ))}
          </Combobox>
        </Field>
      ) : (
        <Field label={t('mapping.dialog.manualId')} required {...messages.field('employeeId', rules)}>
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
  const { t } = useTranslation('devices');
  const format = useFormat();
  const canEdit = usePermissions().has('edit-biometric-device');
  const [mapping, setMapping] = useState<string | null | 'new'>(null);
  const [removing, setRemoving] = useState<DeviceUserMapping | null>(null);
  const unmapped = useUnmappedPunches();
  const mappings = useDeviceUserMappings();
  const apply = useApplyUnmappedPunches();
  const remove = useDeleteDeviceUserMapping();

  /** A device user id, as the device shows it. */
  const deviceUserId = (x: { deviceUserId: string }) => (
    <Text weight="semibold" className={styles.mono}>
      {x.deviceUserId}
    </Text>
  );

  const unmappedBody = (
    <SectionTable
      query={unmapped}
      loadingLabel={t('mapping.unmapped.loading')}
      label={t('mapping.unmapped.label')}
      rowKey={(g) => g.deviceUserId}
      empty={{
        icon: <PersonLinkRegular />,
        title: t('mapping.unmapped.emptyTitle'),
        body: t('mapping.unmapped.emptyBody'),
      }}
      columns={[
        { key: 'id', label: t('mapping.unmapped.columns.id'), render: deviceUserId },
        {
          key: 'count',
          label: t('mapping.unmapped.columns.punches'),
          render: (g) => <Text className={styles.mono}>{g.count}</Text>,
        },
        { key: 'first', label: t('mapping.unmapped.columns.first'), render: (g) => format.instant(g.firstAt) },
        { key: 'last', label: t('mapping.unmapped.columns.last'), render: (g) => format.instant(g.lastAt) },
        { key: 'devices', label: t('mapping.unmapped.columns.devices'), render: (g) => g.deviceSerials.join(', ') },
        ...(canEdit
          ? [
              {
                key: 'map',
                label: '',
                render: (g: UnmappedPunchGroup) => (
                  <Button size="small" icon={<LinkRegular />} onClick={() => setMapping(g.deviceUserId)}>
                    {t('mapping.unmapped.map')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );

  const mappingsBody = (
    <SectionTable
      query={mappings}
      loadingLabel={t('mapping.mappings.loading')}
      none={<Text className={styles.muted}>{t('mapping.mappings.none')}</Text>}
      label={t('mapping.mappings.label')}
      rowKey={(m) => m.deviceUserId}
      columns={[
        { key: 'id', label: t('mapping.mappings.columns.id'), render: deviceUserId },
        { key: 'employee', label: t('mapping.mappings.columns.employee'), render: (m) => m.employee.name },
        {
          key: 'employeeId',
          label: t('mapping.mappings.columns.employeeId'),
          render: (m) => m.employee.employeeIdentificationNo ?? '—',
        },
        { key: 'changed', label: t('mapping.mappings.columns.changed'), render: (m) => format.instant(m.updatedAt) },
        ...(canEdit
          ? [
              {
                key: 'remove',
                label: '',
                render: (m: DeviceUserMapping) => (
                  <IconButton
                    label={t('mapping.mappings.removeNamed', { id: m.deviceUserId })}
                    icon={<DeleteRegular />}
                    onClick={() => setRemoving(m)}
                  />
                ),
              },
            ]
          : []),
      ]}
    />
  );

  return (
    <>
      <Section
        title={t('mapping.unmapped.title')}
        description={t('mapping.unmapped.description')}
        actions={
          canEdit ? (
            <Button
              icon={apply.isPending ? <Spinner size="tiny" /> : <ArrowSyncRegular />}
              disabled={apply.isPending}
              onClick={() => apply.mutate()}
            >
              {t('mapping.unmapped.apply')}
            </Button>
          ) : null
        }
      >
        {unmappedBody}
      </Section>
      <Section
        title={t('mapping.mappings.title')}
        description={t('mapping.mappings.description')}
        actions={
          canEdit ? (
            <Button icon={<PersonLinkRegular />} onClick={() => setMapping('new')}>
              {t('mapping.mappings.add')}
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
        title={t('mapping.mappings.removeTitle')}
        confirmLabel={t('mapping.mappings.remove')}
        danger
        onConfirm={() => (removing ? remove.mutateAsync(removing) : undefined)}
        onClose={() => setRemoving(null)}
      >
        {t('mapping.mappings.removeBody', { id: removing?.deviceUserId ?? '' })}
      </ConfirmDialog>
    </>
  );
}
