/** Employee Directory (/employee/management): the spec's columns, search, sort, paging, add, edit, status. */
import {
  Badge,
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import {
  EditRegular,
  MoreHorizontalRegular,
  PersonAddRegular,
  PersonAvailableRegular,
  PersonProhibitedRegular,
  PeopleTeamRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import type { Employee } from '../../../../shared/contracts/people';
import { fetchEmployeePage, peopleKeys, useSetEmployeeStatus } from '../../api/hooks/people';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { formatDay } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { useMe, usePermissions } from '../../api/hooks/me';
import { EmployeeDialog } from './EmployeeDialog';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';

const useStyles = makeStyles({
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0 },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, minWidth: '120px' },
  chip: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

type StatusChange = { employee: Employee; to: 'active' | 'inactive' };

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
  const permissions = usePermissions();
  const me = useMe();
  const [editing, setEditing] = useState<Employee | 'new' | null>(null);
  const [statusChange, setStatusChange] = useState<StatusChange | null>(null);
  const canAdd = permissions.has('add-employee');
  const canEdit = permissions.has('edit-employee');
  const canChangeStatus = permissions.has('update-employee-status');

  const changeStatus = useSetEmployeeStatus();

  const columns: Column<Employee>[] = [
    {
      key: 'id',
      label: 'ID',
      sortKey: 'id',
      width: '64px',
      render: (e) => <Text className={styles.mono}>{e.id}</Text>,
    },
    {
      key: 'employeeIdentificationNo',
      label: 'Employee ID',
      sortKey: 'employeeIdentificationNo',
      width: '120px',
      render: (e) => e.employeeIdentificationNo ?? <Text className={styles.muted}>—</Text>,
    },
    {
      key: 'name',
      label: 'Name',
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
    { key: 'email', label: 'E-mail', sortKey: 'email', render: (e) => e.email },
    {
      key: 'dateOfJoining',
      label: 'Date of joining',
      sortKey: 'dateOfJoining',
      width: '130px',
      render: (e) => (e.dateOfJoining ? formatDay(e.dateOfJoining) : <Text className={styles.muted}>—</Text>),
    },
    { key: 'teams', label: 'Teams', wrap: true, render: (e) => <Chips items={e.teams} empty="No team" /> },
    {
      key: 'allocation',
      label: 'Allocation',
      sortKey: 'allocation',
      width: '100px',
      render: (e) => <Text className={styles.mono}>{e.allocation}%</Text>,
    },
    { key: 'roles', label: 'Roles', wrap: true, render: (e) => <Chips items={e.roles} empty="No role" /> },
    {
      key: 'status',
      label: 'Status',
      sortKey: 'status',
      width: '100px',
      render: (e) => (
        <Badge appearance="filled" color={e.status === 'active' ? 'success' : 'subtle'} shape="rounded">
          {e.status === 'active' ? 'Active' : 'Inactive'}
        </Badge>
      ),
    },
  ];
  if (canEdit || canChangeStatus) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      width: '72px',
      render: (e) => (
        <Menu>
          <MenuTrigger disableButtonEnhancement>
            <Tooltip content={`Actions for ${e.name}`} relationship="label">
              <Button appearance="subtle" icon={<MoreHorizontalRegular />} />
            </Tooltip>
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              {canEdit ? (
                <MenuItem icon={<EditRegular />} onClick={() => setEditing(e)}>
                  Edit
                </MenuItem>
              ) : null}
              {canChangeStatus && e.status === 'active' ? (
                <MenuItem
                  icon={<PersonProhibitedRegular />}
                  disabled={e.id === me?.employee.id}
                  onClick={() => setStatusChange({ employee: e, to: 'inactive' })}
                >
                  Deactivate
                </MenuItem>
              ) : null}
              {canChangeStatus && e.status === 'inactive' ? (
                <MenuItem
                  icon={<PersonAvailableRegular />}
                  onClick={() => setStatusChange({ employee: e, to: 'active' })}
                >
                  Activate
                </MenuItem>
              ) : null}
            </MenuList>
          </MenuPopover>
        </Menu>
      ),
    });
  }

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<PersonAddRegular />} onClick={() => setEditing('new')}>
      Add employee
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Employee Directory"
        subtitle="Everyone in your company, their teams, roles and status."
        actions={addButton}
      />
      <DataTable<Employee>
        label="Employees"
        queryKey={peopleKeys.employees}
        fetchPage={fetchEmployeePage}
        columns={columns}
        rowKey={(e) => e.id}
        defaultSort={{ key: 'name', dir: 'asc' }}
        searchPlaceholder="Search by name, e-mail or employee ID"
        empty={{
          icon: <PeopleTeamRegular />,
          title: 'No employees yet',
          body: 'Add the first people of your company; they set their password with the code we e-mail them.',
          action: addButton,
        }}
      />
      {editing ? (
        <EmployeeDialog employee={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        open={statusChange !== null}
        title={statusChange?.to === 'inactive' ? 'Deactivate employee?' : 'Activate employee?'}
        confirmLabel={statusChange?.to === 'inactive' ? 'Deactivate' : 'Activate'}
        danger={statusChange?.to === 'inactive'}
        onConfirm={() =>
          statusChange ? changeStatus.mutateAsync({ id: statusChange.employee.id, status: statusChange.to }) : undefined
        }
        onClose={() => setStatusChange(null)}
      >
        {statusChange?.to === 'inactive'
          ? `${statusChange.employee.name} will be signed out everywhere and cannot sign in until activated again.`
          : `${statusChange?.employee.name ?? ''} will be able to sign in again with their existing roles.`}
      </ConfirmDialog>
    </>
  );
}
