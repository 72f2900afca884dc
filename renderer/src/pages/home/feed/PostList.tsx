/**
 * A cursor-paged list of posts (Home's feed, a person's feed, the reported posts): the cards, "Show more"
 * while the server has a next page, and the list's empty state. New posts arrive at the top when the list
 * is refreshed; the pages already read never shift (docs/recognition.md "Paging").
 */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import { NewsRegular } from '@fluentui/react-icons';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import type { CursorListResponse } from '../../../../../shared/contracts/common';
import type { FeedPost } from '../../../../../shared/contracts/feed';
import type { PersonRef } from '../../../../../shared/contracts/feedback-requests';
import { EmptyState } from '../../../components/EmptyState';
import { QueryState } from '../../../components/QueryState';
import { useTranslation } from '../../../i18n';
import { PostCard } from './PostCard';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  foot: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  muted: { color: tokens.colorNeutralForeground3 },
  empty: { backgroundColor: tokens.colorNeutralBackground1, borderRadius: tokens.borderRadiusXLarge },
});

type Post = FeedPost & { reports?: { reporter: PersonRef; reason: string }[] };
type PostQuery = UseInfiniteQueryResult<InfiniteData<CursorListResponse<Post>>, unknown>;

export function PostList({ query, empty, emptyHint }: { query: PostQuery; empty: string; emptyHint?: string }) {
  const styles = useStyles();
  const { t } = useTranslation('feed');
  return (
    <QueryState
      query={query}
      label={t('loading')}
      skeleton
      isEmpty={(data) => data.pages.every((page) => page.items.length === 0)}
      empty={
        <div className={styles.empty}>
          <EmptyState icon={<NewsRegular />} title={empty}>
            {emptyHint}
          </EmptyState>
        </div>
      }
    >
      {(data) => (
        <>
          <ul className={styles.list} aria-label={t('listLabel')}>
            {data.pages
              .flatMap((page) => page.items)
              .map((post) => (
                <li key={post.id}>
                  <PostCard post={post} />
                </li>
              ))}
          </ul>
          <div className={styles.foot}>
            {query.hasNextPage ? (
              <Button onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage}>
                {query.isFetchingNextPage ? <Spinner size="tiny" label={t('loading')} /> : t('more')}
              </Button>
            ) : (
              <Text size={200} className={styles.muted}>
                {t('caughtUp')}
              </Text>
            )}
          </div>
        </>
      )}
    </QueryState>
  );
}
