/**
 * What the news feed tells whom (docs/notifications.md "What notifies whom"): a new like or a comment
 * reaches the post's author and the people it is about (a shared feedback's receivers, a badge's holder),
 * each with their own line ("your post", "a post about you"); a review reaches the people who reported the
 * post. Never the actor (the writer leaves them out). Each write runs in the transaction of the like, the
 * comment or the review, so the notification lands and rolls back with it. The feed's routes and the
 * leaderboard videos' (whose likes and comments are their post's) both come through here.
 */
import type { FeedReviewDecision, LikeType } from '../../../../shared/feed.js';
import type { NotificationType } from '../../../../shared/notifications.js';
import type { TenantBound } from '../../http/context.js';
import { notificationWriter } from '../notifications/writer.js';
import { feedEngagementRepository, type CommentRow } from './engagement-repository.js';
import { feedPostRepository, type PostRow } from './posts-repository.js';

const TYPES = {
  reaction: { own: 'feed-reaction', about: 'feed-reaction-about-you' },
  comment: { own: 'feed-comment', about: 'feed-comment-about-you' },
} as const satisfies Record<string, { own: NotificationType; about: NotificationType }>;

/** Where a post's notification opens: a video's post on the leaderboard (shown whatever the feed shows). */
const linkOf = (row: PostRow) =>
  row.leaderboardVideoId === null ? `/feed/${row.id}` : `/leaderboard?video=${row.leaderboardVideoId}`;

async function tellAudience(tx: TenantBound, row: PostRow, what: keyof typeof TYPES, actorId: number) {
  const about = (await tx.repo(feedPostRepository).details([row])).subjects.get(row.id) ?? [];
  const writer = tx.repo(notificationWriter);
  const base = { actorId, params: {}, link: linkOf(row) };
  if (row.authorId !== null) await writer.notify({ ...base, type: TYPES[what].own, recipientIds: [row.authorId] });
  await writer.notify({ ...base, type: TYPES[what].about, recipientIds: about.filter((id) => id !== row.authorId) });
}

/** Likes a post the caller may read; only a new like is news (changing its type is not). */
export async function react(ctx: TenantBound, row: PostRow, employeeId: number, type: LikeType): Promise<void> {
  await ctx.transaction(async (tx) => {
    if (await tx.repo(feedEngagementRepository).like(row.id, employeeId, type))
      await tellAudience(tx, row, 'reaction', employeeId);
  });
}

/** Comments on a post the caller may read (the comment already checked). */
export function comment(ctx: TenantBound, row: PostRow, employeeId: number, text: string): Promise<CommentRow> {
  return ctx.transaction(async (tx) => {
    const added = await tx.repo(feedEngagementRepository).addComment(row.id, employeeId, text);
    await tellAudience(tx, row, 'comment', employeeId);
    return added;
  });
}

/** Decides a reported post and tells its reporters; false when another reviewer decided first. */
export function decideReport(
  ctx: TenantBound,
  row: PostRow,
  decision: FeedReviewDecision,
  reviewerId: number,
): Promise<boolean> {
  return ctx.transaction(async (tx) => {
    const posts = tx.repo(feedPostRepository);
    if (!(await posts.decide(row.id, decision, reviewerId))) return false;
    const reporters = (await posts.reportsOf([row.id])).map((r) => r.reportedBy);
    await tx.repo(notificationWriter).notify({
      type: decision === 'kept' ? 'feed-report-kept' : 'feed-report-removed',
      recipientIds: reporters,
      actorId: reviewerId,
      params: {},
      // A removed post is gone for everyone: nothing to open.
      link: decision === 'kept' ? linkOf(row) : null,
    });
    return true;
  });
}
