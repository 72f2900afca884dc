/**
 * Task feedback's pages (docs/projects.md "Task feedback"): /task, one's tasks with the feedback received on
 * them; /given/task, what one gave, after the requests waiting for one's answer; /task/:taskId and
 * /given/task/:taskId, a task with the feedback the reader may read, its requests, and its actions (give or
 * edit one's feedback, ask colleagues for feedback on one's own task).
 */
import { Badge, Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import {
  ArrowLeftRegular,
  CommentRegular,
  EditRegular,
  PersonFeedbackRegular,
  TaskListSquareLtrRegular,
} from '@fluentui/react-icons';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import type { FeedbackTask, GivenTask, TaskFeedbackRequest } from '../../../../shared/contracts/task-feedback';
import { useMe, usePermissions } from '../../api/hooks/me';
import {
  fetchGivenTasks,
  receivedTasksOf,
  taskFeedbackKeys,
  useAskedTaskFeedback,
  useDeclineTaskRequest,
  useTaskFeedbackDetail,
} from '../../api/hooks/task-feedback';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { DataTable, type Column } from '../../components/DataTable';
import { EmptyState } from '../../components/EmptyState';
import { IssueLink } from '../../components/IssueLink';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { TaskStatusBadge } from '../projects/TaskStatusBadge';
import { Average, Metric, TaskFeedbackCard, TaskFeedbackTabs } from './parts';
import { RequestTaskFeedbackDialog } from './RequestTaskFeedbackDialog';
import { useWhose, WhosePicker } from './WhosePicker';

const useStyles = makeStyles({
  muted: { color: tokens.colorNeutralForeground3 },
  section: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    marginBottom: tokens.spacingVerticalXL,
  },
  requests: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  request: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
  },
  grow: { flexGrow: 1, minWidth: 0 },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
  },
  fact: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  list: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  whose: { marginBottom: tokens.spacingVerticalM, maxWidth: '360px' },
});

function useTaskColumns(base: '/task' | '/given/task') {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  const columns: Column<FeedbackTask>[] = [
    {
      key: 'issueId',
      label: t('columns.issueId'),
      sortKey: 'issueId',
      render: (task) => <IssueLink issueId={task.issueId} href={task.link} />,
    },
    {
      key: 'name',
      label: t('columns.name'),
      sortKey: 'name',
      wrap: true,
      render: (task) => <Link to={`${base}/${task.id}`}>{task.name}</Link>,
    },
    { key: 'project', label: t('columns.project'), render: (task) => task.plan.name },
    {
      key: 'sprint',
      label: t('columns.sprint'),
      render: (task) => task.sprint?.name ?? <span className={styles.muted}>—</span>,
    },
    { key: 'status', label: t('columns.status'), render: (task) => <TaskStatusBadge status={task.status} /> },
    { key: 'rating', label: t('columns.rating'), render: (task) => <Average value={task.avgRating} /> },
    {
      key: 'lastFeedbackAt',
      label: t('columns.lastFeedback'),
      render: (task) =>
        task.lastFeedbackAt === null ? <span className={styles.muted}>—</span> : fmt.instant(task.lastFeedbackAt),
    },
  ];
  return columns;
}

/**
 * /task: one's tasks with the feedback received on them, unseen ones marked; a team lead or HR picks whose
 * (?employeeId=, WhosePicker.tsx) and the heading names them.
 */
export function ReceivedTasksPage() {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const whose = useWhose();
  const name = whose.name ?? '…';
  const columns = useTaskColumns('/task');
  columns.splice(6, 0, {
    key: 'count',
    label: t('columns.feedback'),
    render: (task) => (
      <span>
        {t('feedbackCount', { count: task.feedbackCount })}{' '}
        {task.unseenCount > 0 ? (
          <Badge appearance="filled" color="brand">
            {t('unseenCount', { count: task.unseenCount })}
          </Badge>
        ) : null}
      </span>
    ),
  });
  return (
    <>
      {whose.employeeId === null ? (
        <PageHeader title={t('title')} subtitle={t('receivedSubtitle')} />
      ) : (
        <PageHeader title={t('whose.title', { name })} subtitle={t('whose.receivedSubtitle', { name })} />
      )}
      <TaskFeedbackTabs selected="task" />
      {whose.mayPick ? (
        <div className={styles.whose}>
          <WhosePicker whose={whose} />
        </div>
      ) : null}
      <DataTable<FeedbackTask>
        key={whose.employeeId ?? 'me'}
        label={whose.employeeId === null ? t('receivedLabel') : t('whose.receivedLabel', { name })}
        queryKey={[...taskFeedbackKeys.received, whose.employeeId]}
        fetchPage={receivedTasksOf(whose.employeeId)}
        columns={columns}
        rowKey={(task) => task.id}
        defaultSort={{ key: 'lastFeedbackAt', dir: 'desc' }}
        searchPlaceholder={t('search')}
        empty={{
          icon: <TaskListSquareLtrRegular />,
          title: t('receivedEmpty'),
          body: whose.employeeId === null ? t('receivedEmptyBody') : t('whose.receivedEmptyBody', { name }),
        }}
      />
    </>
  );
}

