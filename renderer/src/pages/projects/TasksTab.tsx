/**
 * A project's Tasks tab: its tasks with their metrics (docs/projects.md "Status, metrics and what is a task"),
 * filtered by sprint and status, searched and sorted by the server. With edit-project a task is ignored for
 * feedback with a reason (one from its row, or the selected ones at once) after a confirmation, and an
 * ignored one restored with a click.
 */
import {
  Button,
  Checkbox,
  Dropdown,
  Field,
  makeStyles,
  Option,
  Radio,
  RadioGroup,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowUndoRegular, CommentRegular, EyeOffRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ProjectDetail, Task } from '../../../../shared/contracts/projects';
import {
  IGNORE_REASONS,
  TASK_BATCH_MAX,
  TRACKER_TASK_STATUSES,
  type IgnoreReason,
  type TaskStatus,
} from '../../../../shared/projects';
import { useMe, usePermissions } from '../../api/hooks/me';
import { projectKeys, taskFetcher, useIgnoreTasks, useSprints } from '../../api/hooks/projects';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { IssueLink } from '../../components/IssueLink';
import { useFormat, useTranslation } from '../../i18n';
import { SprintFilter } from './SprintFilter';
import { TaskStatusBadge } from './TaskStatusBadge';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  figure: { fontVariantNumeric: 'tabular-nums' },
  status: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  name: { display: 'block', minWidth: '200px', maxWidth: '360px' },
  filter: { minWidth: '160px' },
  selection: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  reason: { marginTop: tokens.spacingVerticalM },
});

const STATUS_FILTERS = [...TRACKER_TASK_STATUSES, 'ignored'] as const;
const ALL = 'all';

/** The tasks asked about in the ignore dialog; `bulk` when they are the selection. */
type Ignoring = { ids: number[]; bulk: boolean };

