/**
 * The news feed (docs/recognition.md "News feed"): posts (shared feedback, badges received, announcements)
 * read a cursor page at a time, likes of a fixed set of types, comments in pages of 10, reports to the
 * reviewers and their decision. Texts are checked by shared/feed.ts's rules on the server, which names each
 * field; the shapes here are structural.
 */
import { z } from 'zod';
import { GIVEN_BADGE_SOURCES } from '../badges.js';
import {
  FEED_COMMENT_PAGE_SIZE,
  FEED_LIKE_PAGE_SIZE,
  FEED_PAGE_SIZE,
  FEED_POST_KINDS,
  FEED_REVIEW_DECISIONS,
  FEED_REVIEW_STATUSES,
  FEED_TEXT_HARD_MAX,
  LIKE_TYPES,
} from '../feed.js';
import { validation as V } from '../i18n/en/validation.js';
import { multiLineText } from '../validation.js';
import { imageSchema } from './badges.js';
import { cursorListQuerySchema, cursorListResponseSchema, optionalIdQuery } from './common.js';
import { personRefSchema } from './feedback-requests.js';

const likeTypeSchema = z.enum(LIKE_TYPES, { error: V.feedLikeType });

/** A post's likes as its readers see them: the total, the count of each type used, and the caller's. */
export const likeSummarySchema = z
  .object({
    likeCount: z.number().int().min(0),
    likeTypes: z
      .array(z.object({ type: likeTypeSchema, count: z.number().int().min(1) }))
      .describe('The types used on the post, most used first'),
    currentUserLike: z
      .object({ type: likeTypeSchema })
      .nullable()
      .describe('The caller’s like; null when they have not liked the post'),
  })
  .meta({ id: 'FeedLikeSummary' });
export type LikeSummary = z.infer<typeof likeSummarySchema>;

export const feedCommentSchema = z
  .object({
    id: z.number().int(),
    postId: z.number().int(),
    author: personRefSchema,
    comment: z.string(),
    createdAt: z.string(),
    canDelete: z.boolean().describe('The caller wrote it'),
  })
  .meta({ id: 'FeedComment' });
export type FeedComment = z.infer<typeof feedCommentSchema>;

export const feedTopicSchema = z.object({
  categoryName: z.string(),
  color: z.string(),
  attributeName: z.string().nullable(),
});

/** A leaderboard video as its post shows it; the post's likes and comments are the video's. */
export const feedVideoSchema = z
  .object({
    id: z.number().int(),
    title: z.string(),
    hashtags: z.array(z.string()),
    videoUrl: z.string().describe('A signed link, valid one hour, that answers range requests'),
    preview: z.string().nullable(),
    contentType: z.string(),
    durationSeconds: z.number(),
    width: z.number().int(),
    height: z.number().int(),
  })
  .meta({ id: 'FeedVideo' });
export type FeedVideo = z.infer<typeof feedVideoSchema>;

export const feedPostSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(FEED_POST_KINDS),
    createdAt: z.string(),
    author: personRefSchema
      .nullable()
      .describe('Who gave the feedback or the badge, or made the announcement; null once their account is gone'),
    subjects: z
      .array(personRefSchema)
      .describe('Whom it is about: the feedback’s receivers, the badge’s holder; none for an announcement'),
    text: z.string().nullable().describe('The feedback’s or the badge’s comment, or the announcement'),
    badge: z
      .object({ id: z.number().int(), name: z.string(), image: imageSchema.nullable() })
      .nullable()
      .describe('The badge received, on a badge post'),
    badgeSource: z.enum(GIVEN_BADGE_SOURCES).nullable(),
    video: feedVideoSchema.nullable().describe('The approved leaderboard video, on a video post'),
    topics: z
      .array(feedTopicSchema)
      .describe('The categories and attributes a shared feedback was about; never its ratings'),
    ...likeSummarySchema.shape,
    commentCount: z.number().int().min(0),
    latestComments: z.array(feedCommentSchema).describe('The newest comments, newest first'),
    reviewStatus: z
      .enum(FEED_REVIEW_STATUSES)
      .describe('pending: reported and hidden from everyone but its author and the reviewers'),
    canRemove: z
      .boolean()
      .describe('The caller wrote it or is one of the people it is about, and it is not a leaderboard video’s post'),
    canReport: z.boolean(),
    canReview: z.boolean(),
  })
  .meta({ id: 'FeedPost' });
export type FeedPost = z.infer<typeof feedPostSchema>;

export const feedListQuerySchema = cursorListQuerySchema({
  defaultLimit: FEED_PAGE_SIZE,
  extra: { employeeId: optionalIdQuery.describe('Only posts by or about this person: their own feed') },
});
export const feedListSchema = cursorListResponseSchema(feedPostSchema).meta({ id: 'FeedPage' });

export const commentListQuerySchema = cursorListQuerySchema({ defaultLimit: FEED_COMMENT_PAGE_SIZE });
export const commentListSchema = cursorListResponseSchema(feedCommentSchema).meta({ id: 'FeedCommentPage' });

export const likeListQuerySchema = cursorListQuerySchema({
  defaultLimit: FEED_LIKE_PAGE_SIZE,
  extra: { type: likeTypeSchema.optional().describe('Only likes of this type') },
});
export const feedLikeSchema = z
  .object({ employee: personRefSchema, type: likeTypeSchema, createdAt: z.string() })
  .meta({ id: 'FeedLike' });
export const likeListSchema = cursorListResponseSchema(feedLikeSchema).meta({ id: 'FeedLikePage' });

export const likeBodySchema = z.strictObject({ type: likeTypeSchema });

export const commentBodySchema = z.strictObject({
  comment: multiLineText(FEED_TEXT_HARD_MAX).nullable().optional().describe('Plain text, at most 500 characters'),
});
export type CommentBody = z.infer<typeof commentBodySchema>;

export const announcementBodySchema = z.strictObject({
  text: multiLineText(FEED_TEXT_HARD_MAX).nullable().optional().describe('At most 2000 characters'),
});

export const reportBodySchema = z.strictObject({
  reason: multiLineText(FEED_TEXT_HARD_MAX).nullable().optional().describe('At most 500 characters'),
});

export const reviewBodySchema = z.strictObject({
  decision: z.enum(FEED_REVIEW_DECISIONS).describe('kept: shown again for good; removed: hidden for good'),
});

export const reviewResultSchema = z
  .object({ postId: z.number().int(), reviewStatus: z.enum(FEED_REVIEW_STATUSES) })
  .meta({ id: 'FeedReviewResult' });

export const reportedPostSchema = feedPostSchema
  .extend({
    reports: z.array(z.object({ reporter: personRefSchema, reason: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'ReportedFeedPost' });
export const reportedListQuerySchema = cursorListQuerySchema({ defaultLimit: FEED_PAGE_SIZE });
export const reportedListSchema = cursorListResponseSchema(reportedPostSchema).meta({ id: 'ReportedFeedPage' });
