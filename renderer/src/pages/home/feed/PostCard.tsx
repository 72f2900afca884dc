/**
 * One post of the news feed (docs/recognition.md "News feed"): who and what (a shared feedback's people,
 * comment and topics, never its ratings; a badge with its holder; an announcement), its time linking to
 * its page, the likes, the comments, and what the caller may do: remove it (its author and the people it
 * is about), report it, or, as a reviewer, keep or remove a reported post.
 */
import {
  Button,
  Card,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ChatRegular, DeleteRegular, FlagRegular, MoreHorizontalRegular, OpenRegular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { FeedPost } from '../../../../../shared/contracts/feed';
import type { PersonRef } from '../../../../../shared/contracts/feedback-requests';
import { useRemovePost, useReviewPost } from '../../../api/hooks/feed';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { EmployeeAvatar } from '../../../components/EmployeeAvatar';
import { useTranslation } from '../../../i18n';
import { BadgeImage } from '../../badges/BadgeImage';
import { Comments } from './Comments';
import { LikeButton, LikeSummary } from './LikeBar';
import { PersonLink, PostTime, Topics } from './parts';
import { ReportDialog } from './ReportDialog';
import { VideoPlayer } from '../../../components/VideoPlayer';

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, gap: tokens.spacingVerticalM },
  head: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalM },
  headText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  byline: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: tokens.spacingHorizontalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  people: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  text: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' },
  announcement: { whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: tokens.fontSizeBase400 },
  badge: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusLarge,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground2}, ${tokens.colorNeutralBackground2})`,
  },
  badgeText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: 0 },
  bar: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
  reports: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

function Byline({ post }: { post: FeedPost }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  return (
    <div className={styles.byline}>
      {post.author ? (
        <Text weight="semibold">
          <PersonLink person={post.author} avatar={null} />
        </Text>
      ) : (
        <Text weight="semibold">{t('formerEmployee')}</Text>
      )}
      <Text className={styles.muted}>{t(`kind.${post.kind}`)}</Text>
    </div>
  );
}

function People({ label, people }: { label: string; people: PersonRef[] }) {
  const styles = useStyles();
  return (
    <div className={styles.people}>
      <Text size={200} className={styles.muted}>
        {label}
      </Text>
      {people.map((person) => (
        <PersonLink key={person.id} person={person} />
      ))}
    </div>
  );
}

function Body({ post }: { post: FeedPost }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  if (post.kind === 'badge' && post.badge)
    return (
      <>
        <div className={styles.badge}>
          <BadgeImage image={post.badge.image} name={post.badge.name} size={56} />
          <div className={styles.badgeText}>
            <Text size={400} weight="semibold">
              {post.badge.name}
            </Text>
            <People label={t('awardedTo')} people={post.subjects} />
            {post.badgeSource && post.badgeSource !== 'given' ? (
              <Text size={200} className={styles.muted}>
                {t(`source.${post.badgeSource}`)}
              </Text>
            ) : null}
          </div>
        </div>
        {post.text ? <Text className={styles.text}>{post.text}</Text> : null}
      </>
    );
  if (post.kind === 'announcement') return <Text className={styles.announcement}>{post.text}</Text>;
  if (post.kind === 'leaderboard-video' && post.video)
    return (
      <>
        <VideoPlayer video={post.video} />
        {post.video.hashtags.length > 0 ? (
          <Text size={200} className={styles.muted}>
            {post.video.hashtags.map((h) => `#${h}`).join(' ')}
          </Text>
        ) : null}
      </>
    );
  return (
    <>
      <People label={t('to')} people={post.subjects} />
      {post.text ? <Text className={styles.text}>{post.text}</Text> : null}
      <Topics topics={post.topics} />
    </>
  );
}

