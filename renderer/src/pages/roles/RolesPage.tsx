/** Roles & Permissions (/role/management): the roles, their reach, and which one is the default. */
import { Badge, Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { EditRegular, ShieldAddRegular, ShieldPersonRegular, StarFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Role } from '../../../../shared/contracts/people';
import { PERMISSION_NAMES } from '../../../../shared/permissions';
import { fetchRolePage, peopleKeys, useAllRoles } from '../../api/hooks/people';
import { DataTable, type Column } from '../../components/DataTable';
import { formatInstant } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { usePermissions } from '../../api/hooks/me';
import { RoleDialog } from './RoleDialog';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  description: { color: tokens.colorNeutralForeground2, display: 'block', maxWidth: '420px' },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

export function RolesPage() {
  const styles = useStyles();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = useAllRoles();
  const currentDefault = roles.data?.find((r) => r.isDefault) ?? null;
  const canAdd = permissions.has('add-role');
  const canEdit = permissions.has('edit-role');

  const columns: Column<Role>[] = [
    {
      key: 'name',
      label: 'Role',
      sortKey: 'name',
      render: (r) => (
        <span className={styles.name}>
          <Text weight="semibold">{r.name}</Text>
          {r.isDefault ? (
            <Badge appearance="tint" color="brand" icon={<StarFilled />}>
              Default
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'description',
      wrap: true,
      label: 'Description',
      render: (r) => <Text className={styles.description}>{r.description ?? '—'}</Text>,
    },
    {
      key: 'permissions',
      label: 'Permissions',
      width: '130px',
      render: (r) => (
        <Text className={styles.mono}>
          {r.permissions.length} <span className={styles.muted}>/ {PERMISSION_NAMES.length}</span>
        </Text>
      ),
    },
    {
      key: 'employeeCount',
      label: 'Employees',
      sortKey: 'employeeCount',
      width: '110px',
      render: (r) => <Text className={styles.mono}>{r.employeeCount}</Text>,
    },
    {
      key: 'updatedAt',
      label: 'Last changed',
      sortKey: 'updatedAt',
      width: '170px',
      render: (r) => formatInstant(r.updatedAt),
    },
  ];
  if (canEdit) {
    columns.push({
      key: 'actions',
      label: 'Actions',
      width: '72px',
      render: (r) => (
        <Tooltip content={`Edit ${r.name}`} relationship="label">
          <Button appearance="subtle" icon={<EditRegular />} onClick={() => setEditing(r)} />
        </Tooltip>
      ),
    });
  }

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<ShieldAddRegular />} onClick={() => setEditing('new')}>
      Add role
    </Button>
  ) : null;

  return (
    <>
      <PageHeader
        title="Roles & Permissions"
        subtitle="A role is a set of permissions. Exactly one role is the default for new employees."
        actions={addButton}
      />
      <DataTable<Role>
        label="Roles"
        queryKey={peopleKeys.roles}
        fetchPage={fetchRolePage}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
        searchPlaceholder="Search roles"
        empty={{
          icon: <ShieldPersonRegular />,
          title: 'No roles yet',
          body: 'Create a role to decide who may do what.',
          action: addButton,
        }}
      />
      {editing ? (
        <RoleDialog
          role={editing === 'new' ? null : editing}
          currentDefault={currentDefault}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}
