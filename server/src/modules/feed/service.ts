/**
 * The news feed's rules (docs/recognition.md "News feed"): who the caller is as a reader (./visibility.ts),
 * posts turned into what the API answers (people, badge images, likes, comment counts and the newest
 * comments, and what the caller may do with each), and every write with its checks. A post the caller may
 * not read answers 404 on every route, as if absent; a rule broken answers 400 naming its field.
 */
import { demoHidden } from '../../policy/demo.js';
import {
  checkAnnouncement,
  checkComment,
  checkReport,
  FEED_POST_KINDS,
  LATEST_COMMENTS,
  type FeedIssue,
  type FeedReviewDecision,
  type LikeType,
} from '../../../../shared/feed.js';
import type { CommentBody, FeedComment, FeedPost, LikeSummary } from '../../../../shared/contracts/feed.js';
import type { CursorListResponse } from '../../../../shared/contracts/common.js';
import type { PersonRef } from '../../../../shared/contracts/feedback-requests.js';
import type { ErrorCode } from '../../../../shared/messages.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { RequestContext } from '../../http/context.js';
import { errors } from '../../http/errors.js';
import { imageLinker } from '../badges/images.js';
import { feedVideos } from '../leaderboard-videos/views.js';
import { feedEngagementRepository, type CommentRow } from './engagement-repository.js';
import { comment, decideReport, react } from './notifications.js';
import { feedPostRepository, type PostRow } from './posts-repository.js';
import type { FeedViewer } from './visibility.js';

export const failed = (code: ErrorCode, issues: readonly FeedIssue[]) =>
  errors.coded(400, code, { fields: issues.map((i) => ({ path: `body.${i.field}`, message: i.message })) });

const unknownPerson = (id: number): PersonRef => ({ id, name: '', image: null });

/** The caller as a reader of the feed: their company's feed types, demo switch and review permission. */
export async function viewerOf(ctx: RequestContext): Promise<FeedViewer> {
  const settings = await ctx.settings();
  return {
    employeeId: ctx.caller.employeeId,
    canReview: ctx.can('flag-feedback'),
    hideDemo: await demoHidden(ctx),
    kinds: FEED_POST_KINDS.filter((kind) => settings.feedTypes.includes(kind)),
  };
}

export function commentView(row: CommentRow, people: Map<number, PersonRef>, viewerId: number): FeedComment {
  return {
    id: row.id,
    postId: row.postId,
    author: people.get(row.employeeId) ?? unknownPerson(row.employeeId),
    comment: row.comment,
    createdAt: row.createdAt,
    canDelete: row.employeeId === viewerId,
  };
}

/** Posts as the API answers them, in the order given. */
export async function postViews(
  ctx: RequestContext,
  viewer: FeedViewer,
  rows: readonly PostRow[],
): Promise<FeedPost[]> {
  const posts = ctx.repo(feedPostRepository);
  const engagement = ctx.repo(feedEngagementRepository);
  const ids = rows.map((r) => r.id);
  const videoIds = rows.flatMap((r) => (r.leaderboardVideoId === null ? [] : [r.leaderboardVideoId]));
  const [details, likes, counts, latest, videos] = await Promise.all([
    posts.details(rows, viewer.hideDemo),
    engagement.likeSummaries(ids, viewer.employeeId, viewer.hideDemo),
    engagement.commentCounts(ids, viewer.hideDemo),
    engagement.latestComments(ids, LATEST_COMMENTS, viewer.hideDemo),
    feedVideos(ctx, videoIds),
  ]);
  const people = await posts.people([
    ...rows.flatMap((r) => (r.authorId === null ? [] : [r.authorId])),
    ...[...details.subjects.values()].flat(),
    ...[...latest.values()].flat().map((c) => c.employeeId),
  ]);
  const person = (id: number) => people.get(id) ?? unknownPerson(id);
  const link = imageLinker(ctx);
  return Promise.all(
    rows.map(async (r): Promise<FeedPost> => {
      const subjects = details.subjects.get(r.id) ?? [];
      const given = r.givenBadgeId === null ? undefined : details.badges.get(r.givenBadgeId);
      const mine = r.authorId === viewer.employeeId;
      const about = subjects.includes(viewer.employeeId);
      const text =
        r.kind === 'feedback'
          ? (details.groupComments.get(r.groupId!) ?? null)
          : r.kind === 'badge'
            ? given?.comment
            : r.kind === 'leaderboard-video'
              ? videos.get(r.leaderboardVideoId!)?.title
              : r.text;
      return {
        id: r.id,
        kind: r.kind,
        createdAt: r.createdAt,
        author: r.authorId === null ? null : person(r.authorId),
        subjects: subjects.map(person),
        text: text ?? null,
        badge: given ? { id: given.badge.id, name: given.badge.name, image: await link(given.badge.image) } : null,
        badgeSource: given?.source ?? null,
        video: r.leaderboardVideoId === null ? null : (videos.get(r.leaderboardVideoId) ?? null),
        topics: r.groupId === null ? [] : (details.topics.get(r.groupId) ?? []),
        ...likes.get(r.id)!,
        commentCount: counts.get(r.id) ?? 0,
        latestComments: (latest.get(r.id) ?? []).map((c) => commentView(c, people, viewer.employeeId)),
        reviewStatus: r.reviewStatus,
        // A video's post goes with the video's review (removePost refuses it).
        canRemove: (mine || about) && r.kind !== 'leaderboard-video',
        canReport: !mine && r.reviewStatus === 'none',
        canReview: viewer.canReview && r.reviewStatus === 'pending' && !mine && !about,
      };
    }),
  );
}