/** Requests waiting for the caller's answer: give feedback on the task, or decline after a confirmation. */
function AskedOfMe() {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const asked = useAskedTaskFeedback(permissions.has('give-task-feedback'));
  const decline = useDeclineTaskRequest();
  const [declining, setDeclining] = useState<TaskFeedbackRequest | null>(null);
  if (!permissions.has('give-task-feedback') || (asked.data && asked.data.length === 0)) return null;
  return (
    <section className={styles.section} aria-labelledby="asked-of-me">
      <Text as="h2" size={500} weight="semibold" id="asked-of-me">
        {t('asked.title')}
      </Text>
      <QueryState query={asked} label={t('asked.loading')}>
        {(items) => (
          <div className={styles.requests}>
            {items.map((r) => (
              <Card key={r.id} className={styles.request}>
                <div className={styles.grow}>
                  <Text weight="semibold">
                    {r.task.issueId} · {r.task.name}
                  </Text>
                  <br />
                  <Text size={200} className={styles.muted}>
                    {t('asked.by', {
                      name: r.requester.name,
                      project: r.task.plan.name,
                      when: fmt.instant(r.createdAt),
                    })}
                  </Text>
                </div>
                <Button
                  appearance="primary"
                  icon={<CommentRegular />}
                  aria-label={t('actions.giveOne', { issue: r.task.issueId })}
                  onClick={() => navigate(`/task/${r.task.id}/give`)}
                >
                  {t('actions.give')}
                </Button>
                <Button onClick={() => setDeclining(r)}>{t('asked.decline')}</Button>
              </Card>
            ))}
          </div>
        )}
      </QueryState>
      <ConfirmDialog
        open={declining !== null}
        title={t('asked.declineTitle')}
        confirmLabel={t('asked.decline')}
        danger
        onConfirm={async () => {
          if (declining) await decline.mutateAsync(declining.id);
        }}
        onClose={() => setDeclining(null)}
      >
        <Text>
          {t('asked.declineBody', { name: declining?.requester.name ?? '', task: declining?.task.issueId ?? '' })}
        </Text>
      </ConfirmDialog>
    </section>
  );
}

/** /given/task: requests asked of me, then the task feedback I gave. */
export function GivenTasksPage() {
  const { t } = useTranslation('taskFeedback');
  const navigate = useNavigate();
  const taskColumns = useTaskColumns('/given/task');
  const columns: Column<GivenTask>[] = [
    ...taskColumns
      .filter((c) => c.key !== 'lastFeedbackAt')
      .map(({ sortValue: _unused, render, ...c }): Column<GivenTask> => ({
        ...c,
        // The given list sorts by its own keys: issue and name are shared, the others do not sort.
        sortKey: c.sortKey,
        render: (row) => render(row.task),
      })),
    { key: 'receiver', label: t('columns.receiver'), render: (row) => row.feedback.receiver.name },
    {
      key: 'actions',
      label: t('columns.actions'),
      hideLabel: true,
      render: (row) => (
        <Button
          size="small"
          appearance="subtle"
          icon={<EditRegular />}
          aria-label={t('actions.editOne', { issue: row.task.issueId })}
          onClick={() => navigate(`/task/${row.task.id}/give`)}
        >
          {t('actions.edit')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <PageHeader title={t('title')} subtitle={t('givenSubtitle')} />
      <TaskFeedbackTabs selected="given/task" />
      <AskedOfMe />
      <DataTable<GivenTask>
        label={t('givenLabel')}
        queryKey={taskFeedbackKeys.given}
        fetchPage={fetchGivenTasks}
        columns={columns}
        rowKey={(row) => row.feedback.id}
        defaultSort={{ key: 'createdAt', dir: 'desc' }}
        searchPlaceholder={t('search')}
        empty={{ icon: <PersonFeedbackRegular />, title: t('givenEmpty'), body: t('givenEmptyBody') }}
      />
    </>
  );
}

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.fact}>
      <Text size={200} className={styles.muted}>
        {label}
      </Text>
      <span>{children}</span>
    </div>
  );
}

