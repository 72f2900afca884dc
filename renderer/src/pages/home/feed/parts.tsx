/**
 * Small pieces of the news feed's posts: a person as a link to their feed, a post's time as a link to its
 * page, the topics of a shared feedback, a like type with its emoji, and the early check of a text field.
 */
import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { PersonRef } from '../../../../../shared/contracts/feedback-requests';
import { LIKE_EMOJI, type FeedIssue, type LikeType } from '../../../../../shared/feed';
import { localizeMessage } from '../../../../../shared/i18n/localize';
import { AppLink } from '../../../components/AppLink';
import { EmployeeAvatar } from '../../../components/EmployeeAvatar';
import { useFormat, useTranslation } from '../../../i18n';

const useStyles = makeStyles({
  person: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  topics: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  topic: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorNeutralBackground3,
    color: tokens.colorNeutralForeground2,
  },
  dot: { width: '8px', height: '8px', borderRadius: '50%', flexShrink: 0 },
  time: { color: tokens.colorNeutralForeground3, whiteSpace: 'nowrap' },
});

/** A person's avatar and name, linking to their feed. */
export function PersonLink({ person, avatar = 20 }: { person: PersonRef; avatar?: 20 | 24 | 32 | null }) {
  const styles = useStyles();
  return (
    <span className={styles.person}>
      {avatar ? <EmployeeAvatar employee={person} size={avatar} aria-hidden /> : null}
      <AppLink to={`/feed/people/${person.id}`}>{person.name}</AppLink>
    </span>
  );
}

/** How long ago, linking to the post's page; the exact instant on hover. */
export function PostTime({ postId, at }: { postId: number; at: string }) {
  const styles = useStyles();
  const fmt = useFormat();
  const { t } = useTranslation('feed');
  return (
    <AppLink to={`/feed/${postId}`} label={t('postedAt', { relative: fmt.relative(at), time: fmt.instant(at) })}>
      <Text size={200} className={styles.time}>
        <time dateTime={at}>{fmt.relative(at)}</time>
      </Text>
    </AppLink>
  );
}

/** The categories and attributes a shared feedback was about, each with its category's colour. */
export function Topics({
  topics,
}: {
  topics: { categoryName: string; color: string; attributeName: string | null }[];
}) {
  const styles = useStyles();
  if (topics.length === 0) return null;
  return (
    <div className={styles.topics}>
      {topics.map((topic) => (
        <Text key={`${topic.categoryName}/${topic.attributeName ?? ''}`} size={200} className={styles.topic}>
          <span className={styles.dot} style={{ backgroundColor: topic.color }} aria-hidden />
          {topic.attributeName ? `${topic.categoryName} · ${topic.attributeName}` : topic.categoryName}
        </Text>
      ))}
    </div>
  );
}

/** A like type as people read it: its emoji and its name. */
export function useLikeLabel() {
  const { t } = useTranslation('feed');
  return (type: LikeType) => `${LIKE_EMOJI[type]} ${t(`likes.types.${type}`)}`;
}

/** The first message of a shared rule's issues for a field, in the interface's language. */
export function useIssueText() {
  const { t } = useTranslation();
  const translate = t as unknown as (key: string, options?: Record<string, string>) => string;
  return (issues: readonly FeedIssue[], field: string) => {
    const issue = issues.find((i) => i.field === field);
    return issue ? localizeMessage(issue.message, translate) : undefined;
  };
}