export function TasksTab({ project }: { project: ProjectDetail }) {
  const styles = useStyles();
  const { t } = useTranslation('projects');
  const format = useFormat();
  const permissions = usePermissions();
  const canEdit = permissions.has('edit-project');
  const me = useMe();
  const navigate = useNavigate();
  // Task feedback (docs/projects.md): on someone else's task, mapped to an employee and not ignored.
  const mayGive = (task: Task) =>
    permissions.has('give-task-feedback') &&
    task.status !== 'ignored' &&
    task.assignee?.id != null &&
    task.assignee.id !== me?.employee.id;
  const sprints = useSprints(project.id);
  const ignore = useIgnoreTasks(project.id);
  const [sprintId, setSprintId] = useState<number | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  // Kept after closing, so the dialog's title does not change while it fades out.
  const [ignoring, setIgnoring] = useState<Ignoring | null>(null);
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<IgnoreReason>('low-impact');

  const select = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  // Another filter shows other tasks: a selection the table no longer shows would be ignored unseen.
  const filterBy = (change: () => void) => {
    change();
    setSelected(new Set());
  };
  const askIgnore = (target: Ignoring) => {
    setReason('low-impact');
    setIgnoring(target);
    setAsking(true);
  };
  const confirmIgnore = async () => {
    if (!ignoring) return;
    await ignore.mutateAsync({ taskIds: ignoring.ids, reason });
    setSelected((current) =>
      ignoring.bulk ? new Set() : new Set([...current].filter((id) => !ignoring.ids.includes(id))),
    );
  };

  const hours = (value: number | null) =>
    value === null ? (
      <span className={styles.muted}>—</span>
    ) : (
      <Text className={styles.figure}>{t('tasks.hours', { value: format.number(value) })}</Text>
    );
  const instant = (value: string | null) =>
    value === null ? <span className={styles.muted}>—</span> : format.instant(value);

  const columns: Column<Task>[] = [];
  if (canEdit)
    columns.push({
      key: 'select',
      label: t('tasks.columns.select'),
      hideLabel: true,
      width: '44px',
      render: (task) => (
        <Checkbox
          aria-label={t('tasks.selectTask', { issue: task.issueId })}
          checked={selected.has(task.id)}
          // An ignored task is restored from its row; the server takes at most TASK_BATCH_MAX at once.
          disabled={task.status === 'ignored' || (!selected.has(task.id) && selected.size >= TASK_BATCH_MAX)}
          onChange={(_, d) => select(task.id, d.checked === true)}
        />
      ),
    });
  columns.push(
    {
      key: 'issueId',
      label: t('tasks.columns.issueId'),
      sortKey: 'issueId',
      render: (task) => <IssueLink issueId={task.issueId} href={task.link} />,
    },
    {
      key: 'name',
      label: t('tasks.columns.name'),
      sortKey: 'name',
      wrap: true,
      render: (task) => <span className={styles.name}>{task.name}</span>,
    },
    {
      key: 'sprint',
      label: t('tasks.columns.sprint'),
      render: (task) => task.sprint?.name ?? <span className={styles.muted}>—</span>,
    },
    {
      key: 'assignee',
      label: t('tasks.columns.assignee'),
      render: (task) =>
        task.assignee ? task.assignee.name : <span className={styles.muted}>{t('tasks.unassigned')}</span>,
    },
    {
      key: 'status',
      label: t('tasks.columns.status'),
      sortKey: 'status',
      render: (task) => (
        <span className={styles.status}>
          <TaskStatusBadge status={task.status} />
          {/* Beside ours, the tracker's own state, or why the task is ignored. */}
          <Text size={200} className={styles.muted}>
            {task.ignoredReason ? t(`ignoreReasons.${task.ignoredReason}`) : task.trackerStatus}
          </Text>
        </span>
      ),
    },
    {
      key: 'startDate',
      label: t('tasks.columns.startDate'),
      sortKey: 'startDate',
      render: (task) => instant(task.startDate),
    },
    {
      key: 'endDate',
      label: t('tasks.columns.endDate'),
      sortKey: 'endDate',
      render: (task) => instant(task.endDate),
    },
    {
      key: 'devCycleTime',
      label: t('tasks.columns.devCycleTime'),
      sortKey: 'devCycleTime',
      render: (task) => hours(task.devCycleTime),
    },
    {
      key: 'qaCycleTime',
      label: t('tasks.columns.qaCycleTime'),
      render: (task) => hours(task.qaCycleTime),
    },
    {
      key: 'qaKickbacks',
      label: t('tasks.columns.qaKickbacks'),
      sortKey: 'qaKickbacks',
      render: (task) => <Text className={styles.figure}>{format.number(task.qaKickbacks)}</Text>,
    },
  );
  if (permissions.has('give-task-feedback'))
    columns.push({
      key: 'feedback',
      label: t('tasks.columns.feedback'),
      hideLabel: true,
      width: '140px',
      // The form opens prefilled with the task; it edits the caller's feedback when there is one.
      render: (task) =>
        mayGive(task) ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<CommentRegular />}
            aria-label={t('tasks.giveFeedbackOne', { issue: task.issueId })}
            onClick={() => navigate(`/task/${task.id}/give`)}
          >
            {t('tasks.giveFeedback')}
          </Button>
        ) : null,
    });
  if (canEdit)
    columns.push({
      key: 'actions',
      label: t('tasks.columns.actions'),
      hideLabel: true,
      width: '112px',
      // The visible word starts the accessible name, which adds the task ("Ignore WEB-12").
      render: (task) =>
        task.status === 'ignored' ? (
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowUndoRegular />}
            aria-label={t('tasks.restoreOne', { issue: task.issueId })}
            disabled={ignore.isPending}
            onClick={() => ignore.mutate({ taskIds: [task.id], reason: null })}
          >
            {t('tasks.restore')}
          </Button>
        ) : (
          <Button
            size="small"
            appearance="subtle"
            icon={<EyeOffRegular />}
            aria-label={t('tasks.ignoreOne', { issue: task.issueId })}
            onClick={() => askIgnore({ ids: [task.id], bulk: false })}
          >
            {t('tasks.ignore')}
          </Button>
        ),
    });

  const sprintItems = sprints.data?.items ?? [];
  const toolbar = (
    <>
      {canEdit && selected.size > 0 ? (
        <span className={styles.selection}>
          <Text aria-live="polite">{t('tasks.selected', { count: selected.size })}</Text>
          <Button icon={<EyeOffRegular />} onClick={() => askIgnore({ ids: [...selected], bulk: true })}>
            {t('tasks.ignoreSelected')}
          </Button>
        </span>
      ) : null}
      <SprintFilter
        sprints={sprintItems}
        value={sprintId}
        onChange={(id) => filterBy(() => setSprintId(id))}
        label={t('tasks.sprintFilter')}
        allLabel={t('tasks.allSprints')}
        hideLabel
      />
      <Dropdown
        className={styles.filter}
        aria-label={t('tasks.statusFilter')}
        value={status === null ? t('tasks.allStatuses') : t(`taskStatuses.${status as TaskStatus}`)}
        selectedOptions={[status ?? ALL]}
        onOptionSelect={(_, d) =>
          filterBy(() => setStatus(d.optionValue === ALL || !d.optionValue ? null : d.optionValue))
        }
      >
        <Option value={ALL}>{t('tasks.allStatuses')}</Option>
        {STATUS_FILTERS.map((s) => (
          <Option key={s} value={s}>
            {t(`taskStatuses.${s}`)}
          </Option>
        ))}
      </Dropdown>
    </>
  );

  return (
    <>
      <DataTable<Task>
        label={t('tasks.label')}
        queryKey={[...projectKeys.tasks(project.id), { sprintId, status }]}
        fetchPage={taskFetcher(project.id, { sprintId, status })}
        columns={columns}
        rowKey={(task) => task.id}
        defaultSort={{ key: 'issueId', dir: 'asc' }}
        searchPlaceholder={t('tasks.search')}
        toolbar={toolbar}
        empty={{ icon: <TaskListSquareLtrRegular />, title: t('tasks.empty'), body: t('tasks.emptyBody') }}
      />
      <ConfirmDialog
        open={asking}
        title={t('tasks.ignoreTitle', { count: ignoring?.ids.length ?? 0 })}
        confirmLabel={t('tasks.ignore')}
        onConfirm={confirmIgnore}
        onClose={() => setAsking(false)}
      >
        <Text>{t('tasks.ignoreBody')}</Text>
        <Field label={t('tasks.reason')} required className={styles.reason}>
          <RadioGroup value={reason} onChange={(_, d) => setReason(d.value as IgnoreReason)}>
            {IGNORE_REASONS.map((r) => (
              <Radio key={r} value={r} label={t(`ignoreReasons.${r}`)} />
            ))}
          </RadioGroup>
        </Field>
      </ConfirmDialog>
    </>
  );
}
