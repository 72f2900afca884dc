/**
 * Jobs settings: the scheduled jobs' runs for this company, newest first (server/src/jobs): which job,
 * whether the schedule or a person started it, how it ended, what it changed, and when.
 */
import { Badge, type BadgeProps } from '@fluentui/react-components';
import { HistoryRegular } from '@fluentui/react-icons';
import { JOB_LABELS, type JobRun } from '../../../../shared/contracts/jobs';
import { jobKeys, jobRunsPage } from '../../api/hooks/jobs';
import { DataTable, type Column } from '../../components/DataTable';
import { formatInstant } from '../../components/format';

const OUTCOME: Record<JobRun['outcome'], { label: string; color: BadgeProps['color'] }> = {
  running: { label: 'Running', color: 'informative' },
  succeeded: { label: 'Succeeded', color: 'success' },
  failed: { label: 'Failed', color: 'danger' },
};

/** "autoRejected: 2" reads "2 auto rejected"; runs that changed nothing say so. */
function describeCounts(counts: JobRun['counts']): string {
  const changed = Object.entries(counts).filter(([, n]) => n > 0);
  if (changed.length === 0) return 'Nothing to change';
  return changed.map(([name, n]) => `${n} ${name.replace(/([A-Z])/g, ' $1').toLowerCase()}`).join(', ');
}

const columns: Column<JobRun>[] = [
  { key: 'startedAt', label: 'Started', sortKey: 'startedAt', render: (r) => formatInstant(r.startedAt) },
  { key: 'job', label: 'Job', wrap: true, render: (r) => JOB_LABELS[r.job as keyof typeof JOB_LABELS] ?? r.job },
  { key: 'trigger', label: 'Started by', render: (r) => (r.trigger === 'manual' ? 'An administrator' : 'Schedule') },
  {
    key: 'outcome',
    label: 'Outcome',
    render: (r) => (
      <Badge appearance="tint" shape="rounded" color={OUTCOME[r.outcome].color}>
        {OUTCOME[r.outcome].label}
      </Badge>
    ),
  },
  { key: 'counts', label: 'Changes', wrap: true, render: (r) => describeCounts(r.counts) },
  {
    key: 'finishedAt',
    label: 'Finished',
    render: (r) => (r.finishedAt ? formatInstant(r.finishedAt) : '—'),
  },
];

export function JobsTab() {
  return (
    <DataTable<JobRun>
      label="Job runs"
      queryKey={jobKeys.runs}
      fetchPage={jobRunsPage}
      columns={columns}
      rowKey={(r) => r.id}
      defaultSort={{ key: 'startedAt', dir: 'desc' }}
      searchPlaceholder="Search by job"
      empty={{
        icon: <HistoryRegular />,
        title: 'No job has run yet',
        body: 'The leave jobs run every hour; each run is listed here.',
      }}
    />
  );
}
