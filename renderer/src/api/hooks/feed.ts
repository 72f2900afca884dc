/**
 * The news feed (docs/recognition.md "News feed"): Home's feed, a person's feed, one post, its comments
 * and likes, the reviewers' reported posts, and every action on them. Every cached copy of a post lives
 * under `feedKeys.posts` (the feeds' pages and the post's own page), so an action patches them all at once.
 * Comments and likes are optimistic (spec §5): the comment is placed first and the counts rise on every
 * copy, then the server is called; its answer replaces the placeholder, and a refusal puts every copy back
 * as it was with a toast saying why. A leaderboard video's likes and comments are its post's, so every copy
 * of the video (hooks/leaderboard-videos.ts) moves with the post, and the other way round.
 */
import {
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryKey,
} from '@tanstack/react-query';
import type { CursorListResponse } from '../../../../shared/contracts/common';
import type { FeedComment, FeedPost, LikeSummary } from '../../../../shared/contracts/feed';
import type { LeaderboardVideo } from '../../../../shared/contracts/leaderboard-videos';
import { feedEndpoints as ep } from '../../../../shared/endpoints/feed';
import { LATEST_COMMENTS, LIKE_TYPES, type FeedReviewDecision, type LikeType } from '../../../../shared/feed';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../errors';
import { call } from '../typed';
import { videoKeys } from './leaderboard-videos';
import { useMe } from './me';
import { useApiMutation } from './mutation';
import { useSaveTenantSettings } from './tenant';

export const feedKeys = {
  all: ['feed'] as const,
  /** Every cached copy of a post: the feeds' pages, the reported posts and each post's own. */
  posts: ['feed', 'posts'] as const,
  list: (employeeId: number | null) => ['feed', 'posts', 'list', employeeId] as const,
  reported: ['feed', 'posts', 'reported'] as const,
  post: (id: number) => ['feed', 'posts', 'one', id] as const,
  comments: (postId: number) => ['feed', 'comments', postId] as const,
  likes: (postId: number, type: LikeType | null) => ['feed', 'likes', postId, type] as const,
};

type Page<T> = CursorListResponse<T>;
type PostCache = InfiniteData<Page<FeedPost>> | FeedPost;

const cursorPaging = {
  initialPageParam: undefined as string | undefined,
  getNextPageParam: (last: { nextCursor: string | null }) => last.nextCursor ?? undefined,
};

/** Home's feed, or one person's (`employeeId`), a cursor page at a time. */
export function useFeed(employeeId: number | null, enabled = true) {
  return useInfiniteQuery({
    queryKey: feedKeys.list(employeeId),
    queryFn: ({ pageParam, signal }) =>
      call(
        ep.listFeedPosts,
        { query: { ...(pageParam ? { cursor: pageParam } : {}), ...(employeeId ? { employeeId } : {}) } },
        { signal },
      ),
    ...cursorPaging,
    enabled,
  });
}

export function useFeedPost(id: number) {
  return useQuery({
    queryKey: feedKeys.post(id),
    queryFn: ({ signal }) => call(ep.getFeedPost, { params: { id } }, { signal }),
  });
}

/** Reported posts waiting for a review (flag-feedback). */
export function useReportedPosts(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: feedKeys.reported,
    queryFn: ({ pageParam, signal }) =>
      call(ep.listReportedFeedPosts, { query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    ...cursorPaging,
    enabled,
  });
}

/** A post's comments, newest first, 10 at a time; fetched once the post's comments are opened. */
export function useFeedComments(postId: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: feedKeys.comments(postId),
    queryFn: ({ pageParam, signal }) =>
      call(ep.listFeedComments, { params: { id: postId }, query: pageParam ? { cursor: pageParam } : {} }, { signal }),
    ...cursorPaging,
    enabled,
  });
}

/** Who liked a post, all or one type. */
export function useFeedLikes(postId: number, type: LikeType | null, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: feedKeys.likes(postId, type),
    queryFn: ({ pageParam, signal }) =>
      call(
        ep.listFeedLikes,
        { params: { id: postId }, query: { ...(pageParam ? { cursor: pageParam } : {}), ...(type ? { type } : {}) } },
        { signal },
      ),
    ...cursorPaging,
    enabled,
  });
}

/** The post `postId` changed by `patch` in a cached feed page or post; anything else as it is. */
function patchPost(data: PostCache | undefined, postId: number, patch: (post: FeedPost) => FeedPost) {
  if (!data) return data;
  if ('pages' in data)
    return {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        items: page.items.map((post) => (post.id === postId ? patch(post) : post)),
      })),
    };
  return data.id === postId ? patch(data) : data;
}

type VideoPage = { items: LeaderboardVideo[] };

