/**
 * Personal feedback: giving it, reading it, reacting to it (issue #12, docs/feedback.md). The shapes are
 * structural; the rules across fields (not oneself, the comment limit, the deviation rule) are in
 * shared/feedback.ts so the renderer runs them early and the server always.
 */
import { z } from 'zod';
import {
  CHARACTER_LIMIT_RANGE,
  FEEDBACK_PAGE_SIZE,
  FLAG_STATUSES,
  MAX_RECIPIENTS,
  NOT_RATED,
  RATING_MAX,
  REACTION_EMOJIS,
} from '../feedback.js';
import { ATTACHMENT_KINDS } from '../attachments.js';
import { bodyIdSchema, idSchema, listQuerySchema, listResponseSchema } from './common.js';
import { begunUploadSchema, uploadDeclarationFields } from './storage.js';
import { isoDateSchema, multiLineText } from '../validation.js';

/** The most a comment may hold whatever the tenant's characterLimit says (settings bound it to 5000). */
export const COMMENT_HARD_MAX = CHARACTER_LIMIT_RANGE.max;

const personSchema = z.object({ id: z.number().int(), name: z.string() });
export type FeedbackPerson = z.infer<typeof personSchema>;

/** A rating as given: on an attribute (its category follows) or on a category itself; 0 = not rated. */
export const ratingInputSchema = z.union([
  z.strictObject({ attributeId: bodyIdSchema, rating: z.number().int().min(NOT_RATED).max(RATING_MAX) }),
  z.strictObject({ categoryId: bodyIdSchema, rating: z.number().int().min(NOT_RATED).max(RATING_MAX) }),
]);
export type RatingInput = z.infer<typeof ratingInputSchema>;

export const giveFeedbackBodySchema = z.strictObject({
  receiverIds: z.array(bodyIdSchema).max(MAX_RECIPIENTS),
  ratings: z.array(ratingInputSchema).max(50),
  comment: multiLineText(COMMENT_HARD_MAX).optional(),
  /** Attachments uploaded beforehand and not yet attached (docs/storage.md). */
  attachmentIds: z.array(bodyIdSchema).max(20).optional(),
  /** The request this answers: the giver must be one of the people asked, still pending. */
  requestId: bodyIdSchema.optional(),
  /** Share it on the news feed (names, comment, categories; never the ratings). Private when left out. */
  shareOnFeed: z.boolean().optional(),
});
export type GiveFeedbackBody = z.infer<typeof giveFeedbackBodySchema>;

/** An edit names what changes; recipients and ratings are replaced as wholes and diffed on the server. */
export const updateFeedbackBodySchema = giveFeedbackBodySchema
  .omit({ requestId: true, shareOnFeed: true })
  .partial()
  .refine((b) => Object.keys(b).length > 0, { message: 'Name at least one field to change' });
export type UpdateFeedbackBody = z.infer<typeof updateFeedbackBodySchema>;

export const givenGroupSchema = z.object({ groupId: z.number().int(), feedbackIds: z.array(z.number().int()) });

export const ratingSchema = z.object({
  categoryId: z.number().int(),
  categoryName: z.string(),
  color: z.string(),
  attributeId: z.number().int().nullable(),
  attributeName: z.string().nullable(),
  rating: z.number().int(),
});
export type FeedbackRating = z.infer<typeof ratingSchema>;

export const reactionSchema = z.object({
  emoji: z.string(),
  count: z.number().int(),
  /** Whether the caller is among them. */
  mine: z.boolean(),
  /** Who reacted, for the hover text. */
  names: z.array(z.string()),
});
export type FeedbackReaction = z.infer<typeof reactionSchema>;

export const attachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(ATTACHMENT_KINDS),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  /** A short-lived signed link to the file (docs/storage.md); null while its upload is not confirmed. */
  url: z.string().nullable(),
  /** An image's small version, else null. */
  thumbnailUrl: z.string().nullable(),
});
export type FeedbackAttachment = z.infer<typeof attachmentSchema>;

/** A file about to be uploaded for feedback: its kind, name, size and type (rules: shared/attachments.ts). */
export const beginAttachmentBodySchema = z.strictObject({ kind: z.enum(ATTACHMENT_KINDS), ...uploadDeclarationFields });
export const begunAttachmentSchema = begunUploadSchema;