/** A post the caller may read, or 404. */
async function shownPost(ctx: RequestContext, viewer: FeedViewer, id: number): Promise<PostRow> {
  const row = await ctx.repo(feedPostRepository).shown(viewer, id);
  if (!row) throw errors.notFound('feedPostNotFound');
  return row;
}

export async function listPosts(
  ctx: RequestContext,
  query: { limit: number; cursor?: string | undefined; employeeId?: number | undefined },
): Promise<CursorListResponse<FeedPost>> {
  const viewer = await viewerOf(ctx);
  const page = await ctx.repo(feedPostRepository).page(viewer, query);
  return { items: await postViews(ctx, viewer, page.items), nextCursor: page.nextCursor };
}

export async function getPost(ctx: RequestContext, id: number): Promise<FeedPost> {
  const viewer = await viewerOf(ctx);
  return (await postViews(ctx, viewer, [await shownPost(ctx, viewer, id)]))[0]!;
}

export async function createAnnouncement(ctx: RequestContext, body: { text?: string | null | undefined }) {
  if (!(await ctx.settings()).feedTypes.includes('announcement')) throw errors.coded(409, 'FEED_ANNOUNCEMENTS_OFF');
  const issues = checkAnnouncement(body);
  if (issues.length > 0) throw failed('FEED_ANNOUNCEMENT_FAILED', issues);
  const id = await ctx.repo(feedPostRepository).createAnnouncement(ctx.caller.employeeId, body.text!.trim());
  return getPost(ctx, id);
}

/** Its author and the people it is about may take a post off the feed; anyone else who sees it gets 403. */
export async function removePost(ctx: RequestContext, id: number): Promise<void> {
  const viewer = await viewerOf(ctx);
  const posts = ctx.repo(feedPostRepository);
  const row = await posts.existing(viewer, id);
  if (!row) throw errors.notFound('feedPostNotFound');
  const subjects = (await posts.details([row])).subjects.get(row.id) ?? [];
  if (row.authorId !== viewer.employeeId && !subjects.includes(viewer.employeeId)) {
    if (!(await posts.shown(viewer, id))) throw errors.notFound('feedPostNotFound');
    throw errors.coded(403, 'FEED_POST_NOT_YOURS');
  }
  // A video's post goes with its review (docs/recognition.md "Leaderboard videos"): removing it here would
  // delete everyone's likes and comments while the video stays on the leaderboard.
  if (row.kind === 'leaderboard-video') throw errors.coded(409, 'FEED_POST_IS_VIDEO');
  await posts.remove(id);
}

async function likeSummary(ctx: RequestContext, viewer: FeedViewer, postId: number): Promise<LikeSummary> {
  const summaries = await ctx
    .repo(feedEngagementRepository)
    .likeSummaries([postId], viewer.employeeId, viewer.hideDemo);
  return summaries.get(postId)!;
}

export async function likePost(ctx: RequestContext, id: number, type: LikeType | null): Promise<LikeSummary> {
  const viewer = await viewerOf(ctx);
  const row = await shownPost(ctx, viewer, id);
  if (type === null) await ctx.repo(feedEngagementRepository).unlike(id, viewer.employeeId);
  else await react(ctx, row, viewer.employeeId, type);
  return likeSummary(ctx, viewer, id);
}

export async function listLikes(
  ctx: RequestContext,
  id: number,
  query: { limit: number; cursor?: string | undefined; type?: LikeType | undefined },
) {
  const viewer = await viewerOf(ctx);
  await shownPost(ctx, viewer, id);
  const page = await ctx.repo(feedEngagementRepository).likesPage(id, query, viewer.hideDemo);
  const people = await ctx.repo(feedPostRepository).people(page.items.map((l) => l.employeeId));
  return {
    items: page.items.map((l) => ({
      employee: people.get(l.employeeId) ?? unknownPerson(l.employeeId),
      type: l.kind,
      createdAt: l.createdAt,
    })),
    nextCursor: page.nextCursor,
  };
}

