/**
 * Employee Directory (/employee/management): the spec's columns, search, sort, paging, add, edit, status, and
 * each account's invitation (docs/security.md "Invitations") with its resend.
 */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  EditRegular,
  MailArrowUpRegular,
  PersonAddRegular,
  PersonAvailableRegular,
  PersonProhibitedRegular,
  PeopleTeamRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import type { Employee } from '../../../../shared/contracts/people';
import { fetchEmployeePage, peopleKeys, useResendInvitation, useSetEmployeeStatus } from '../../api/hooks/people';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, RowMenu } from '../../components/RowActions';
import { useMe, usePermissions } from '../../api/hooks/me';
import { EmployeeDialog } from './EmployeeDialog';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: '120px' },
  chip: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

type StatusChange = { employee: Employee; to: 'active' | 'inactive' };

const INVITATION_COLORS = {
  active: 'success',
  pending: 'informative',
  expired: 'warning',
  none: 'subtle',
} as const satisfies Record<Employee['invitation'], string>;

function Chips({ items, empty }: { items: { id: number; name: string }[]; empty: string }) {
  const styles = useStyles();
  if (items.length === 0) return <Text className={styles.muted}>{empty}</Text>;
  return (
    <span className={styles.chips}>
      {items.map((i) => (
        <Badge key={i.id} appearance="tint" color="informative" shape="rounded" className={styles.chip}>
          {i.name}
        </Badge>
      ))}
    </span>
  );
}

export function EmployeeDirectoryPage() {
  const styles = useStyles();
  const { t } = useTranslation(['people', 'common']);
  const format = useFormat();
  const permissions = usePermissions();
  const me = useMe();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const canAdd = permissions.has('add-employee');
  const canEdit = permissions.has('edit-employee');
  const canChangeStatus = permissions.has('update-employee-status');

  const changeStatus = useSetEmployeeStatus();
  const resendInvitation = useResendInvitation();

  const columns: Column<Employee>[] = [
    {
      key: 'id',
      label: t('directory.columns.id'),
      sortKey: 'id',
      width: '64px',
      render: (e) => <Text className={styles.mono}>{e.id}</Text>,
    },
    {
      key: 'employeeIdentificationNo',
      label: t('directory.columns.employeeId'),
      sortKey: 'employeeIdentificationNo',
      width: '120px',
      render: (e) => e.employeeIdentificationNo ?? <Text className={styles.muted}>—</Text>,
    },
    {
      key: 'name',
      label: t('directory.columns.name'),
      sortKey: 'name',
      render: (e) => (
        <span className={styles.person}>
          <EmployeeAvatar employee={e} size={32} color="colorful" />
          <Text weight="semibold" wrap={false}>
            {e.name}
          </Text>
        </span>
      ),
    },
    { key: 'email', label: t('directory.columns.email'), sortKey: 'email', render: (e) => e.email },
    {
      key: 'dateOfJoining',
      label: t('directory.columns.dateOfJoining'),
      sortKey: 'dateOfJoining',
      width: '130px',
      render: (e) => (e.dateOfJoining ? format.day(e.dateOfJoining) : <Text className={styles.muted}>—</Text>),
    },
    {
      key: 'teams',
      label: t('directory.columns.teams'),
      wrap: true,
      render: (e) => <Chips items={e.teams} empty={t('directory.noTeam')} />,
    },
    {
      key: 'allocation',
      label: t('directory.columns.allocation'),
      sortKey: 'allocation',
      width: '100px',
      render: (e) => <Text className={styles.mono}>{format.percent(e.allocation)}</Text>,
    },
    {
      key: 'roles',
      label: t('directory.columns.roles'),
      wrap: true,
      render: (e) => <Chips items={e.roles} empty={t('directory.noRole')} />,
    },
    {
      key: 'status',
      label: t('directory.columns.status'),
      sortKey: 'status',
      width: '100px',
      render: (e) => (
        <Badge appearance="filled" color={e.status === 'active' ? 'success' : 'subtle'} shape="rounded">
          {t(`status.${e.status}`)}
        </Badge>
      ),
    },
    {
      key: 'invitation',
      label: t('directory.columns.account'),
      width: '150px',
      render: (e) => (
        <Badge appearance="tint" color={INVITATION_COLORS[e.invitation]} shape="rounded" className={styles.chip}>
          {t(`invitation.${e.invitation}`)}
        </Badge>
      ),
    },
  ];
  if (canEdit || canChangeStatus || canAdd) {
    columns.push(
      actionsColumn(t('directory.columns.actions'), (e) => (
        <RowMenu
          label={t('directory.actionsFor', { name: e.name })}
          items={[
            canEdit && { label: t('common:actions.edit'), icon: <EditRegular />, onClick: () => setEditing(e) },
            // Whoever may add employees invites them; someone who set a password or signed in needs none.
            canAdd &&
              e.status === 'active' &&
              e.invitation !== 'active' && {
                label: e.invitation === 'none' ? t('directory.sendInvitation') : t('directory.resendInvitation'),
                icon: <MailArrowUpRegular />,
                disabled: resendInvitation.isPending,
                onClick: () => resendInvitation.mutate(e.id),
              },
            canChangeStatus &&
              e.status === 'active' && {
                label: t('directory.deactivate'),
                icon: <PersonProhibitedRegular />,
                disabled: e.id === me?.employee.id,
                onClick: () => setStatusChange({ employee: e, to: 'inactive' }),
              },
            canChangeStatus &&
              e.status === 'inactive' && {
                label: t('directory.activate'),
                icon: <PersonAvailableRegular />,
                onClick: () => setStatusChange({ employee: e, to: 'active' }),
              },
          ]}
        />
      )),
    );
  }

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setEditing('new')}>
      {t('directory.add')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('directory.title')} subtitle={t('directory.subtitle')} actions={addButton} />
      <DataTable<Employee>
        label={t('directory.tableLabel')}
        queryKey={peopleKeys.employees}
        fetchPage={fetchEmployeePage}
        columns={columns}
        rowKey={(e) => e.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder={t('directory.searchPlaceholder')}
        empty={{
          icon: <PeopleTeamRegular />,
          title: t('directory.emptyTitle'),
          body: t('directory.emptyBody'),
          action: addButton,
        }}
      />
      {editing ? (
        <EmployeeDialog employee={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={statusChange !== null}
        title={statusChange?.to === 'inactive' ? t('directory.deactivateTitle') : t('directory.activateTitle')}
        confirmLabel={statusChange?.to === 'inactive' ? t('directory.deactivate') : t('directory.activate')}
        danger={statusChange?.to === 'inactive'}
        onConfirm={() =>
          statusChange ? changeStatus.mutateAsync({ id: statusChange.employee.id, status: statusChange.to }) : undefined
        }
        onClose={() => setStatusChange(null)}
      >
        {statusChange?.to === 'inactive'
          ? t('directory.deactivateBody', { name: statusChange.employee.name })
          : t('directory.activateBody', { name: statusChange?.employee.name ?? '' })}
      </ConfirmDialog>
    </>
  );
}