/** The videos `match` picks changed by `patch` in a cached video, list or pages; anything else as it is. */
function patchVideo(
  data: unknown,
  match: (video: LeaderboardVideo) => boolean,
  patch: (video: LeaderboardVideo) => LeaderboardVideo,
): unknown {
  if (!data || typeof data !== 'object') return data;
  const each = (items: LeaderboardVideo[]) => items.map((v) => (match(v) ? patch(v) : v));
  if ('pages' in data) {
    const pages = data as InfiniteData<VideoPage>;
    return { ...pages, pages: pages.pages.map((page) => ({ ...page, items: each(page.items) })) };
  }
  if ('items' in data) return { ...data, items: each((data as VideoPage).items) };
  const video = data as LeaderboardVideo;
  return match(video) ? patch(video) : video;
}

/** A comment shown at once while it is sent: a negative id, the caller as its author. */
export function placeholderComment(me: ReturnType<typeof useMe>, postId: number, comment: string): FeedComment {
  const employee = me?.employee;
  return {
    id: -Date.now(),
    postId,
    author: { id: employee?.id ?? 0, name: employee?.name ?? '', image: employee?.image ?? null },
    comment: comment.trim(),
    createdAt: new Date().toISOString(),
    canDelete: false,
  };
}

/**
 * Keeps what the cached feed and video queries hold now, and puts it back on a refusal; patches every copy of
 * a post, of a video, or a list of comments.
 */
export function useEngagementCache() {
  const queryClient = useQueryClient();
  /** The first page of the comments cached under `key` (a post's or a video's). */
  const setCommentsAt = (key: QueryKey, update: (items: FeedComment[]) => FeedComment[]) =>
    queryClient.setQueryData<InfiniteData<Page<FeedComment>>>(key, (data) =>
      data
        ? { ...data, pages: data.pages.map((page, i) => (i === 0 ? { ...page, items: update(page.items) } : page)) }
        : data,
    );
  return {
    async take(...keys: QueryKey[]) {
      await Promise.all(keys.map((queryKey) => queryClient.cancelQueries({ queryKey })));
      return keys.flatMap((queryKey) => queryClient.getQueriesData({ queryKey }));
    },
    restore(snapshot: readonly (readonly [QueryKey, unknown])[] | undefined) {
      for (const [key, data] of snapshot ?? []) queryClient.setQueryData(key, data);
    },
    patchPosts(postId: number, patch: (post: FeedPost) => FeedPost) {
      queryClient.setQueriesData<PostCache>({ queryKey: feedKeys.posts }, (data) => patchPost(data, postId, patch));
    },
    /** Every cached copy of the videos `match` picks: lists, pages and the one video (not their comments). */
    patchVideos(match: (video: LeaderboardVideo) => boolean, patch: (video: LeaderboardVideo) => LeaderboardVideo) {
      queryClient.setQueriesData(
        { queryKey: videoKeys.all, predicate: (query) => query.queryKey[1] !== 'comments' },
        (data: unknown) => patchVideo(data, match, patch),
      );
    },
    setCommentsAt,
    /** A comment sent on a post: first in its comments and among its newest, its count raised, on every copy. */
    placeComment(postId: number, placeholder: FeedComment) {
      queryClient.setQueriesData<PostCache>({ queryKey: feedKeys.posts }, (data) =>
        patchPost(data, postId, (post) => ({
          ...post,
          commentCount: post.commentCount + 1,
          latestComments: [placeholder, ...post.latestComments].slice(0, LATEST_COMMENTS),
        })),
      );
      setCommentsAt(feedKeys.comments(postId), (items) => [placeholder, ...items]);
    },
    /** The server's comment in place of its placeholder, on every copy of the post. */
    swapComment(postId: number, placeholderId: number, saved: FeedComment) {
      const swap = (c: FeedComment) => (c.id === placeholderId ? saved : c);
      queryClient.setQueriesData<PostCache>({ queryKey: feedKeys.posts }, (data) =>
        patchPost(data, postId, (post) => ({ ...post, latestComments: post.latestComments.map(swap) })),
      );
      setCommentsAt(feedKeys.comments(postId), (items) => items.map(swap));
    },
  };
}

/**
 * Comments on a post, optimistically: placed first with the count raised on every copy of the post, then
 * sent. The server's comment replaces the placeholder; a refusal puts everything back and says why.
 */
export function useAddComment(postId: number) {
  const { t } = useTranslation(['errors']);
  const notify = useNotify();
  const me = useMe();
  const cache = useEngagementCache();
  return useMutation({
    mutationFn: (comment: string) => call(ep.addFeedComment, { params: { id: postId }, body: { comment } }),
    onMutate: async (comment) => {
      const snapshot = await cache.take(feedKeys.posts, feedKeys.comments(postId), videoKeys.all);
      const placeholder = placeholderComment(me, postId, comment);
      cache.placeComment(postId, placeholder);
      cache.patchVideos(
        (video) => video.postId === postId,
        (video) => ({ ...video, commentCount: video.commentCount + 1 }),
      );
      return { snapshot, placeholder };
    },
    onError: (error, _comment, context) => {
      cache.restore(context?.snapshot);
      notify.error(t('errors:FEED_COMMENT_FAILED'), fieldErrors(error)['comment'] ?? errorMessage(error));
    },
    onSuccess: (saved, _comment, context) => cache.swapComment(postId, context.placeholder.id, saved),
  });
}

