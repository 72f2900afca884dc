/**
 * Leaderboard videos (docs/recognition.md "Leaderboard videos"): the readers' list (pages of 5, by view and
 * hashtag), one video, the managers' table, uploads by file (the raw bytes, the details in the query) and by
 * address, the review and the active switch, likes and comments. A change refreshes every video list and
 * the news feed, where an approved video is a post.
 */
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import type { FeedComment } from '../../../../shared/contracts/feed';
import type { LeaderboardVideo, VideoListQuery } from '../../../../shared/contracts/leaderboard-videos';
import { leaderboardVideoEndpoints as ep } from '../../../../shared/endpoints/leaderboard-videos';
import type { LikeType } from '../../../../shared/feed';
import type { VideoDecision } from '../../../../shared/leaderboard-videos';
import { useNotify } from '../../components/toasts';
import { useTranslation } from '../../i18n';
import { errorMessage, fieldErrors } from '../errors';
import { callEndpoint } from '../typed';
import { feedKeys, likedAs, placeholderComment, useEngagementCache } from './feed';
import { useMe } from './me';
import { useApiMutation } from './mutation';
import { useEndpointQuery } from './query';

export const videoKeys = {
  all: ['leaderboard-videos'] as const,
  list: (filter: VideoFilter) => ['leaderboard-videos', 'list', filter] as const,
  managed: (query: object) => ['leaderboard-videos', 'managed', query] as const,
  one: (id: number) => ['leaderboard-videos', 'one', id] as const,
  comments: (id: number) => ['leaderboard-videos', 'comments', id] as const,
};

export type VideoFilter = Pick<VideoListQuery, 'hashtag' | 'categoryId' | 'attributeId'>;

/** The readers' videos of a view, 5 a page; "Show more" appends the next page. */
export function useLeaderboardVideos(filter: VideoFilter) {
  return useInfiniteQuery({
    queryKey: videoKeys.list(filter),
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ep.listLeaderboardVideos, { query: { ...filter, page: pageParam } }, { signal }),
    // A page of 5 is full when more may follow (the spec's rule); the total says it exactly.
    getNextPageParam: (last, pages) =>
      pages.reduce((n, p) => n + p.items.length, 0) < last.total ? pages.length + 1 : undefined,
  });
}

/** One video: fetched only when it is not in a loaded list already (`enabled`). */
export const useLeaderboardVideo = (id: number | undefined, enabled: boolean) =>
  useEndpointQuery(videoKeys.one(id ?? 0), ep.getLeaderboardVideo, { params: { id: id ?? 0 } }, { enabled });

export const useManagedVideos = (query: {
  page: number;
  pageSize: number;
  videoStatus?: LeaderboardVideo['videoStatus'];
}) => useEndpointQuery(videoKeys.managed(query), ep.listManagedLeaderboardVideos, { query });

export type VideoDetails = { title: string; hashtags: string[]; categoryId?: number; attributeId?: number };

/** Uploads a file: its bytes as the body, the details in the query. Errors are shown in the form. */
export function useUploadVideo() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: VideoDetails & { file: File }) => {
      const { file, hashtags, ...details } = input;
      return callEndpoint(ep.uploadLeaderboardVideo, {
        query: { ...details, hashtags: hashtags.join(',') },
        body: file,
      });
    },
    invalidates: [videoKeys.all],
    success: (video) => ({ title: t('videos.uploaded'), body: video.title }),
    failure: t('videos.uploadFailed'),
  });
}

export function useAddVideoByUrl() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: VideoDetails & { url: string }) => callEndpoint(ep.addLeaderboardVideoByUrl, { body: input }),
    invalidates: [videoKeys.all],
    success: (video) => ({ title: t('videos.uploaded'), body: video.title }),
    failure: t('videos.uploadFailed'),
  });
}

/** Approve or reject; a failure says the spec's "Video status could not be updated". */
export function useReviewVideo() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; videoStatus: VideoDecision }) =>
      callEndpoint(ep.setLeaderboardVideoReview, {
        params: { id: input.id },
        body: { videoStatus: input.videoStatus },
      }),
    invalidates: [videoKeys.all, feedKeys.all],
    success: (video) => ({
      title: t(`videos.toasts.${video.videoStatus === 'approved' ? 'approved' : 'rejected'}`),
      body: video.title,
    }),
    failure: t('videos.toasts.statusFailed'),
  });
}

