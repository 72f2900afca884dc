/**
 * The news feed's own pages (docs/recognition.md "News feed"): one post with all its comments
 * (`/feed/:id`, from a post's time), and one person's posts, those they wrote or that are about them
 * (`/feed/people/:id`, from a name).
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useNavigate, useParams } from 'react-router-dom';
import { useFeed, useFeedPost } from '../../../api/hooks/feed';
import { AppLink } from '../../../components/AppLink';
import { PageHeader } from '../../../components/PageHeader';
import { QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n';
import { PostCard } from './PostCard';
import { PostList } from './PostList';

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, maxWidth: '720px' },
  back: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXS },
});

function BackHome() {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  return (
    <AppLink to="/home">
      <span className={styles.back}>
        <ArrowLeftRegular aria-hidden />
        {t('post.back')}
      </span>
    </AppLink>
  );
}

export function FeedPostPage() {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const post = useFeedPost(id);
  return (
    <>
      <PageHeader title={t('post.title')} />
      <div className={styles.column}>
        <BackHome />
        <QueryState query={post} label={t('post.loading')}>
          {(data) => <PostCard post={data} expanded onRemoved={() => navigate('/home')} />}
        </QueryState>
      </div>
    </>
  );
}

export function PersonFeedPage() {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  const id = Number(useParams().id);
  const feed = useFeed(id);
  // The person's name from their posts: whoever may read the feed reads the names on it.
  const person = feed.data?.pages
    .flatMap((page) => page.items)
    .flatMap((post) => [...(post.author ? [post.author] : []), ...post.subjects])
    .find((p) => p.id === id);
  return (
    <>
      <PageHeader title={person ? t('person.title', { name: person.name }) : t('person.titleUnknown')} />
      <div className={styles.column}>
        <BackHome />
        <PostList query={feed} empty={t('person.empty')} />
      </div>
    </>
  );
}
