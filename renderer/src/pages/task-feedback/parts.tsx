/**
 * What the task feedback pages share (docs/projects.md "Task feedback"): the tab strip (Received, Given,
 * Overview), an average as stars with its figure, and one feedback as a card (giver, receiver, ratings,
 * comment, and the receiver's Mark as seen).
 */
import { Badge, Button, Card, makeStyles, RatingDisplay, Text, tokens } from '@fluentui/react-components';
import { EyeRegular } from '@fluentui/react-icons';
import type { TaskFeedback } from '../../../../shared/contracts/task-feedback';
import { useMe, usePermissions } from '../../api/hooks/me';
import { useMarkTaskFeedbackSeen } from '../../api/hooks/task-feedback';
import { useFormat, useTranslation } from '../../i18n';
import { AreaTabs } from '../feedback/area';
import { bandColor } from '../feedback/rating-band';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalS },
  unseen: { borderLeft: `3px solid ${tokens.colorBrandStroke1}` },
  head: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  who: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  ratings: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  average: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  comment: { whiteSpace: 'pre-wrap' },
});

/** Received and Given task feedback, and the Overview (whose switch shows Task feedback). */
export function TaskFeedbackTabs({ selected }: { selected: 'task' | 'given/task' }) {
  const { t } = useTranslation('taskFeedback');
  const permissions = usePermissions();
  return (
    <AreaTabs
      selected={selected}
      tabs={[
        { value: 'task', label: t('tabs.received'), shown: permissions.has('view-received-task-feedback') },
        { value: 'given/task', label: t('tabs.given'), shown: permissions.has('view-given-task-feedback') },
        {
          value: 'overview?kind=task',
          label: t('tabs.overview'),
          shown: permissions.has('view-task-feedback-overview'),
        },
      ]}
    />
  );
}

/** A metric the task has no value for: a dash, named "Not measured" to a screen reader and on hover. */
export function NotMeasured() {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  return (
    <span className={styles.muted} title={t('notMeasured')} aria-label={t('notMeasured')} role="img">
      —
    </span>
  );
}

/** A task's metric: hours to one decimal or a count; NotMeasured when null. */
export function Metric({ value, hours = false }: { value: number | null; hours?: boolean }) {
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  if (value === null) return <NotMeasured />;
  return <>{hours ? t('hours', { value: fmt.number(value) }) : fmt.number(value)}</>;
}

/** The stars show no figure of their own: the one beside them (two decimals, in its band's colour) says it. */
const NO_VALUE_TEXT = null;

/** An average (1-5) as stars and its figure in its band's colour; a dash when nothing was rated. */
export function Average({ value }: { value: number | null }) {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  if (value === null) return <span className={styles.muted}>{t('notRated')}</span>;
  return (
    <span className={styles.average}>
      <RatingDisplay value={value} size="small" valueText={NO_VALUE_TEXT} aria-hidden />
      <Text weight="semibold" style={{ color: bandColor(value) }}>
        {fmt.number(value, { minimumFractionDigits: 1, maximumFractionDigits: 2 })}
      </Text>
    </span>
  );
}

export function TaskFeedbackCard({ feedback }: { feedback: TaskFeedback }) {
  const styles = useStyles();
  const { t } = useTranslation('taskFeedback');
  const fmt = useFormat();
  const me = useMe();
  const seen = useMarkTaskFeedbackSeen();
  const mine = feedback.receiver.id === me?.employee.id;
  const unseen = mine && feedback.seenAt === null;
  return (
    <Card className={unseen ? `${styles.card} ${styles.unseen}` : styles.card} data-testid="task-feedback-card">
      <div className={styles.head}>
        <div className={styles.who}>
          <Text weight="semibold">
            {t('card.fromTo', { giver: feedback.giver.name, receiver: feedback.receiver.name })}
          </Text>
          <Text size={200} className={styles.muted}>
            {fmt.instant(feedback.createdAt)}
            {feedback.updatedAt !== feedback.createdAt ? ` · ${t('card.edited')}` : ''}
          </Text>
        </div>
        <Average value={feedback.rating} />
        {unseen ? (
          <>
            <Badge appearance="filled" color="brand">
              {t('card.new')}
            </Badge>
            <Button
              size="small"
              icon={<EyeRegular />}
              disabled={seen.isPending}
              onClick={() => seen.mutate(feedback.id)}
            >
              {t('card.markSeen')}
            </Button>
          </>
        ) : null}
      </div>
      <div className={styles.ratings} aria-label={t('card.ratings')}>
        {feedback.ratings.map((r) => (
          <Badge
            key={`${r.categoryId}-${r.attributeId ?? ''}`}
            appearance="tint"
            style={{ borderColor: r.color }}
            color="informative"
          >
            {r.attributeName ?? r.categoryName}: {r.rating === 0 ? t('notRated') : r.rating}
          </Badge>
        ))}
      </div>
      {feedback.comment ? <Text className={styles.comment}>{feedback.comment}</Text> : null}
    </Card>
  );
}
