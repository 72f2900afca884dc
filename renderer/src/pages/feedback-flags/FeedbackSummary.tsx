/** A flagged feedback as reviewers read it: giver and receiver, when, the comment and the ratings. */
import { Badge, makeStyles, Text, tokens } from '@fluentui/react-components';
import { RATING_MAX } from '../../../../shared/feedback';
import type { FlaggedFeedback } from '../../api/hooks/feedback-flags';
import { EmployeeAvatar } from '../../components/EmployeeAvatar';
import { useFormat, useTranslation } from '../../i18n';

const useStyles = makeStyles({
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  comment: { whiteSpace: 'pre-wrap', marginTop: tokens.spacingVerticalS, marginBottom: tokens.spacingVerticalS },
  ratings: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

export function FeedbackSummary({ item }: { item: FlaggedFeedback }) {
  const styles = useStyles();
  const { t } = useTranslation('feedbackRequests');
  const format = useFormat();
  return (
    <div>
      <div className={styles.head}>
        <EmployeeAvatar employee={item.giver} size={24} />
        <Text weight="semibold">{t('review.fromTo', { giver: item.giver.name, receiver: item.receiver.name })}</Text>
        <Text className={styles.muted} size={200}>
          {format.instant(item.givenAt)}
        </Text>
        <Badge appearance="tint" color={item.flagStatus === 'rejected' ? 'success' : 'warning'}>
          {t(`review.status.${item.flagStatus}`)}
        </Badge>
      </div>
      <Text block className={styles.comment}>
        {item.comment ?? t('review.noComment')}
      </Text>
      <div className={styles.ratings}>
        {item.ratings.map((r, index) => (
          <Badge key={index} appearance="outline" color="informative">
            {r.rating > 0
              ? t('review.rating', { name: r.attributeName ?? r.categoryName, rating: r.rating, max: RATING_MAX })
              : t('review.notRated', { name: r.attributeName ?? r.categoryName })}
          </Badge>
        ))}
      </div>
    </div>
  );
}
