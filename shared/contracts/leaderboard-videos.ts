/**
 * Leaderboard videos (docs/recognition.md "Leaderboard videos"): the video as readers and administrators
 * see it, the leaderboard's list (pages of 5, newest first, by hashtag, category or attribute, or one video
 * opened from a link), the administrators' table, uploads by file (the details in the query, the bytes as
 * the body) or by address, the review and the active switch, likes and comments (pages of 10). The rules
 * of the details are shared/leaderboard-videos.ts's, run by the server, which names each field; the shapes
 * here are structural.
 */
import { z } from 'zod';
import {
  MAX_VIDEO_HASHTAGS,
  VIDEO_COMMENT_PAGE_SIZE,
  VIDEO_DECISIONS,
  VIDEO_PAGE_SIZE,
  VIDEO_SOURCES,
  VIDEO_STATUSES,
  VIDEO_URL_MAX,
} from '../leaderboard-videos.js';
import { FEED_TEXT_HARD_MAX } from '../feed.js';
import { lineText } from '../validation.js';
import { bodyIdSchema, cursorListQuerySchema, listQuerySchema, listResponseSchema, optionalIdQuery } from './common.js';
import { feedCommentSchema, feedVideoSchema, likeSummarySchema } from './feed.js';
import { personRefSchema } from './feedback-requests.js';

const namedSchema = z.object({ id: z.number().int(), name: z.string() });

export const leaderboardVideoSchema = z
  .object({
    ...feedVideoSchema.shape,
    hashtags: z.array(z.string()).describe('Lower case, without #'),
    uploadedBy: personRefSchema.nullable().describe('null once their account is gone'),
    createdAt: z.string(),
    videoStatus: z.enum(VIDEO_STATUSES),
    isActive: z.boolean(),
    source: z.enum(VIDEO_SOURCES),
    category: namedSchema.nullable().describe('The feedback category whose leaderboard shows it'),
    attribute: namedSchema.nullable().describe('The feedback attribute whose leaderboard shows it'),
    size: z.number().int().describe('Bytes; the duration and frame size are as the server read them from the file'),
    postId: z.number().int().nullable().describe('Its news-feed post, once approved'),
    ...likeSummarySchema.shape,
    commentCount: z.number().int().min(0),
  })
  .meta({ id: 'LeaderboardVideo' });
export type LeaderboardVideo = z.infer<typeof leaderboardVideoSchema>;

const hashtagQuery = lineText(60).optional().describe('Only videos with this hashtag (with or without #)');

export const videoListQuerySchema = listQuerySchema({
  orderKeys: ['createdAt'],
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  pageSizes: [VIDEO_PAGE_SIZE],
  defaultPageSize: VIDEO_PAGE_SIZE,
  searchable: false,
  extra: {
    hashtag: hashtagQuery,
    categoryId: optionalIdQuery.describe('The Category view: videos tagged with this category'),
    attributeId: optionalIdQuery.describe('The Attribute view: videos tagged with this attribute'),
  },
});
export type VideoListQuery = z.infer<typeof videoListQuerySchema>;
export const videoListSchema = listResponseSchema(leaderboardVideoSchema).meta({ id: 'LeaderboardVideoPage' });

export const managedVideoListQuerySchema = listQuerySchema({
  orderKeys: ['createdAt', 'title'],
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  extra: {
    videoStatus: z.enum(VIDEO_STATUSES).optional(),
    hashtag: hashtagQuery,
  },
});
export type ManagedVideoListQuery = z.infer<typeof managedVideoListQuerySchema>;

const hashtagsInput = z
  .array(z.string().max(60))
  .max(MAX_VIDEO_HASHTAGS * 2)
  .describe('At most 10, letters, digits and underscores, with or without #');

/** The details every upload carries; in the query string for a file upload, in the body for an address. */
const detailsShape = {
  title: lineText(FEED_TEXT_HARD_MAX).nullable().optional().describe('Required, at most 120 characters'),
  categoryId: bodyIdSchema.nullable().optional(),
  attributeId: bodyIdSchema.nullable().optional(),
};

export const videoFileQuerySchema = z.strictObject({
  ...detailsShape,
  categoryId: optionalIdQuery,
  attributeId: optionalIdQuery,
  hashtags: z
    .string()
    .max(MAX_VIDEO_HASHTAGS * 62)
    .optional()
    .describe('Comma-separated, at most 10')
    .transform((text) => (text ? text.split(',').filter((t) => t.trim() !== '') : [])),
});
export type VideoFileQuery = z.infer<typeof videoFileQuerySchema>;

export const videoUrlBodySchema = z.strictObject({
  ...detailsShape,
  hashtags: hashtagsInput.optional(),
  url: z.string().max(VIDEO_URL_MAX).nullable().optional().describe('http or https; the server downloads it'),
});
export type VideoUrlBody = z.infer<typeof videoUrlBodySchema>;

export const videoReviewBodySchema = z.strictObject({
  videoStatus: z.enum(VIDEO_DECISIONS).describe('approved: shown and posted on the feed; rejected: hidden'),
});
export const videoActiveBodySchema = z.strictObject({ isActive: z.boolean() });

export const videoCommentListQuerySchema = cursorListQuerySchema({ defaultLimit: VIDEO_COMMENT_PAGE_SIZE });
export const videoCommentListSchema = z
  .object({ items: z.array(feedCommentSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'LeaderboardVideoCommentPage' });