function Review({ post }: { post: FeedPost & { reports?: { reporter: PersonRef; reason: string }[] } }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const review = useReviewPost();
  const [deciding, setDeciding] = useState<'kept' | 'removed' | null>(null);
  if (post.reviewStatus !== 'pending') return null;
  return (
    <MessageBar intent="warning" layout="multiline">
      <MessageBarBody>
        {post.canReview ? t('review.pendingReviewer') : t('review.pendingAuthor')}
        {post.reports && post.reports.length > 0 ? (
          <ul className={styles.reports} aria-label={t('review.reports')}>
            {post.reports.map((r) => (
              <li key={`${r.reporter.id}`}>
                <Text weight="semibold">{r.reporter.name}</Text> {r.reason}
              </li>
            ))}
          </ul>
        ) : null}
      </MessageBarBody>
      {post.canReview ? (
        <MessageBarActions>
          <Button size="small" onClick={() => setDeciding('kept')}>
            {t('review.keep')}
          </Button>
          <Button size="small" onClick={() => setDeciding('removed')}>
            {t('review.remove')}
          </Button>
        </MessageBarActions>
      ) : null}
      {deciding === null ? null : (
        <ConfirmDialog
          open
          title={deciding === 'kept' ? t('review.keepTitle') : t('review.removeTitle')}
          confirmLabel={deciding === 'kept' ? t('review.keep') : t('review.remove')}
          danger={deciding === 'removed'}
          onConfirm={() => review.mutateAsync({ postId: post.id, decision: deciding })}
          onClose={() => setDeciding(null)}
        >
          {deciding === 'kept' ? t('review.keepBody') : t('review.removeBody')}
        </ConfirmDialog>
      )}
    </MessageBar>
  );
}

function PostMenu({ post, onRemoved }: { post: FeedPost; onRemoved?: (() => void) | undefined }) {
  const { t } = useTranslation('feed');
  const navigate = useNavigate();
  const remove = useRemovePost();
  const [removing, setRemoving] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" size="small" icon={<MoreHorizontalRegular />} aria-label={t('menu')} />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<OpenRegular />} onClick={() => navigate(`/feed/${post.id}`)}>
              {t('post.title')}
            </MenuItem>
            {post.canRemove ? (
              <MenuItem icon={<DeleteRegular />} onClick={() => setRemoving(true)}>
                {t('remove.action')}
              </MenuItem>
            ) : null}
            {post.canReport ? (
              <MenuItem icon={<FlagRegular />} onClick={() => setReporting(true)}>
                {t('report.action')}
              </MenuItem>
            ) : null}
          </MenuList>
        </MenuPopover>
      </Menu>
      {removing ? (
        <ConfirmDialog
          open
          title={t('remove.title')}
          confirmLabel={t('remove.action')}
          danger
          onConfirm={async () => {
            await remove.mutateAsync(post.id);
            onRemoved?.();
          }}
          onClose={() => setRemoving(false)}
        >
          {post.kind === 'announcement' ? t('remove.bodyAnnouncement') : t('remove.body')}
        </ConfirmDialog>
      ) : null}
      {reporting ? <ReportDialog postId={post.id} onClose={() => setReporting(false)} /> : null}
    </>
  );
}

export function PostCard({
  post,
  expanded: startExpanded = false,
  onRemoved,
}: {
  post: FeedPost & { reports?: { reporter: PersonRef; reason: string }[] };
  /** Every comment shown from the start (the post's own page). */
  expanded?: boolean;
  onRemoved?: () => void;
}) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const [expanded, setExpanded] = useState(startExpanded);
  const more = post.commentCount > post.latestComments.length;
  return (
    <Card
      className={styles.card}
      role="article"
      aria-label={t('postLabel', { author: post.author?.name ?? t('formerEmployee'), action: t(`kind.${post.kind}`) })}
    >
      <div className={styles.head}>
        <EmployeeAvatar
          employee={post.author ?? { id: 0, name: t('formerEmployee'), image: null }}
          size={40}
          aria-hidden
        />
        <div className={styles.headText}>
          <Byline post={post} />
          <PostTime postId={post.id} at={post.createdAt} />
        </div>
        <PostMenu post={post} onRemoved={onRemoved} />
      </div>
      <Review post={post} />
      <Body post={post} />
      <div className={styles.bar}>
        <LikeSummary post={post} />
        <div className={styles.actions}>
          <LikeButton post={post} />
          <Button
            appearance="subtle"
            size="small"
            icon={<ChatRegular />}
            onClick={() => setExpanded((e) => !e)}
            aria-expanded={expanded}
          >
            {expanded && more ? t('comments.hide') : t('comments.count', { count: post.commentCount })}
          </Button>
        </div>
      </div>
      <Comments post={post} expanded={expanded} />
      {!expanded && more ? (
        <Button appearance="transparent" size="small" onClick={() => setExpanded(true)}>
          {t('comments.showAll')}
        </Button>
      ) : null}
    </Card>
  );
}