/** The likes of a post after the caller's like of `type` (null: taken back), as the spec counts them. */
export function likedAs(post: LikeSummary, type: LikeType | null): LikeSummary {
  const before = post.currentUserLike?.type ?? null;
  const counts = new Map(post.likeTypes.map((l) => [l.type, l.count]));
  if (before) counts.set(before, (counts.get(before) ?? 1) - 1);
  if (type) counts.set(type, (counts.get(type) ?? 0) + 1);
  const likeTypes = [...counts]
    .filter(([, count]) => count > 0)
    .map(([t, count]) => ({ type: t, count }))
    .sort((a, b) => b.count - a.count || LIKE_TYPES.indexOf(a.type) - LIKE_TYPES.indexOf(b.type));
  const likeCount = Math.max(0, post.likeCount + (type && !before ? 1 : 0) - (!type && before ? 1 : 0));
  return { likeCount, likeTypes, currentUserLike: type ? { type } : null };
}

/** Likes a post with a type, or takes the like back (null), optimistically on every copy of the post. */
export function useLikePost() {
  const { t } = useTranslation('feed');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const cache = useEngagementCache();
  return useMutation({
    mutationFn: ({ postId, type }: { postId: number; type: LikeType | null }) =>
      type
        ? call(ep.likeFeedPost, { params: { id: postId }, body: { type } })
        : call(ep.unlikeFeedPost, { params: { id: postId } }),
    onMutate: async ({ postId, type }) => {
      const snapshot = await cache.take(feedKeys.posts, videoKeys.all);
      cache.patchPosts(postId, (post) => ({ ...post, ...likedAs(post, type) }));
      cache.patchVideos(
        (video) => video.postId === postId,
        (video) => ({ ...video, ...likedAs(video, type) }),
      );
      return { snapshot };
    },
    onError: (error, _input, context) => {
      cache.restore(context?.snapshot);
      notify.error(t('likes.failed'), errorMessage(error));
    },
    onSuccess: (summary, { postId }) => {
      cache.patchPosts(postId, (post) => ({ ...post, ...summary }));
      void queryClient.invalidateQueries({ queryKey: ['feed', 'likes', postId] });
    },
  });
}

export function useDeleteComment(postId: number) {
  const { t } = useTranslation('feed');
  return useApiMutation({
    mutationFn: (commentId: number) => call(ep.deleteFeedComment, { params: { id: commentId } }),
    invalidates: [feedKeys.posts, feedKeys.comments(postId)],
    success: () => t('comments.deleted'),
    failure: t('comments.deleteFailed'),
  });
}

export function useRemovePost() {
  const { t } = useTranslation('feed');
  return useApiMutation({
    mutationFn: (postId: number) => call(ep.removeFeedPost, { params: { id: postId } }),
    invalidates: [feedKeys.posts],
    success: () => t('remove.done'),
    failure: t('remove.failed'),
  });
}

/** Reports a post; the dialog shows a refusal on its field. */
export function useReportPost() {
  const { t } = useTranslation('feed');
  return useApiMutation({
    mutationFn: ({ postId, reason }: { postId: number; reason: string }) =>
      call(ep.reportFeedPost, { params: { id: postId }, body: { reason } }),
    invalidates: [feedKeys.posts],
    success: () => ({ title: t('report.done'), body: t('report.doneBody') }),
  });
}

export function useReviewPost() {
  const { t } = useTranslation('feed');
  return useApiMutation({
    mutationFn: ({ postId, decision }: { postId: number; decision: FeedReviewDecision }) =>
      call(ep.reviewFeedPost, { params: { id: postId }, body: { decision } }),
    invalidates: [feedKeys.posts],
    success: (r) => (r.reviewStatus === 'kept' ? t('review.kept') : t('review.removed')),
    failure: t('review.failed'),
  });
}

/** Posts an announcement; the composer shows a refusal on its field. */
export function useCreateAnnouncement() {
  const { t } = useTranslation('feed');
  return useApiMutation({
    mutationFn: (text: string) => call(ep.createAnnouncement, { body: { text } }),
    invalidates: [feedKeys.posts],
    success: () => t('composer.posted'),
  });
}

/** Settings › Feedback › News feed: which kinds show and the feed's side of Home. */
export function useSaveFeedSettings() {
  const { t } = useTranslation('feed');
  return useSaveTenantSettings<'feedTypes' | 'feedPosition'>({
    invalidates: [feedKeys.all],
    saved: t('settings.saved'),
    notSaved: t('settings.notSaved'),
  });
}