export const feedbackItemSchema = z
  .object({
    id: z.number().int(),
    groupId: z.number().int(),
    giver: personSchema,
    receiver: personSchema,
    /** Everyone the group went to when the caller gave it (to edit it); only the receiver otherwise. */
    recipients: z.array(personSchema),
    comment: z.string().nullable(),
    /** The rated average, null when nothing was rated; `rating` is it rounded (0 when none). */
    average: z.number().nullable(),
    rating: z.number().int(),
    ratings: z.array(ratingSchema),
    createdAt: z.string(),
    /** Whether the receiver has opened it. */
    seen: z.boolean(),
    /** Shown to the giver while a flag hides it; 'none' for everyone else. */
    flagStatus: z.enum(FLAG_STATUSES),
    reactions: z.array(reactionSchema),
    attachments: z.array(attachmentSchema),
  })
  .meta({ id: 'Feedback' });
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;

export const FEEDBACK_DIRECTIONS = ['received', 'given'] as const;
export type FeedbackDirection = (typeof FEEDBACK_DIRECTIONS)[number];

/**
 * A list: received by or given by one employee (default the caller), one team's or one function's active
 * members (`teamId`, `functionId`: the Overview's subjects, same rules), or the members of the caller's
 * teams (`team=true`, My team), at most one of them; filtered by stars, category, date range (tenant-local days), text, the
 * other side (givenBy on received, givenTo on given). Always within who may read what.
 */
export const feedbackListQuerySchema = listQuerySchema({
  orderKeys: ['createdAt'],
  defaultOrderKey: 'createdAt',
  defaultOrderDir: 'desc',
  pageSizes: [FEEDBACK_PAGE_SIZE],
  defaultPageSize: FEEDBACK_PAGE_SIZE,
  extra: {
    direction: z.enum(FEEDBACK_DIRECTIONS),
    employeeId: idSchema.optional(),
    teamId: idSchema.optional(),
    functionId: idSchema.optional(),
    team: z.stringbool().optional(),
    rating: z.coerce.number().int().min(1).max(RATING_MAX).optional(),
    categoryId: idSchema.optional(),
    attributeId: idSchema.optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    givenBy: idSchema.optional(),
    givenTo: idSchema.optional(),
  },
});
export type FeedbackListQuery = z.output<typeof feedbackListQuerySchema>;

export const feedbackListResponseSchema = listResponseSchema(feedbackItemSchema);

/** What the give form offers: active categories with their active attributes, and the tenant's limits. */
export const givingOptionsSchema = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      description: z.string().nullable(),
      color: z.string(),
      attributes: z.array(z.object({ id: z.number().int(), name: z.string(), description: z.string().nullable() })),
    }),
  ),
  characterLimit: z.number().int(),
  ratingDeviation: z.number(),
});
export type GivingOptions = z.infer<typeof givingOptionsSchema>;

export const recentAveragesQuerySchema = z.strictObject({
  receiverIds: z
    .string()
    .regex(/^[1-9][0-9]{0,9}(,[1-9][0-9]{0,9}){0,19}$/, 'A comma-separated list of up to 20 ids')
    .transform((s) => s.split(',').map(Number)),
});
export const recentAveragesSchema = z.object({
  items: z.array(z.object({ receiverId: z.number().int(), average: z.number().nullable() })),
});

export const markSeenBodySchema = z.strictObject({ feedbackIds: z.array(bodyIdSchema).min(1).max(100) });
export const unseenCountSchema = z.object({ unseen: z.number().int() });

export const reactionParamsSchema = z.strictObject({ id: idSchema, emoji: z.enum(REACTION_EMOJIS) });
export const reactionsResponseSchema = z.object({ reactions: z.array(reactionSchema) });

/**
 * Colleagues to give feedback to or ask: active, not oneself, matching a search (a part of the name, or
 * the whole e-mail address: a part of an address matches nothing, so no search spells an address out).
 */
export const colleaguesQuerySchema = z.strictObject({
  searchText: z
    .string()
    .trim()
    .max(100)
    .optional()
    .describe('A part of the name, or the whole e-mail address (a part of an address matches nothing)'),
  /** Just this colleague (a suggestion naming whom to give feedback to). */
  id: idSchema.optional(),
});
/**
 * What a picker needs and nothing more (docs/security.md "Colleagues"): anyone who gives feedback may see
 * who works in the company, so id, name, picture path and team names; never the e-mail address, roles,
 * status or any other field (the answer is checked against this schema on the way out).
 */
export const colleagueSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable().describe('The picture path (GET /api/employees/{id}/image), or null'),
    teams: z.array(z.string()).describe('Names of the teams the colleague belongs to'),
  })
  .meta({ id: 'Colleague' });
export const colleaguesSchema = z.object({ items: z.array(colleagueSchema) });
export type Colleague = z.infer<typeof colleaguesSchema>['items'][number];
