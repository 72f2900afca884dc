/**
 * One feedback (/received/:id, /given/:id, /my-team/:type/:id): the card, marked seen when its receiver
 * opens it, the giver's edit and delete, and a clear page when it is not the caller's to read (403) or
 * no longer exists (404).
 */
import { Button, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, DeleteRegular, EditRegular, FlagRegular, LockClosedRegular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { errorStatus } from '../../api/errors';
import { useMe } from '../../api/hooks/me';
import { useDeleteFeedbackGroup, useFeedback, useMarkSeen } from '../../api/hooks/feedback';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useTranslation } from '../../i18n';
import { FlagFeedbackDialog } from '../feedback-flags/FlagFeedbackDialog';
import { FeedbackCard } from './FeedbackCard';
import { DeleteFeedbackDialog } from './FeedbackListPage';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, maxWidth: '920px' },
  back: { alignSelf: 'flex-start' },
});

export function FeedbackDetailPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedback');
  const { id } = useParams();
  const feedbackId = Number(id);
  const location = useLocation();
  const navigate = useNavigate();
  const me = useMe();
  const feedback = useFeedback(feedbackId);
  const markSeen = useMarkSeen();
  const remove = useDeleteFeedbackGroup();
  const [deleting, setDeleting] = useState(false);
  const [flagging, setFlagging] = useState(false);
  const listPath = location.pathname.replace(/\/\d+$/, '');
  const item = feedback.data;

  useEffect(() => {
    if (item && !item.seen && item.receiver.id === me?.employee.id) markSeen.mutate([item.id]);
    // Once per opened feedback.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [item?.id, item?.seen, me?.employee.id]);

  const status = feedback.isError ? errorStatus(feedback.error) : null;
  const isGiver = item !== undefined && item.giver.id === me?.employee.id;

  return (
    <div className={styles.page}>
      <Button
        className={styles.back}
        appearance="subtle"
        icon={<ArrowLeftRegular />}
        onClick={() => navigate(listPath)}
      >
        {t('detail.back')}
      </Button>
      <PageHeader
        title={t('detail.title')}
        actions={
          isGiver ? (
            <>
              <Button icon={<EditRegular />} onClick={() => navigate(`/feedback/personal?edit=${item.id}`)}>
                {t('detail.edit')}
              </Button>
              <Button icon={<DeleteRegular />} onClick={() => setDeleting(true)}>
                {t('detail.delete')}
              </Button>
            </>
          ) : item ? (
            <Button icon={<FlagRegular />} onClick={() => setFlagging(true)}>
              {t('detail.flag')}
            </Button>
          ) : null
        }
      />
      {status === 403 || status === 404 ? (
        <EmptyState
          icon={<LockClosedRegular />}
          title={status === 403 ? t('detail.forbiddenTitle') : t('detail.goneTitle')}
        >
          {status === 403 ? t('detail.forbidden') : t('detail.gone')}
        </EmptyState>
      ) : (
        <QueryState query={feedback} label={t('detail.loading')}>
          {(data) => <FeedbackCard item={data} />}
        </QueryState>
      )}
      {flagging && item ? (
        <FlagFeedbackDialog
          feedbackId={item.id}
          onDone={(sent) => {
            setFlagging(false);
            if (sent) navigate(listPath);
          }}
        />
      ) : null}
      {deleting && item ? (
        <DeleteFeedbackDialog
          item={item}
          onConfirm={() => {
            remove.mutate(item.groupId, { onSuccess: () => navigate(listPath) });
            setDeleting(false);
          }}
          onClose={() => setDeleting(false)}
        />
      ) : null}
    </div>
  );
}
