/**
 * The news feed (issue #13, docs/recognition.md "News feed"): the kinds of post, the like types, the review
 * of reported posts, the limits, and the pure rules of commenting, announcing and reporting, which the
 * server always runs and the renderer checks early. Field messages are the English texts of the
 * `validation` namespace, so the server answers them translated. Isomorphic.
 */
import { validation as V } from './i18n/en/validation.js';

/**
 * What a post is about: feedback its giver shared, a badge someone received (given or by an approved
 * request), an announcement, or a leaderboard video an administrator approved. The tenant's `feedTypes`
 * setting names the same values.
 */
export const FEED_POST_KINDS = ['feedback', 'badge', 'announcement', 'leaderboard-video'] as const;
export type FeedPostKind = (typeof FEED_POST_KINDS)[number];

/** The fixed set of reactions, in the order the picker shows them; stored by key, translated in `feed`. */
export const LIKE_TYPES = ['like', 'celebrate', 'love', 'insightful', 'support'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];
export const LIKE_EMOJI = {
  like: '👍',
  celebrate: '🎉',
  love: '❤️',
  insightful: '💡',
  support: '🙌',
} as const satisfies Record<LikeType, string>;

export const isLikeType = (value: unknown): value is LikeType =>
  typeof value === 'string' && (LIKE_TYPES as readonly string[]).includes(value);

/**
 * A reported post's review: `none` until someone reports it; `pending` hides it from everyone but its
 * author and the reviewers; a reviewer then keeps it (shown again, and no longer reportable) or removes it
 * (hidden from everyone for good). Both decisions are final.
 */
export const FEED_REVIEW_STATUSES = ['none', 'pending', 'kept', 'removed'] as const;
export type FeedReviewStatus = (typeof FEED_REVIEW_STATUSES)[number];
export const FEED_REVIEW_DECISIONS = ['kept', 'removed'] as const satisfies readonly FeedReviewStatus[];
export type FeedReviewDecision = (typeof FEED_REVIEW_DECISIONS)[number];

/** Statuses under which readers see a post; `pending` only its author and the reviewers do. */
export const SHOWN_REVIEW_STATUSES = ['none', 'kept'] as const satisfies readonly FeedReviewStatus[];

/** Posts per page of the feed, comments per page of a post (the spec's 10), likes per page of the list. */
export const FEED_PAGE_SIZE = 10;
export const FEED_COMMENT_PAGE_SIZE = 10;
export const FEED_LIKE_PAGE_SIZE = 20;
/** The newest comments each post of the feed carries, so a post shows the conversation without a click. */
export const LATEST_COMMENTS = 2;

export const FEED_COMMENT_MAX = 500;
export const ANNOUNCEMENT_MAX = 2000;
export const REPORT_REASON_MAX = 500;
/** What the contracts accept at all: the rules below say the real limits with a translated message. */
export const FEED_TEXT_HARD_MAX = 5000;

export type FeedIssue = { field: string; message: string };

/** A required text within `max` characters (counted as the reader sees them, after trimming). */
function checkText(field: string, text: string | null | undefined, max: number, required = V.required): FeedIssue[] {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return [{ field, message: required }];
  if ([...trimmed].length > max) return [{ field, message: V.maxLength.replace('{{max}}', String(max)) }];
  return [];
}

/** A comment: plain text, required, at most FEED_COMMENT_MAX characters. */
export const checkComment = (draft: { comment?: string | null | undefined }): FeedIssue[] =>
  checkText('comment', draft.comment, FEED_COMMENT_MAX);

/** An announcement: required, at most ANNOUNCEMENT_MAX characters. */
export const checkAnnouncement = (draft: { text?: string | null | undefined }): FeedIssue[] =>
  checkText('text', draft.text, ANNOUNCEMENT_MAX);

/** Reporting a post to the reviewers: a reason, at most REPORT_REASON_MAX characters. */
export const checkReport = (draft: { reason?: string | null | undefined }): FeedIssue[] =>
  checkText('reason', draft.reason, REPORT_REASON_MAX, V.feedReportReason);
