/**
 * Feedback requests (/feedback/requests): "Asked of me", my action items (Answer opens the give form
 * prefilled from the request, Decline asks for confirmation and an optional reason), and "My requests",
 * who answered, declined or has not yet. "Ask for feedback" opens the ask dialog (docs/feedback.md).
 */
import {
  Badge,
  Button,
  Card,
  Field,
  makeStyles,
  Tab,
  TabList,
  Text,
  Textarea,
  tokens,
  type BadgeProps,
} from '@fluentui/react-components';
import { ChatAddRegular, ChatMultipleRegular, PersonFeedbackRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { RequestRecipientStatus } from '../../../../shared/feedback';
import { DECLINE_REASON_MAX } from '../../../../shared/feedback-requests';
import {
  useAskedOfMe,
  useDeclineRequest,
  useMyRequests,
  type AskedRequest,
  type FeedbackRequest,
} from '../../api/hooks/feedback-requests';
import { usePermissions } from '../../api/hooks/me';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { EmptyState } from '../../components/EmptyState';
import { PagedList } from '../../components/PagedList';
import { PageHeader } from '../../components/PageHeader';
import { useFormat, useTranslation } from '../../i18n';
import { AskFeedbackDialog } from './AskFeedbackDialog';

const PAGE_SIZE = 10;

const useStyles = makeStyles({
  tabs: { marginBottom: tokens.spacingVerticalM },
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: '200px' },
  muted: { color: tokens.colorNeutralForeground3 },
  message: { whiteSpace: 'pre-wrap' },
  chips: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, marginLeft: 'auto' },
  people: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  person: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

const STATUS_COLOR: Record<RequestRecipientStatus, BadgeProps['color']> = {
  pending: 'warning',
  answered: 'success',
  declined: 'danger',
  expired: 'subtle',
};

function StatusBadge({ status }: { status: RequestRecipientStatus }) {
  const { t } = useTranslation('feedbackRequests');
  return (
    <Badge appearance="tint" color={STATUS_COLOR[status]} data-testid="request-status">
      {t(`status.${status}`)}
    </Badge>
  );
}

function Attributes({ request }: { request: AskedRequest | FeedbackRequest }) {
  const styles = useStyles();
  return (
    <div className={styles.chips}>
      {request.attributes.map((a) => (
        <Badge key={a.id} appearance="outline" color="informative" title={a.categoryName}>
          {a.name}
        </Badge>
      ))}
    </div>
  );
}

function DeclineDialog({ request, onClose }: { request: AskedRequest; onClose: () => void }) {
  const { t } = useTranslation('feedbackRequests');
  const decline = useDeclineRequest();
  const [reason, setReason] = useState('');
  return (
    <ConfirmDialog
      open
      danger
      title={t('decline.title')}
      confirmLabel={t('decline.confirm')}
      onConfirm={() => decline.mutateAsync({ id: request.id, reason: reason.trim() || undefined })}
      onClose={onClose}
    >
      <Text block>{t('decline.body', { name: request.requester.name })}</Text>
      <Field label={t('decline.reason')} hint={t('decline.reasonHint', { name: request.requester.name })}>
        <Textarea value={reason} maxLength={DECLINE_REASON_MAX} onChange={(_, d) => setReason(d.value)} />
      </Field>
    </ConfirmDialog>
  );
}

function AskedOfMe({ canAnswer }: { canAnswer: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const format = useFormat();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const asked = useAskedOfMe(page, PAGE_SIZE);
  const [declining, setDeclining] = useState<AskedRequest | null>(null);
  return (
    <>
      <PagedList
        query={asked}
        page={page}
        onPage={setPage}
        pageSize={PAGE_SIZE}
        label={t('page.askedOfMe')}
        loadingLabel={t('asked.loading')}
        empty={
          <EmptyState icon={<ChatMultipleRegular />} title={t('asked.emptyTitle')}>
            {t('asked.emptyBody')}
          </EmptyState>
        }
        itemKey={(request) => request.id}
      >
        {(request) => (
          <Card className={styles.card} data-testid={`asked-${request.id}`}>
            <div className={styles.head}>
              <EmployeeAvatar employee={request.requester} size={32} />
              <div className={styles.who}>
                <Text weight="semibold">{t('asked.from', { name: request.requester.name })}</Text>
                <Text className={styles.muted}>
                  {request.subject.id === request.requester.id
                    ? t('asked.aboutRequester')
                    : t('asked.about', { name: request.subject.name })}
                  {' · '}
                  {format.relative(request.createdAt)}
                </Text>
              </div>
              <StatusBadge status={request.status} />
              {request.status === 'pending' ? (
                <div className={styles.actions}>
                  {canAnswer ? (
                    <Button appearance="primary" onClick={() => navigate(`/feedback/personal?request=${request.id}`)}>
                      {t('asked.answer')}
                    </Button>
                  ) : null}
                  <Button onClick={() => setDeclining(request)}>{t('asked.decline')}</Button>
                </div>
              ) : null}
            </div>
            <Text className={styles.message}>{request.message}</Text>
            <Attributes request={request} />
            <Text className={styles.muted} size={200}>
              {request.status === 'pending'
                ? [
                    request.dueDate ? t('asked.due', { date: format.day(request.dueDate) }) : null,
                    t('asked.expires', { date: format.day(request.expiresAt.slice(0, 10)) }),
                  ]
                    .filter(Boolean)
                    .join(' · ')
                : request.respondedAt
                  ? t('asked.respondedAt', { date: format.instant(request.respondedAt) })
                  : t('asked.expiredAt', { date: format.day(request.expiresAt.slice(0, 10)) })}
            </Text>
          </Card>
        )}
      </PagedList>
      {declining ? <DeclineDialog request={declining} onClose={() => setDeclining(null)} /> : null}
    </>
  );
}

function MyRequests({ onAsk }: { onAsk: () => void }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const format = useFormat();
  const [page, setPage] = useState(1);
  const mine = useMyRequests(page, PAGE_SIZE);
  return (
    <PagedList
      query={mine}
      page={page}
      onPage={setPage}
      pageSize={PAGE_SIZE}
      label={t('page.mine')}
      loadingLabel={t('mine.loading')}
      itemKey={(request) => request.id}
      empty={
        <EmptyState
          icon={<PersonFeedbackRegular />}
          title={t('mine.emptyTitle')}
          action={
            <Button appearance="primary" icon={<ChatAddRegular />} onClick={onAsk}>
              {t('page.ask')}
            </Button>
          }
        >
          {t('mine.emptyBody')}
        </EmptyState>
      }
    >
      {(request) => {
        const answered = request.recipients.filter((r) => r.status === 'answered').length;
        return (
          <Card className={styles.card} data-testid={`mine-${request.id}`}>
            <div className={styles.head}>
              <div className={styles.who}>
                <Text weight="semibold">
                  {request.team
                    ? t('mine.askedTeam', { name: request.team.name })
                    : t('mine.askedPeople', { count: request.recipients.length })}
                </Text>
                <Text className={styles.muted}>
                  {request.subject.id === request.requester.id
                    ? t('mine.aboutYou')
                    : t('mine.about', { name: request.subject.name })}
                  {' · '}
                  {format.relative(request.createdAt)}
                  {request.dueDate ? ` · ${t('asked.due', { date: format.day(request.dueDate) })}` : ''}
                </Text>
              </div>
              <Text>{t('mine.progress', { answered, count: request.recipients.length })}</Text>
            </div>
            <Text className={styles.message}>{request.message}</Text>
            <Attributes request={request} />
            <ul className={styles.people} aria-label={t('mine.people')} style={{ listStyle: 'none', padding: 0 }}>
              {request.recipients.map((r) => (
                <li key={r.employee.id} className={styles.person} data-testid={`recipient-${r.employee.id}`}>
                  <EmployeeAvatar employee={r.employee} size={24} />
                  <Text>{r.employee.name}</Text>
                  <StatusBadge status={r.status} />
                  {r.respondedAt ? (
                    <Text className={styles.muted} size={200}>
                      {format.instant(r.respondedAt)}
                    </Text>
                  ) : null}
                  {r.declineReason ? (
                    <Text className={styles.muted} size={200}>
                      {t('mine.declineReason', { reason: r.declineReason })}
                    </Text>
                  ) : null}
                </li>
              ))}
            </ul>
          </Card>
        );
      }}
    </PagedList>
  );
}

type TabKey = 'asked' | 'mine';

export function RequestsPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const permissions = usePermissions();
  const canAsk = permissions.has('ask-feedback');
  const [params, setParams] = useSearchParams();
  const tab: TabKey = canAsk && params.get('tab') === 'mine' ? 'mine' : 'asked';
  const [asking, setAsking] = useState(params.get('ask') === '1' && canAsk);
  const closeAsk = () => {
    setAsking(false);
    if (params.has('ask')) {
      params.delete('ask');
      setParams(params, { replace: true });
    }
  };
  return (
    <>
      <PageHeader
        title={t('page.title')}
        subtitle={t('page.subtitle')}
        actions={
          canAsk ? (
            <Button appearance="primary" icon={<ChatAddRegular />} onClick={() => setAsking(true)}>
              {t('page.ask')}
            </Button>
          ) : null
        }
      />
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, d) => setParams(d.value === 'mine' ? { tab: 'mine' } : {}, { replace: true })}
        aria-label={t('page.tabs')}
      >
        <Tab value="asked">{t('page.askedOfMe')}</Tab>
        {canAsk ? <Tab value="mine">{t('page.mine')}</Tab> : null}
      </TabList>
      {tab === 'asked' ? (
        <AskedOfMe canAnswer={permissions.has('give-feedback')} />
      ) : (
        <MyRequests onAsk={() => setAsking(true)} />
      )}
      {asking ? <AskFeedbackDialog onClose={closeAsk} /> : null}
    </>
  );
}
