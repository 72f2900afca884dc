/**
 * A project's Overview: the Sprint View (each sprint with its goal, time cycle, status and data points, edited
 * by those who keep them, and synced on its own) and the PBI View (the backlog items, of one sprint or all,
 * searchable and sortable, with their participants and ratings).
 */
import { Badge, Button, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { AddRegular, ArrowSyncRegular, EditRegular, TaskListLtrRegular } from '@fluentui/react-icons';
import { useMemo, useState } from 'react';
import type { Pbi, ProjectDetail, Sprint } from '../../../../shared/contracts/projects';
import { usePermissions } from '../../api/hooks/me';
import { pbiFetcher, projectKeys, useLatestSync, useSprints, useStartSync } from '../../api/hooks/projects';
import { AppLink } from '../../components/AppLink';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { pbiPath } from './ProjectsPage';
import { SprintDialog } from './SprintDialog';
import { SprintFilter } from './SprintFilter';
import { TaskStatusBadge } from './TaskStatusBadge';

const useStyles = makeStyles({
  bar: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    flexWrap: 'wrap',
    marginBottom: tokens.spacingVerticalM,
  },
  spacer: { flexGrow: 1 },
  list: { display: 'grid', gap: tokens.spacingVerticalM, gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  muted: { color: tokens.colorNeutralForeground3 },
  points: {
    display: 'grid',
    gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
    gap: tokens.spacingHorizontalS,
    margin: 0,
  },
  point: { display: 'flex', flexDirection: 'column', margin: 0 },
  figure: { fontVariantNumeric: 'tabular-nums', fontWeight: tokens.fontWeightSemibold, margin: 0 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, justifyContent: 'flex-end' },
});

const STATUS_COLOR = { future: 'informative', active: 'brand', closed: 'subtle' } as const;
const QUALITY_COLOR = { passed: 'success', failed: 'danger', 'in-progress': 'warning', none: 'subtle' } as const;

export function OverviewTab({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const [view, setView] = useState<'sprints' | 'pbis'>('sprints');
  return (
    <>
      <TabList
        size="small"
        className={styles.bar}
        selectedValue={view}
        onTabSelect={(_, d) => setView(d.value === 'pbis' ? 'pbis' : 'sprints')}
        aria-label={t('overview.viewLabel')}
      >
        <Tab value="sprints">{t('overview.sprintView')}</Tab>
        <Tab value="pbis">{t('overview.pbiView')}</Tab>
      </TabList>
      {view === 'sprints' ? <SprintView project={project} /> : <PbiView project={project} />}
    </>
  );
}

function SprintView({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const permissions = usePermissions();
  const sprints = useSprints(project.id);
  const [editing, setEditing] = useState<Sprint | 'new' | null>(null);
  const canKeep = permissions.has('update-project-data-points');
  const addButton = canKeep ? (
    <Button icon={<AddRegular />} onClick={() => setEditing('new')}>
      {t('overview.addSprint')}
    </Button>
  ) : null;

  return (
    <>
      <div className={styles.bar}>
        <span className={styles.spacer} />
        {addButton}
      </div>
      <QueryState
        query={sprints}
        label={t('overview.sprintView')}
        isEmpty={(data) => data.items.length === 0}
        empty={
          <EmptyState icon={<ArrowSyncRegular />} title={t('overview.noSprints')}>
            {t('overview.noSprintsBody')}
          </EmptyState>
        }
      >
        {(data) => (
          <div className={styles.list}>
            {data.items.map((sprint) => (
              <SprintCard
                key={sprint.id}
                project={project}
                sprint={sprint}
                onEdit={canKeep ? () => setEditing(sprint) : null}
              />
            ))}
          </div>
        )}
      </QueryState>
      {editing ? (
        <SprintDialog
          projectId={project.id}
          sprint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </>
  );
}

function SprintCard({
  project,
  sprint,
  onEdit,
}: {
  project: ProjectDetail;
  sprint: Sprint;
  onEdit: (() => void) | null;
}) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const permissions = usePermissions();
  const latest = useLatestSync(project.id);
  const start = useStartSync(project.id);
  const canSync =
    sprint.fromTracker &&
    project.connection !== null &&
    project.isActive &&
    (permissions.has('edit-project') || permissions.has('sync-all-sprints'));
  const percent = (value: number | null) => (value === null ? t('overview.notSet') : t('overview.percent', { value }));
  const point = (label: string, value: string) => (
    <div className={styles.point}>
      <dt className={styles.muted}>{label}</dt>
      <dd className={styles.figure}>{value}</dd>
    </div>
  );

  return (
    <article className={styles.card} aria-label={sprint.name}>
      <div className={styles.head}>
        <Text weight="semibold" size={400}>
          {sprint.name}
        </Text>
        <Badge appearance="tint" color={STATUS_COLOR[sprint.status]}>
          {t(`overview.statuses.${sprint.status}`)}
        </Badge>
        <span className={styles.spacer} />
        <Text size={200} className={styles.muted}>
          {sprint.fromTracker ? t('overview.fromTracker') : t('overview.byHand')}
        </Text>
      </div>
      <Text className={styles.muted}>
        {sprint.startDate && sprint.endDate
          ? t('overview.dates', { start: format.day(sprint.startDate), end: format.day(sprint.endDate) })
          : t('overview.noDates')}
      </Text>
      <Text>
        <strong>{t('overview.goal')}: </strong>
        {sprint.goal ?? t('overview.noGoal')}
      </Text>
      <dl className={styles.points}>
        {point(t('overview.qaKickback'), percent(sprint.qaKickback))}
        {point(t('overview.uatKickback'), percent(sprint.uatKickback))}
        {point(t('overview.carryOvers'), percent(sprint.carryOvers))}
        <div className={styles.point}>
          <dt className={styles.muted}>{t('overview.qualityResult')}</dt>
          <dd className={styles.figure}>
            <Badge appearance="tint" color={QUALITY_COLOR[sprint.qualityResult]}>
              {t(`overview.qualityResults.${sprint.qualityResult}`)}
            </Badge>
          </dd>
        </div>
      </dl>
      <Text size={200} className={styles.muted}>
        {t('overview.counts', { pbis: sprint.pbiCount, tasks: sprint.taskCount })}
      </Text>
      <div className={styles.actions}>
        {canSync ? (
          <Button
            size="small"
            icon={<ArrowSyncRegular />}
            disabled={latest.data?.state === 'running' || start.isPending}
            onClick={() => start.mutate(sprint.id)}
          >
            {t('sync.syncSprint')}
          </Button>
        ) : null}
        {onEdit ? (
          <Button size="small" icon={<EditRegular />} onClick={onEdit}>
            {t('overview.editSprint', { name: sprint.name })}
          </Button>
        ) : null}
      </div>
    </article>
  );
}

function PbiView({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const sprints = useSprints(project.id);
  const [sprintId, setSprintId] = useState<number | null>(null);
  const fetchPage = useMemo(() => pbiFetcher(project.id, sprintId), [project.id, sprintId]);
  const canOpen = usePermissions().has('view-project-feedback');
  const rating = (value: number | null) =>
    value === null ? (
      <span className={styles.muted}>{t('overview.pbis.notRated')}</span>
    ) : (
      format.number(value, { maximumFractionDigits: 1 })
    );

  const columns: Column<Pbi>[] = [
    {
      key: 'refId',
      label: t('overview.pbis.columns.refId'),
      sortKey: 'refId',
      // The item's page, with its feedbacks: for those who read project feedback.
      render: (b) =>
        canOpen ? (
          <AppLink to={pbiPath(project.id, b.id)} label={t('overview.pbis.open', { refId: b.refId, name: b.name })}>
            {b.refId}
          </AppLink>
        ) : (
          b.refId
        ),
    },
    { key: 'name', label: t('overview.pbis.columns.name'), sortKey: 'name', wrap: true, render: (b) => b.name },
    { key: 'sprint', label: t('overview.pbis.columns.sprint'), render: (b) => b.sprint?.name ?? '—' },
    {
      key: 'participants',
      label: t('overview.pbis.columns.participants'),
      wrap: true,
      render: (b) => b.participants.map((p) => p.name).join(', ') || '—',
    },
    {
      key: 'status',
      label: t('overview.pbis.columns.status'),
      sortKey: 'status',
      render: (b) => <TaskStatusBadge status={b.status} />,
    },
    {
      key: 'completionDate',
      label: t('overview.pbis.columns.completionDate'),
      sortKey: 'completionDate',
      render: (b) => (b.completionDate ? format.day(b.completionDate) : '—'),
    },
    { key: 'overallRating', label: t('overview.pbis.columns.overallRating'), render: (b) => rating(b.overallRating) },
    { key: 'quality', label: t('overview.pbis.columns.quality'), render: (b) => rating(b.quality) },
    { key: 'valueForMoney', label: t('overview.pbis.columns.valueForMoney'), render: (b) => rating(b.valueForMoney) },
  ];

  const toolbar = (
    <SprintFilter
      sprints={sprints.data?.items}
      value={sprintId}
      onChange={setSprintId}
      label={t('overview.pbis.sprintFilter')}
      allLabel={t('overview.pbis.allSprints')}
    />
  );

  return (
    <DataTable<Pbi>
      label={t('overview.pbis.label')}
      queryKey={projectKeys.pbis(project.id, sprintId)}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={(b) => b.id}
      defaultSort={{ key: 'refId', dir: 'asc' }}
      searchPlaceholder={t('overview.pbis.search')}
      toolbar={toolbar}
      empty={{ icon: <TaskListLtrRegular />, title: t('overview.pbis.empty'), body: t('overview.pbis.emptyBody') }}
    />
  );
}
