/**
 * The Project Hub (/project/management): projects with their product owners, members, tracker and last
 * sync; added, edited, switched on and off, and the two CSV reports. A project opens on its Overview tab.
 * Without view-all-projects the list holds only one's own projects (the server decides). Each control
 * appears only with its permission.
 */
import { Badge, Button, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowDownloadRegular, BriefcaseRegular, EditRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Project } from '../../../../shared/contracts/projects';
import { usePermissions } from '../../api/hooks/me';
import {
  fetchProjectPage,
  projectKeys,
  useDownloadProjectReport,
  useProjectCounts,
  useSetProjectStatus,
} from '../../api/hooks/projects';
import { AppLink } from '../../components/AppLink';
import { RowButton } from '../../components/CatalogueTable';
import { DataTable, type Column } from '../../components/DataTable';
import { FigureCard } from '../../components/FigureCard';
import { FigureGrid } from '../../components/FigureGrid';
import { PageHeader } from '../../components/PageHeader';
import { StatusSwitch } from '../../components/StatusSwitch';
import { useFormat, useTranslation } from '../../i18n';
import { ProjectDialog } from './ProjectDialog';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  headerActions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  figure: { fontVariantNumeric: 'tabular-nums' },
});

export const projectPath = (id: number, tab: 'overview' | 'tasks' | 'team' | 'feedback' = 'overview') =>
  `/project/management/${id}/${tab}`;
/** A backlog item's page: its feedbacks and averages (docs/projects.md "Pages"). */
export const pbiPath = (id: number, pbiId: number) => `/project/management/${id}/pbi/${pbiId}`;

export function ProjectsPage() {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const [editing, setEditing] = useState<Project | 'new' | null>(null);
  const status = useSetProjectStatus();
  const report = useDownloadProjectReport('projects');
  const allocation = useDownloadProjectReport('allocation');
  const canAdd = permissions.has('add-project');
  const canEdit = permissions.has('edit-project');
  const canStatus = permissions.has('update-project-status');

  const columns: Column<Project>[] = [
    {
      key: 'name',
      label: t('columns.name'),
      sortKey: 'name',
      render: (p) => (
        <AppLink to={projectPath(p.id)} label={t('open', { name: p.name })}>
          {p.name}
        </AppLink>
      ),
    },
    { key: 'key', label: t('columns.key'), render: (p) => p.key },
    { key: 'type', label: t('columns.type'), render: (p) => t(`types.${p.type}`) },
    {
      key: 'owners',
      label: t('columns.owners'),
      wrap: true,
      render: (p) =>
        p.productOwners.length > 0 ? (
          p.productOwners.map((o) => o.name).join(', ')
        ) : (
          <span className={styles.muted}>—</span>
        ),
    },
    {
      key: 'memberCount',
      label: t('columns.members'),
      sortKey: 'memberCount',
      render: (p) => <Text className={styles.figure}>{format.number(p.memberCount)}</Text>,
    },
    {
      key: 'tracker',
      label: t('columns.tracker'),
      render: (p) =>
        p.connection ? t(`tools.${p.connection.tool}`) : <span className={styles.muted}>{t('notConnected')}</span>,
    },
    {
      key: 'lastSync',
      label: t('columns.lastSync'),
      render: (p) =>
        p.lastSync ? (
          p.lastSync.state === 'failed' ? (
            <Badge appearance="tint" color="danger">
              {format.instant(p.lastSync.startedAt)}
            </Badge>
          ) : (
            format.instant(p.lastSync.finishedAt ?? p.lastSync.startedAt)
          )
        ) : (
          <span className={styles.muted}>{t('neverSynced')}</span>
        ),
    },
    {
      key: 'active',
      label: t('columns.status'),
      width: '90px',
      render: (p) => (
        <StatusSwitch
          label={t('statusLabel', { name: p.name })}
          checked={p.isActive}
          disabled={!canStatus || status.isPending}
          confirmTitle={t('header.deactivateTitle', { name: p.name })}
          confirmBody={t('header.deactivateBody')}
          onChange={(isActive) => status.mutateAsync({ id: p.id, isActive })}
        />
      ),
    },
  ];
  if (canEdit)
    columns.push({
      key: 'actions',
      label: t('columns.actions'),
      hideLabel: true,
      width: '56px',
      render: (p) => (
        <RowButton label={t('edit', { name: p.name })} icon={<EditRegular />} onClick={() => setEditing(p)} />
      ),
    });

  const addButton = canAdd ? (
    <Button appearance="primary" icon={<BriefcaseRegular />} onClick={() => setEditing('new')}>
      {t('add')}
    </Button>
  ) : null;
  const headerActions = (
    <span className={styles.headerActions}>
      {permissions.has('download-project-report') ? (
        <Button icon={<ArrowDownloadRegular />} disabled={report.isPending} onClick={report.download}>
          {t('download')}
        </Button>
      ) : null}
      {permissions.has('download-project-allocation-report') ? (
        <Button icon={<ArrowDownloadRegular />} disabled={allocation.isPending} onClick={allocation.download}>
          {t('downloadAllocation')}
        </Button>
      ) : null}
      {addButton}
    </span>
  );

  return (
    <>
      <PageHeader title={t('title')} subtitle={t('subtitle')} actions={headerActions} />
      <ProjectCounts />
      <DataTable<Project>
        label={t('tableLabel')}
        queryKey={projectKeys.list}
        fetchPage={fetchProjectPage}
        columns={columns}
        rowKey={(p) => p.id}
        defaultSort={{ key: 'updatedAt', dir: 'desc' }}
        searchPlaceholder={t('search')}
        empty={{
          icon: <BriefcaseRegular />,
          title: t('emptyTitle'),
          body: permissions.has('view-all-projects') ? t('emptyBody') : t('emptyBodyOwn'),
          action: addButton,
        }}
      />
      {editing ? (
        <ProjectDialog
          project={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            if (editing === 'new') navigate(projectPath(saved.id));
          }}
        />
      ) : null}
    </>
  );
}

/** The spec's team dashboard: the projects the caller sees, by status and by type. */
function ProjectCounts() {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const counts = useProjectCounts();
  const card = (key: 'total' | 'active' | 'inactive' | 'billable' | 'nonBillable') => (
    <FigureCard
      key={key}
      label={t(`counts.${key}`)}
      figure={{ value: counts.data?.[key], loadingLabel: t('counts.loading') }}
    >
      {key === 'billable' && counts.data ? (
        <Text size={200} className={styles.muted}>
          {t('counts.byType', {
            fixedScope: format.number(counts.data.fixedScope),
            monthly: format.number(counts.data.monthly),
          })}
        </Text>
      ) : null}
    </FigureCard>
  );
  return (
    <FigureGrid label={t('counts.label')} query={counts}>
      {(['total', 'active', 'inactive', 'billable', 'nonBillable'] as const).map(card)}
    </FigureGrid>
  );
}
