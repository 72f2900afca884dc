/**
 * Flagged feedback (/flag-feedback): the review queues, pending flags for reviewers (flag-feedback) and
 * escalated ones for HR (view-all-employees-feedback). The list reloads only when the polled summary says
 * new items arrived (spec §4's update check), so what the reviewer reads does not move under them.
 */
import { Badge, Button, Card, makeStyles, Tab, TabList, Text, tokens } from '@fluentui/react-components';
import { ShieldCheckmarkRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { FlagQueue } from '../../../../shared/feedback-requests';
import {
  useFlagQueue,
  useFlagSummary,
  useRefreshQueueOnArrival,
  type FlaggedFeedback,
} from '../../api/hooks/feedback-flags';
import { usePermissions } from '../../api/hooks/me';
import { EmptyState } from '../../components/EmptyState';
import { PagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { useFormat, useTranslation } from '../../i18n';
import { FeedbackSummary } from './FeedbackSummary';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  foot: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3, flexGrow: 1 },
});

function QueueItem({ item }: { item: FlaggedFeedback }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const format = useFormat();
  const navigate = useNavigate();
  const first = item.flags[0];
  return (
    <Card className={styles.card} data-testid={`flagged-${item.feedbackId}`}>
      <FeedbackSummary item={item} />
      <div className={styles.foot}>
        <Text className={styles.muted} size={200}>
          {t('queue.flagged', { count: item.flags.length, when: format.relative(item.queuedAt) })}
          {first ? ` · ${t('queue.firstReason', { reason: first.reason })}` : ''}
        </Text>
        <Button appearance="primary" onClick={() => navigate(`/flag-feedback/${item.feedbackId}`)}>
          {t('queue.review')}
        </Button>
      </div>
    </Card>
  );
}

function Queue({ queue }: { queue: FlagQueue }) {
  const { t } = useTranslation('feedbackRequests');
  const [page, setPage] = useState(1);
  const list = useFlagQueue(queue, page, PAGE_SIZE);
  return (
    <PagedList
      query={list}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE}
      label={t(`queue.tabs.${queue}`)}
      loadingLabel={t('queue.loading')}
      empty={
        <EmptyState icon={<ShieldCheckmarkRegular />} title={t(`queue.empty.${queue}`)}>
          {t('queue.emptyBody')}
        </EmptyState>
      }
      itemKey={(item) => item.feedbackId}
    >
      {(item) => <QueueItem item={item} />}
    </PagedList>
  );
}

export function FlagQueuePage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const permissions = usePermissions();
  const queues: FlagQueue[] = [
    ...(permissions.has('flag-feedback') ? (['pending'] as const) : []),
    ...(permissions.has('view-all-employees-feedback') ? (['escalated'] as const) : []),
  ];
  const [params, setParams] = useSearchParams();
  const asked = params.get('queue');
  const queue = queues.find((q) => q === asked) ?? queues[0] ?? 'pending';
  const summary = useFlagSummary();
  useRefreshQueueOnArrival();
  return (
    <>
      <PageHeader title={t('queue.title')} subtitle={t('queue.subtitle')} />
      {queues.length > 1 ? (
        <TabList
          className={styles.tabs}
          selectedValue={queue}
          onTabSelect={(_, d) => setParams({ queue: String(d.value) }, { replace: true })}
          aria-label={t('queue.tabsLabel')}
        >
          {queues.map((q) => (
            <Tab key={q} value={q}>
              {t(`queue.tabs.${q}`)}{' '}
              {summary.data && summary.data[q] > 0 ? (
                <Badge appearance="tint" size="small">
                  {summary.data[q]}
                </Badge>
              ) : null}
            </Tab>
          ))}
        </TabList>
      ) : null}
      <Queue key={queue} queue={queue} />
    </>
  );
}
