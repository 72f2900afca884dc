/**
 * One flagged feedback (/flag-feedback/:id): the feedback, every flag with its reason and who flagged,
 * the decisions so far, and the decisions the reviewer may take now, each confirmed and final.
 */
import { Button, Card, makeStyles, Text, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { FlagDecision } from '../../../../shared/feedback';
import { useDecideFlag, useFlaggedFeedback } from '../../api/hooks/feedback-flags';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { PageHeader } from '../../components/PageHeader';
import { QueryState } from '../../components/QueryState';
import { useFormat, useTranslation } from '../../i18n';
import { FeedbackSummary } from './FeedbackSummary';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM, maxWidth: '860px' },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    listStyle: 'none',
    padding: 0,
    margin: 0,
  },
  flag: { display: 'flex', gap: tokens.spacingHorizontalS, alignItems: 'flex-start' },
  flagText: { display: 'flex', flexDirection: 'column' },
  muted: { color: tokens.colorNeutralForeground3 },
  reason: { whiteSpace: 'pre-wrap' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export function FlaggedFeedbackPage() {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const format = useFormat();
  const navigate = useNavigate();
  const id = Number(useParams()['id']);
  const flagged = useFlaggedFeedback(id);
  const decide = useDecideFlag();
  const [confirming, setConfirming] = useState<FlagDecision | null>(null);
  return (
    <>
      <PageHeader
        title={t('review.title')}
        actions={
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/flag-feedback')}>
            {t('review.back')}
          </Button>
        }
      />
      <QueryState query={flagged} skeleton label={t('review.loading')}>
        {(item) => (
          <Card className={styles.card}>
            <FeedbackSummary item={item} />
            <section className={styles.section} aria-label={t('review.flags')}>
              <Text weight="semibold">{t('review.flags')}</Text>
              <ul className={styles.list}>
                {item.flags.map((flag) => (
                  <li key={flag.id} className={styles.flag}>
                    <EmployeeAvatar employee={flag.flaggedBy} size={24} />
                    <span className={styles.flagText}>
                      <Text>
                        {t('review.flaggedBy', { name: flag.flaggedBy.name, when: format.instant(flag.createdAt) })}
                      </Text>
                      <Text className={styles.reason}>{flag.reason}</Text>
                    </span>
                  </li>
                ))}
              </ul>
            </section>
            {item.decisions.length > 0 ? (
              <section className={styles.section} aria-label={t('review.decisions')}>
                <Text weight="semibold">{t('review.decisions')}</Text>
                <ul className={styles.list}>
                  {item.decisions.map((d, index) => (
                    <li key={index} data-testid="flag-decision">
                      <Text>
                        {t(`review.decided.${d.decision}`, {
                          name: d.decidedBy?.name ?? t('review.someone'),
                          when: format.instant(d.decidedAt),
                        })}
                      </Text>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
            {item.allowedDecisions.length > 0 ? (
              <div className={styles.actions}>
                {item.allowedDecisions.map((decision) => (
                  <Button
                    key={decision}
                    appearance={decision === 'rejected' ? 'primary' : 'secondary'}
                    onClick={() => setConfirming(decision)}
                  >
                    {t(`decision.${decision}`)}
                  </Button>
                ))}
              </div>
            ) : (
              <Text className={styles.muted}>{t('review.nothingToDecide')}</Text>
            )}
            {confirming ? (
              <ConfirmDialog
                open
                danger={confirming === 'approved'}
                title={t(`decision.confirmTitle.${confirming}`)}
                confirmLabel={t(`decision.${confirming}`)}
                onConfirm={() => decide.mutateAsync({ feedbackId: item.feedbackId, decision: confirming })}
                onClose={() => setConfirming(null)}
              >
                {t(`decision.confirmBody.${confirming}`)}
              </ConfirmDialog>
            ) : null}
          </Card>
        )}
      </QueryState>
    </>
  );
}
