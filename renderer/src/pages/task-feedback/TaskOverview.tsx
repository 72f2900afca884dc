/**
 * The Task Feedback side of the personal Overview (/overview?kind=task, docs/projects.md "Task feedback"):
 * the average of the last 90 days with its change and trend, the task stats, and the recent tasks that
 * received feedback. Cycle times and kickbacks show only to holders of view-task-metrics. A team lead or HR
 * picks whose (?employeeId=, WhosePicker.tsx).
 */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowDownRegular, ArrowRightRegular, ArrowUpRegular, TaskListSquareLtrRegular } from '@fluentui/react-icons';
import { Link } from 'react-router-dom';
import { TASK_OVERVIEW_DAYS } from '../../../../shared/task-feedback';
import { useTaskFeedbackOverview } from '../../api/hooks/task-feedback';
import { EmptyState } from '../../components/EmptyState';
import { FigureCard } from '../../components/FigureCard';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { TaskStatusBadge } from '../projects/TaskStatusBadge';
import { Average } from './parts';

const useStyles = makeStyles({
  kpis: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  label: { color: tokens.colorNeutralForeground3 },
  up: { color: tokens.colorPaletteGreenForeground1 },
  down: { color: tokens.colorPaletteRedForeground1 },
  flat: { color: tokens.colorNeutralForeground2 },
  recent: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  task: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} 0`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
});

/** The caller's overview, or that of `employeeId` (picked by a lead or HR, WhosePicker.tsx). */
export function TaskOverview({ employeeId }: { employeeId: number | null }) {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  const overview = useTaskFeedbackOverview(true, employeeId);
  return (
    <QueryState query={overview} label={t('overview.loading')}>
      {(data) => {
        const s = data.stats;
        const TrendIcon =
          data.trend === 'up' ? ArrowUpRegular : data.trend === 'down' ? ArrowDownRegular : ArrowRightRegular;
        const change =
          data.percentageChange === null
            ? t('overview.noPrevious', { days: TASK_OVERVIEW_DAYS })
            : t('overview.change', {
                change: `${data.percentageChange > 0 ? '+' : ''}${fmt.number(data.percentageChange, { maximumFractionDigits: 1 })}%`,
                days: TASK_OVERVIEW_DAYS,
              });
        const hours = (v: number | null) => (v === null ? '—' : t('hours', { value: fmt.number(v) }));
        const figures: [string, string][] = [
          [t('overview.projects'), fmt.number(s.projectCount)],
          [t('overview.tasks'), fmt.number(s.taskCount)],
          [t('overview.received'), fmt.number(s.receivedTaskCount)],
          [t('overview.ignored'), fmt.number(s.ignoredTaskCount)],
          [t('overview.inProgress'), fmt.number(s.inProgressCount)],
          [t('overview.reviewed'), fmt.number(s.reviewedCount)],
          [t('overview.done'), fmt.number(s.doneCount)],
          ...(s.qaKickbacks === null
            ? []
            : ([
                [t('overview.qaKickbacks'), fmt.number(s.qaKickbacks)],
                [t('overview.devCycleTime'), hours(s.devCycleTime)],
                [t('overview.qaCycleTime'), hours(s.qaCycleTime)],
              ] as [string, string][])),
        ];
        return (
          <>
            <div className={styles.kpis}>
              <FigureCard label={t('overview.average')}>
                <div data-testid="task-average">
                  <Average value={data.avgRating} />
                </div>
                <Text className={styles.label}>{t('overview.period', { days: TASK_OVERVIEW_DAYS })}</Text>
              </FigureCard>
              <FigureCard label={t('overview.trend')}>
                <div
                  className={mergeClasses(
                    styles.row,
                    data.trend === 'up' ? styles.up : data.trend === 'down' ? styles.down : styles.flat,
                  )}
                >
                  <TrendIcon fontSize={28} aria-hidden />
                  <Text size={600} weight="semibold">
                    {t(`overview.trends.${data.trend}`)}
                  </Text>
                </div>
                <Text className={styles.label}>{change}</Text>
              </FigureCard>
              {figures.map(([label, value]) => (
                <FigureCard key={label} label={label}>
                  <Text size={700} weight="semibold">
                    {value}
                  </Text>
                </FigureCard>
              ))}
            </div>
            <Text as="h2" size={500} weight="semibold">
              {t('overview.recent')}
            </Text>
            {data.recentTasks.length === 0 ? (
              <EmptyState icon={<TaskListSquareLtrRegular />} title={t('overview.emptyTitle')}>
                {t('overview.emptyBody')}
              </EmptyState>
            ) : (
              <div className={styles.recent}>
                {data.recentTasks.map((task) => (
                  <div key={task.id} className={styles.task}>
                    <div>
                      <Link to={`/task/${task.id}`}>
                        {task.issueId} · {task.name}
                      </Link>
                      <br />
                      <Text size={200} className={styles.label}>
                        {task.plan.name}
                        {task.sprint ? ` · ${task.sprint.name}` : ''}
                      </Text>
                    </div>
                    <TaskStatusBadge status={task.status} />
                    <Average value={task.avgRating} />
                  </div>
                ))}
              </div>
            )}
          </>
        );
      }}
    </QueryState>
  );
}
