/**
 * Leaderboard videos as the API answers them (docs/recognition.md "Leaderboard videos"): hashtags, the
 * uploader, category and attribute, likes and comment count (its feed post's), and signed links to the file
 * and its preview. The file's link lives an hour and answers range requests, so a player seeks within it.
 * Used by this module's routes and by the news feed for its video posts.
 */
import type { FeedVideo } from '../../../../shared/contracts/feed.js';
import type { LeaderboardVideo } from '../../../../shared/contracts/leaderboard-videos.js';
import type { RequestContext } from '../../http/context.js';
import { personOf } from '../employees/people.js';
import { feedEngagementRepository } from '../feed/engagement-repository.js';
import { leaderboardVideoRepository, type VideoRow } from './repository.js';

/** A player is given an hour: the longest a signed link may live (docs/storage.md). */
const VIDEO_LINK_SECONDS = 60 * 60;

const EXTENSIONS: Record<string, string> = { 'video/mp4': 'mp4', 'video/webm': 'webm', 'video/ogg': 'ogv' };

const noLikes = { likeCount: 0, likeTypes: [], currentUserLike: null };

/** The videos of a page of feed posts, by id, as their posts show them. */
export async function feedVideos(ctx: RequestContext, ids: readonly number[]): Promise<Map<number, FeedVideo>> {
  const rows = await ctx.repo(leaderboardVideoRepository).byIds(ids);
  const tags = await ctx.repo(leaderboardVideoRepository).hashtagsOf(ids);
  const views = await Promise.all(
    rows.map(async (r): Promise<FeedVideo> => ({
      id: r.id,
      title: r.title,
      hashtags: tags.get(r.id) ?? [],
      ...(await links(ctx, r)),
      contentType: r.contentType,
      durationSeconds: r.durationMs / 1000,
      width: r.width,
      height: r.height,
    })),
  );
  return new Map(views.map((v) => [v.id, v]));
}

async function links(ctx: RequestContext, r: VideoRow): Promise<{ videoUrl: string; preview: string | null }> {
  const link = (key: string, fileName: string) =>
    ctx.deps.storage.downloadUrl({ tenantId: ctx.tenantId, key, fileName, expiresInSeconds: VIDEO_LINK_SECONDS });
  return {
    videoUrl: await link(r.storageKey, `video-${r.id}.${EXTENSIONS[r.contentType] ?? 'video'}`),
    preview: r.previewKey ? await link(r.previewKey, `video-${r.id}.jpg`) : null,
  };
}

export async function videoViews(
  ctx: RequestContext,
  rows: readonly VideoRow[],
  hideDemo: boolean,
): Promise<LeaderboardVideo[]> {
  const repo = ctx.repo(leaderboardVideoRepository);
  const engagement = ctx.repo(feedEngagementRepository);
  const postIds = rows.flatMap((r) => (r.postId === null ? [] : [r.postId]));
  const [tags, people, likes, counts] = await Promise.all([
    repo.hashtagsOf(rows.map((r) => r.id)),
    repo.people(rows.flatMap((r) => (r.uploadedBy === null ? [] : [r.uploadedBy]))),
    engagement.likeSummaries(postIds, ctx.caller.employeeId, hideDemo),
    engagement.commentCounts(postIds, hideDemo),
  ]);
  return Promise.all(
    rows.map(async (r): Promise<LeaderboardVideo> => ({
      id: r.id,
      title: r.title,
      hashtags: tags.get(r.id) ?? [],
      uploadedBy: r.uploadedBy === null ? null : personOf(people, r.uploadedBy),
      createdAt: r.createdAt,
      videoStatus: r.status,
      isActive: r.isActive === 1,
      source: r.source,
      category: r.categoryId === null ? null : { id: r.categoryId, name: r.categoryName ?? '' },
      attribute: r.attributeId === null ? null : { id: r.attributeId, name: r.attributeName ?? '' },
      durationSeconds: r.durationMs / 1000,
      width: r.width,
      height: r.height,
      size: r.size,
      contentType: r.contentType,
      ...(await links(ctx, r)),
      postId: r.postId,
      ...((r.postId !== null && likes.get(r.postId)) || noLikes),
      commentCount: (r.postId !== null && counts.get(r.postId)) || 0,
    })),
  );
}
