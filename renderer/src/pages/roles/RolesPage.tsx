/** Roles & Permissions (/role/management): the roles, their reach, and which one is the default. */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { EditRegular, ShieldAddRegular, ShieldPersonRegular, StarFilled } from '@fluentui/react-icons';
import { useState } from 'react';
import type { Role } from '../../../../shared/contracts/people';
import { PERMISSION_NAMES } from '../../../../shared/permissions';
import { fetchRolePage, peopleKeys, useAllRoles } from '../../api/hooks/people';
import { DataTable, type Column } from '../../components/DataTable';
import { PageHeader } from '../../components/PageHeader';
import { actionsColumn, IconButton } from '../../components/RowActions';
import { usePermissions } from '../../api/hooks/me';
import { RoleDialog } from './RoleDialog';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  name: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  description: { color: tokens.colorNeutralForeground2, display: 'block', maxWidth: '420px' },
  mono: { fontVariantNumeric: 'tabular-nums' },
});

export function RolesPage() {
  const styles = useStyles();
  const { t } = useTranslation('people');
  const format = useFormat();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Role | 'new' | null>(null);
  const roles = useAllRoles();
  const currentDefault = roles.data?.find((r) => r.isDefault) ?? null;
  const canAdd = permissions.has('add-role');
  const canEdit = permissions.has('edit-role');

  const columns: Column<Role>[] = [
    {
      key: 'name',
      label: t('rolesPage.columns.role'),
      sortKey: 'name',
      render: (r) => (
        <span className={styles.name}>
          <Text weight="semibold">{r.name}</Text>
          {r.isDefault ? (
            <Badge appearance="tint" color="brand" icon={<StarFilled />}>
              {t('rolesPage.default')}
            </Badge>
          ) : null}
        </span>
      ),
    },
    {
      key: 'description',
      wrap: true,
      label: t('rolesPage.columns.description'),
      render: (r) => <Text className={styles.description}>{r.description ?? '—'}</Text>,
    },
    {
      key: 'permissions',
      label: t('rolesPage.columns.permissions'),
      width: '130px',
      render: (r) => (
        <Text className={styles.mono}>
          {format.number(r.permissions.length)}{' '}
          <span className={styles.muted}>{t('rolesPage.ofTotal', { total: PERMISSION_NAMES.length })}</span>
        </Text>
      ),
    },
    {
      key: 'employeeCount',
      label: t('rolesPage.columns.employees'),
      sortKey: 'employeeCount',
      width: '110px',
      render: (r) => <Text className={styles.mono}>{format.number(r.employeeCount)}</Text>,
    },
    {
      key: 'updatedAt',
      label: t('rolesPage.columns.lastChanged'),
      sortKey: 'updatedAt',
      width: '170px',
      render: (r) => format.instant(r.updatedAt),
    },
  ];
  if (canEdit) {
    columns.push(
      actionsColumn(t('rolesPage.columns.actions'), (r) => (
        <IconButton
          label={t('rolesPage.editRole', { name: r.name })}
          icon={<EditRegular />}
          onClick={() => setEditing(r)}
        />
      )),
    );
  }

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<ShieldAddRegular />} onClick={() => setEditing('new')}>
      {t('rolesPage.add')}
    </Button>
  ) : null;

  return (
    <>
      <PageHeader title={t('rolesPage.title')} subtitle={t('rolesPage.subtitle')} actions={addButton} />
      <DataTable<Role>
        label={t('rolesPage.tableLabel')}
        queryKey={peopleKeys.roles}
        fetchPage={fetchRolePage}
        columns={columns}
        rowKey={(r) => r.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
        searchPlaceholder={t('rolesPage.searchPlaceholder')}
        empty={{
          icon: <ShieldPersonRegular />,
          title: t('rolesPage.emptyTitle'),
          body: t('rolesPage.emptyBody'),
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