/** /task/:taskId and /given/task/:taskId: the task, its feedback and requests, and what the reader may do. */
export function TaskDetailPage() {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  const me = useMe();
  const permissions = usePermissions();
  const navigate = useNavigate();
  const given = useLocation().pathname.startsWith('/given/');
  const taskId = Number(useParams().taskId);
  const detail = useTaskFeedbackDetail(taskId);
  const [asking, setAsking] = useState(false);
  const back = given ? '/given/task' : '/task';
  return (
    <>
      <PageHeader
        title={detail.data ? `${detail.data.task.issueId} · ${detail.data.task.name}` : t('detailTitle')}
        subtitle={detail.data ? t('detailSubtitle', { project: detail.data.task.plan.name }) : undefined}
        actions={
          <Button appearance="subtle" icon={<ArrowLeftRegular />} onClick={() => navigate(back)}>
            {given ? t('backGiven') : t('backReceived')}
          </Button>
        }
      />
      <QueryState query={detail} label={t('loadingTask')}>
        {({ task, feedback, requests, mine }) => {
          const isAssignee = task.assignee?.id === me?.employee.id;
          const mayGive =
            permissions.has('give-task-feedback') &&
            !isAssignee &&
            task.assignee?.id !== null &&
            task.assignee !== null &&
            (task.status !== 'ignored' || mine !== null);
          return (
            <>
              <Card className={styles.facts}>
                <Fact label={t('columns.issueId')}>
                  <IssueLink issueId={task.issueId} href={task.link} />
                </Fact>
                <Fact label={t('columns.status')}>
                  <TaskStatusBadge status={task.status} />
                </Fact>
                <Fact label={t('columns.assignee')}>{task.assignee?.name ?? t('unassigned')}</Fact>
                <Fact label={t('columns.sprint')}>{task.sprint?.name ?? '—'}</Fact>
                <Fact label={t('columns.rating')}>
                  <Average value={task.avgRating} />
                </Fact>
                <Fact label={t('columns.startDate')}>{task.startDate ? fmt.instant(task.startDate) : '—'}</Fact>
                <Fact label={t('columns.endDate')}>{task.endDate ? fmt.instant(task.endDate) : '—'}</Fact>
                {permissions.has('view-task-metrics') ? (
                  <>
                    <Fact label={t('columns.devCycleTime')}>
                      <Metric value={task.devCycleTime} hours />
                    </Fact>
                    <Fact label={t('columns.qaCycleTime')}>
                      <Metric value={task.qaCycleTime} hours />
                    </Fact>
                    <Fact label={t('columns.qaKickbacks')}>
                      <Metric value={task.qaKickbacks} />
                    </Fact>
                  </>
                ) : null}
              </Card>
              <div className={styles.actions} style={{ margin: `${tokens.spacingVerticalL} 0` }}>
                {mayGive ? (
                  <Button
                    appearance="primary"
                    icon={mine === null ? <CommentRegular /> : <EditRegular />}
                    onClick={() => navigate(`/task/${task.id}/give`)}
                  >
                    {mine === null ? t('actions.give') : t('actions.editMine')}
                  </Button>
                ) : null}
                {isAssignee && permissions.has('request-task-feedback') && task.status !== 'ignored' ? (
                  <Button icon={<PersonFeedbackRegular />} onClick={() => setAsking(true)}>
                    {t('actions.request')}
                  </Button>
                ) : null}
              </div>
              {requests.length > 0 ? (
                <section className={styles.section} aria-labelledby="task-requests">
                  <Text as="h2" size={500} weight="semibold" id="task-requests">
                    {t('requests.title')}
                  </Text>
                  <ul className={styles.requests}>
                    {requests.map((r) => (
                      <li key={r.id}>
                        {t('requests.line', { name: r.asked.name, when: fmt.instant(r.createdAt) })}{' '}
                        <Badge
                          appearance="tint"
                          color={r.status === 'pending' ? 'brand' : r.status === 'answered' ? 'success' : 'subtle'}
                        >
                          {t(`requests.statuses.${r.status}`)}
                        </Badge>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : null}
              <section className={styles.section} aria-labelledby="task-feedback">
                <Text as="h2" size={500} weight="semibold" id="task-feedback">
                  {t('feedbackTitle')}
                </Text>
                {feedback.length === 0 ? (
                  <EmptyState icon={<CommentRegular />} title={t('noFeedback')}>
                    {t('noFeedbackBody')}
                  </EmptyState>
                ) : (
                  <div className={styles.list}>
                    {feedback.map((f) => (
                      <TaskFeedbackCard key={f.id} feedback={f} />
                    ))}
                  </div>
                )}
              </section>
              {asking ? <RequestTaskFeedbackDialog taskId={task.id} onClose={() => setAsking(false)} /> : null}
            </>
          );
        }}
      </QueryState>
    </>
  );
}
