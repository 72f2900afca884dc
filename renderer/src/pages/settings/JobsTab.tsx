/**
 * Jobs settings: the scheduled jobs' runs for this company, newest first (server/src/jobs): which job,
 * whether the schedule or a person started it, how it ended, what it changed, and when.
 */
import { Badge, type BadgeProps } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import type { TFunction } from 'i18next';
import { JOB_LABELS, type JobRun } from '../../../../shared/contracts/jobs';
import { jobKeys, jobRunsPage } from '../../api/hooks/jobs';
import { DataTable, type Column } from '../../components/DataTable';
import { useFormat, useTranslation } from '../../i18n';

const OUTCOME_COLORS: Record<JobRun['outcome'], BadgeProps['color']> = {
  running: 'informative',
  succeeded: 'success',
  failed: 'danger',
};

const KNOWN_CHANGES = ['created', 'autoRejected', 'cancellationsRefused', 'autoCancelled', 'expired', 'days'] as const;
type KnownChange = (typeof KNOWN_CHANGES)[number];
const isKnownChange = (name: string): name is KnownChange => (KNOWN_CHANGES as readonly string[]).includes(name);

/** "autoRejected: 2" reads "2 auto rejected"; runs that changed nothing say so. */
function describeCounts(counts: JobRun['counts'], t: TFunction<'settings'>): string {
  const changed = Object.entries(counts).filter(([, n]) => n > 0);
  if (changed.length === 0) return t('jobs.nothingChanged');
  return changed
    .map(([name, count]) =>
      isKnownChange(name)
        ? t(`jobs.changes.${name}`, { count })
        : t('jobs.changes.other', { count, name: name.replace(/([A-Z])/g, ' $1').toLowerCase() }),
    )
    .join(', ');
}

function jobName(job: string, t: TFunction<'settings'>): string {
  return job in JOB_LABELS ? t(`jobs.names.${job as keyof typeof JOB_LABELS}`) : job;
}

export function JobsTab() {
  const { t } = useTranslation('settings');
  const fmt = useFormat();
  const columns: Column<JobRun>[] = [
    { key: 'startedAt', label: t('jobs.startedAt'), sortKey: 'startedAt', render: (r) => fmt.instant(r.startedAt) },
    { key: 'job', label: t('jobs.job'), wrap: true, render: (r) => jobName(r.job, t) },
    {
      key: 'trigger',
      label: t('jobs.trigger'),
      render: (r) => (r.trigger === 'manual' ? t('jobs.manual') : t('jobs.schedule')),
    },
    {
      key: 'outcome',
      label: t('jobs.outcome'),
      render: (r) => (
        <Badge appearance="tint" shape="rounded" color={OUTCOME_COLORS[r.outcome]}>
          {t(`jobs.outcomes.${r.outcome}`)}
        </Badge>
      ),
    },
    { key: 'counts', label: t('jobs.counts'), wrap: true, render: (r) => describeCounts(r.counts, t) },
    {
      key: 'finishedAt',
      label: t('jobs.finishedAt'),
      render: (r) => (r.finishedAt ? fmt.instant(r.finishedAt) : '—'),
    },
  ];
  return (
    <DataTable<JobRun>
      label={t('jobs.tableLabel')}
      queryKey={jobKeys.runs}
      fetchPage={jobRunsPage}
      columns={columns}
      rowKey={(r) => r.id}
      defaultSort={{ key: 'startedAt', dir: 'desc' }}
      searchPlaceholder={t('jobs.search')}
      empty={{
        icon: <HistoryRegular />,
        title: t('jobs.emptyTitle'),
        body: t('jobs.emptyBody'),
      }}
    />
  );
}