export function useSetVideoActive() {
  const { t } = useTranslation('feedbackAdmin');
  return useApiMutation({
    mutationFn: (input: { id: number; isActive: boolean }) =>
      callEndpoint(ep.setLeaderboardVideoStatus, { params: { id: input.id }, body: { isActive: input.isActive } }),
    invalidates: [videoKeys.all, feedKeys.all],
    success: (video) => ({
      title: t(`videos.toasts.${video.isActive ? 'activated' : 'deactivated'}`),
      body: video.title,
    }),
    failure: t('videos.toasts.statusFailed'),
  });
}

/**
 * Likes a video or takes the like back, optimistically on every copy of the video and of its feed post (the
 * same like: hooks/feed.ts); a refusal puts them back and says why.
 */
export function useLikeVideo() {
  const { t } = useTranslation('leaderboards');
  const notify = useNotify();
  const cache = useEngagementCache();
  return useMutation({
    mutationFn: ({ video, type }: { video: LeaderboardVideo; type: LikeType | null }) =>
      type === null
        ? callEndpoint(ep.unlikeLeaderboardVideo, { params: { id: video.id } })
        : callEndpoint(ep.likeLeaderboardVideo, { params: { id: video.id }, body: { type } }),
    onMutate: async ({ video, type }) => {
      const snapshot = await cache.take(videoKeys.all, feedKeys.posts);
      cache.patchVideos(
        (v) => v.id === video.id,
        (v) => ({ ...v, ...likedAs(v, type) }),
      );
      if (video.postId !== null) cache.patchPosts(video.postId, (post) => ({ ...post, ...likedAs(post, type) }));
      return { snapshot };
    },
    onError: (error, _input, context) => {
      cache.restore(context?.snapshot);
      notify.error(t('videos.likeFailed'), errorMessage(error));
    },
  });
}

/** A video's comments, 10 a page, newest first. */
export function useVideoComments(id: number) {
  return useInfiniteQuery({
    queryKey: videoKeys.comments(id),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(ep.listLeaderboardVideoComments, { params: { id }, query: { cursor: pageParam } }, { signal }),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

/**
 * Comments on a video, optimistically as on the feed: placed first in the video's comments (and its post's),
 * the counts raised on every copy, then sent; the server's comment replaces the placeholder, and a refusal
 * puts everything back with a toast saying why.
 */
export function useCommentVideo(video: LeaderboardVideo) {
  const { t } = useTranslation('leaderboards');
  const notify = useNotify();
  const me = useMe();
  const cache = useEngagementCache();
  const { id, postId } = video;
  return useMutation({
    mutationFn: (comment: string) => callEndpoint(ep.addLeaderboardVideoComment, { params: { id }, body: { comment } }),
    onMutate: async (comment) => {
      const snapshot = await cache.take(
        videoKeys.all,
        feedKeys.posts,
        ...(postId !== null ? [feedKeys.comments(postId)] : []),
      );
      const placeholder = placeholderComment(me, postId ?? 0, comment);
      cache.setCommentsAt(videoKeys.comments(id), (items) => [placeholder, ...items]);
      cache.patchVideos(
        (v) => v.id === id,
        (v) => ({ ...v, commentCount: v.commentCount + 1 }),
      );
      if (postId !== null) cache.placeComment(postId, placeholder);
      return { snapshot, placeholder };
    },
    onError: (error, _comment, context) => {
      cache.restore(context?.snapshot);
      notify.error(t('videos.commentFailed'), fieldErrors(error)['comment'] ?? errorMessage(error));
    },
    onSuccess: (saved, _comment, context) => {
      const swap = (c: FeedComment) => (c.id === context.placeholder.id ? saved : c);
      cache.setCommentsAt(videoKeys.comments(id), (items) => items.map(swap));
      if (postId !== null) cache.swapComment(postId, context.placeholder.id, saved);
    },
  });
}