export async function listComments(
  ctx: RequestContext,
  id: number,
  query: { limit: number; cursor?: string | undefined },
): Promise<CursorListResponse<FeedComment>> {
  const viewer = await viewerOf(ctx);
  await shownPost(ctx, viewer, id);
  const page = await ctx.repo(feedEngagementRepository).commentsPage(id, query, viewer.hideDemo);
  const people = await ctx.repo(feedPostRepository).people(page.items.map((c) => c.employeeId));
  return { items: page.items.map((c) => commentView(c, people, viewer.employeeId)), nextCursor: page.nextCursor };
}

export async function addComment(ctx: RequestContext, id: number, body: CommentBody): Promise<FeedComment> {
  const viewer = await viewerOf(ctx);
  const post = await shownPost(ctx, viewer, id);
  const issues = checkComment(body);
  if (issues.length > 0) throw failed('FEED_COMMENT_FAILED', issues);
  const row = await comment(ctx, post, viewer.employeeId, body.comment!.trim());
  return commentView(row, await ctx.repo(feedPostRepository).people([row.employeeId]), viewer.employeeId);
}

/** Only its author deletes a comment; one on a post the caller cannot see is unknown to them. */
export async function deleteComment(ctx: RequestContext, id: number): Promise<void> {
  const viewer = await viewerOf(ctx);
  const engagement = ctx.repo(feedEngagementRepository);
  const comment = await engagement.getComment(id);
  if (!comment || !(await ctx.repo(feedPostRepository).shown(viewer, comment.postId)))
    throw errors.notFound('feedCommentNotFound');
  if (comment.employeeId !== viewer.employeeId) throw errors.coded(403, 'FEED_COMMENT_NOT_YOURS');
  await engagement.deleteComment(id);
}

export async function reportPost(ctx: RequestContext, id: number, body: { reason?: string | null | undefined }) {
  const viewer = await viewerOf(ctx);
  const row = await shownPost(ctx, viewer, id);
  if (row.authorId === viewer.employeeId) throw errors.coded(403, 'FEED_REPORT_OWN');
  const issues = checkReport(body);
  if (issues.length > 0) throw failed('FEED_REPORT_FAILED', issues);
  if (row.reviewStatus === 'kept' || row.reviewStatus === 'removed') throw errors.coded(409, 'FEED_POST_REVIEWED');
  const posts = ctx.repo(feedPostRepository);
  if (await posts.hasReported(id, viewer.employeeId)) throw errors.coded(409, 'FEED_ALREADY_REPORTED');
  try {
    await ctx.transaction((tx) => tx.repo(feedPostRepository).report(id, viewer.employeeId, body.reason!.trim()));
  } catch (error) {
    // One report per person and post (a unique index): the second of two sent at once lost here.
    if (isUniqueViolation(error)) throw errors.coded(409, 'FEED_ALREADY_REPORTED');
    throw error;
  }
  return { postId: id, reviewStatus: 'pending' as const };
}

export async function listReported(ctx: RequestContext, query: { limit: number; cursor?: string | undefined }) {
  const viewer = await viewerOf(ctx);
  const posts = ctx.repo(feedPostRepository);
  const page = await posts.pendingPage(viewer, query);
  const [views, reports] = await Promise.all([
    postViews(ctx, viewer, page.items),
    posts.reportsOf(page.items.map((p) => p.id)),
  ]);
  const people = await posts.people(reports.map((r) => r.reportedBy));
  return {
    items: views.map((post) => ({
      ...post,
      reports: reports
        .filter((r) => r.postId === post.id)
        .map((r) => ({
          reporter: people.get(r.reportedBy) ?? unknownPerson(r.reportedBy),
          reason: r.reason,
          createdAt: r.createdAt,
        })),
    })),
    nextCursor: page.nextCursor,
  };
}

/** A reviewer keeps or removes a reported post, never one they wrote or are about; final. Its reporters hear. */
export async function reviewPost(ctx: RequestContext, id: number, decision: FeedReviewDecision) {
  const viewer = await viewerOf(ctx);
  const posts = ctx.repo(feedPostRepository);
  const row = await posts.existing(viewer, id);
  if (!row) throw errors.notFound('feedPostNotFound');
  if (row.reviewStatus === 'none') throw errors.coded(409, 'FEED_POST_NOT_REPORTED');
  if (row.reviewStatus !== 'pending') throw errors.coded(409, 'FEED_POST_REVIEWED');
  const subjects = (await posts.details([row])).subjects.get(row.id) ?? [];
  if (row.authorId === viewer.employeeId || subjects.includes(viewer.employeeId))
    throw errors.coded(403, 'FEED_REVIEW_CONFLICT');
  if (!(await decideReport(ctx, row, decision, viewer.employeeId))) throw errors.coded(409, 'FEED_POST_REVIEWED');
  return { postId: id, reviewStatus: decision };
}
